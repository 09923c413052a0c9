// The screenshots' masks (markVarying) hide what varies from run to run and nothing else: not the seed's
// dated figures, and not a word that merely contains a relative-time word ("fichiers" holds "hier").
import { expect, test } from '@playwright/test';
import { markVarying, VARIES } from './screen-checks';

test('masks times of day and relative times, not dates, amounts or the interface around them', async ({
  page,
}) => {
  const lines = {
    varying: ['09:30', '9 h 30', 'hier', 'il y a 3 jours', 'à l’instant'],
    // Dates and amounts come from the demo seed's fixed day: the same on every run, guarded.
    steady: [
      '02/11/2026',
      '12 nov. 2026',
      'novembre 2026',
      '128 173,57 €',
      '+5,2 %',
      'Déposez des fichiers ici, ou choisissez-les.',
      'Choisir des fichiers',
      'Télécharger la sélection en ZIP (3 fichiers)',
      'Choisissez le dossier, le titre et la période, puis joignez le fichier.',
      'Comment être prévenu de chaque événement',
      'Afficher le tableau',
    ],
  };
  await page.setContent(
    [...lines.varying, ...lines.steady]
      .map((line, index) => `<p id="l${String(index)}">${line}</p>`)
      .join(''),
  );
  await page.evaluate(() => {
    // A fiscal year end: a day in words that stays the same from run to run.
    document.body.insertAdjacentHTML('beforeend', '<dd data-fixed-date>31 décembre</dd>');
  });
  await markVarying(page);
  const masked = await page.locator(VARIES).allTextContents();
  expect(masked).toEqual(lines.varying);
});
