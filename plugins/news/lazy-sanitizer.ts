import { useEffect, useState } from 'react';

/*
 * The news summaries' sanitiser (DOMPurify, sanitize.ts) in its own chunk, loaded when a feed brings a
 * summary to show: the home page draws without it, and an item's summary is never shown unsanitised
 * (the widget waits for it, like for the feed).
 */

export type Sanitize = (html: string) => string;

let pending: Promise<Sanitize> | undefined;
let ready: Sanitize | undefined;

function loadSanitizer(): Promise<Sanitize> {
  pending ??= import('./sanitize.ts').then(
    (module) => (ready = module.sanitizeNewsHtml),
    (error: unknown) => {
      // The next widget (or its retry) asks again instead of replaying the failure.
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

type SanitizerState = { sanitize: Sanitize | undefined; error: Error | undefined };

/**
 * The sanitiser once loaded, when `needed`; undefined meanwhile. A chunk that will not load is thrown to
 * the widget's error boundary (its retry loads it again).
 */
export function useNewsSanitizer(needed: boolean): Sanitize | undefined {
  const [state, setState] = useState<SanitizerState>(() => ({ sanitize: ready, error: undefined }));
  useEffect(() => {
    if (!needed || state.sanitize !== undefined) return;
    let live = true;
    loadSanitizer().then(
      (sanitize) => {
        if (live) setState({ sanitize, error: undefined });
      },
      (error: unknown) => {
        if (live)
          setState({
            sanitize: undefined,
            error: error instanceof Error ? error : new Error('The news sanitiser did not load'),
          });
      },
    );
    return () => {
      live = false;
    };
  }, [needed, state.sanitize]);
  if (state.error !== undefined) throw state.error;
  return state.sanitize;
}
