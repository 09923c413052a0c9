// The files a person opens and downloads from a list: the buttons of a document's row, what the browser
// does with them, and the first bytes of what arrives.
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Presses a button that starts a download, and answers that download. */
export async function downloadFrom(button: Locator): Promise<Download> {
  const [download] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  return download;
}

/** "Open in the browser" on the row of `name`: a new tab shows the file itself (a blob), then closes. */
export async function expectOpensInBrowser(page: Page, name: string): Promise<void> {
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Ouvrir ${name} dans le navigateur` }).click(),
  ]);
  await expect(tab).toHaveURL(/^blob:/);
  await tab.close();
}

/** The download of the row of `name`: a PDF (its first bytes say so) under `filename`. */
export async function expectPdfDownload(page: Page, name: string, filename: string): Promise<void> {
  const file = await downloadFrom(page.getByRole('button', { name: `Télécharger ${name}` }));
  expect(file.suggestedFilename()).toBe(filename);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
}
