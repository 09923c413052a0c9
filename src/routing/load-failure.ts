// Why a page's code could not be loaded, from the error the browser gave and what we know of the
// connection and of newer builds. No React: the page-failure UI and the tests share it.

/** offline: no connection; newVersion: a newer build replaced the file; failed: anything else. */
export type LoadFailureKind = 'offline' | 'newVersion' | 'failed';

// Chromium, Firefox and Safari word a failed dynamic import differently; Vite adds its preload errors.
const CODE_LOAD_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /failed to load module script/i,
];

/** Whether `error` is the browser failing to fetch a chunk of code (not the page throwing). */
export function isCodeLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CODE_LOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * What to tell the person about a page that could not be shown: offline first (nothing else can be
 * known then), a newer build when the code is gone after a deploy, otherwise a plain failure.
 */
export function classifyLoadFailure(
  error: unknown,
  facts: { online: boolean; newerVersion: boolean },
): LoadFailureKind {
  if (!facts.online) return 'offline';
  if (isCodeLoadError(error) && facts.newerVersion) return 'newVersion';
  return 'failed';
}
