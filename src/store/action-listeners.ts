import type { Middleware, PayloadActionCreator } from '@reduxjs/toolkit';

type Effect = (payload: unknown) => void;

/**
 * The store's reactions to actions, run synchronously right after the reducers. A dozen lines instead
 * of RTK's listener middleware (about 2 KiB gz on the first pages), for the one reaction the engine
 * needs: the 401 of SPEC 4. A failing effect is reported, never thrown into the dispatch.
 */
export function createActionListeners(onError: (error: unknown) => void) {
  const effects = new Map<string, Set<Effect>>();
  const middleware: Middleware = () => (next) => (action) => {
    const result = next(action);
    const type = (action as { type?: unknown }).type;
    const registered = typeof type === 'string' ? effects.get(type) : undefined;
    for (const effect of registered ?? []) {
      try {
        effect((action as { payload?: unknown }).payload);
      } catch (error) {
        onError(error);
      }
    }
    return result;
  };
  /** Runs `effect` after each `actionCreator` action; answers the function that stops it. */
  function startListening<P>(options: {
    actionCreator: PayloadActionCreator<P>;
    effect: (payload: P) => void;
  }): () => void {
    const set = effects.get(options.actionCreator.type) ?? new Set<Effect>();
    effects.set(options.actionCreator.type, set);
    const effect = options.effect as Effect;
    set.add(effect);
    return () => {
      set.delete(effect);
    };
  }
  return { middleware, startListening };
}
