import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { gatewayApi } from '../api/gateway-api.ts';
import { logger as sharedLogger } from '../logging/logger.ts';
import type { GatewayExtra } from '../api/base-query.ts';
import { createActionListeners } from './action-listeners.ts';
import { sessionSlice } from './session-slice.ts';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  [gatewayApi.reducerPath]: gatewayApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What thunks, listeners and the base query receive as `extra`: the store's gateway client. */
type StoreExtra = GatewayExtra;

type StoreOptions = {
  /** The gateway client this store's calls go through (absent: every call fails, saying so). */
  extra?: StoreExtra;
  preloadedState?: Partial<RootState>;
};

/**
 * One store per mounted portal (and per test), with its own gateway client as `extra` and a listener
 * middleware: `store.startListening` registers what reacts to actions (the 401 of SPEC 4).
 */
export function makeStore(options: StoreOptions = {}) {
  // A failing listener is logged, never thrown into the dispatch that triggered it.
  const listeners = createActionListeners((error) => {
    (options.extra?.gateway.config.logger ?? sharedLogger).error('A store listener failed', error);
  });
  const store = configureStore({
    reducer: rootReducer,
    ...(options.preloadedState === undefined ? {} : { preloadedState: options.preloadedState }),
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: options.extra } })
        .prepend(listeners.middleware)
        .concat(gatewayApi.middleware),
  });
  return Object.assign(store, { startListening: listeners.startListening });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
