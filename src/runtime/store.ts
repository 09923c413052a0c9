import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { gatewayApi } from '../api/gateway-api.ts';
import { sessionSlice } from './session-slice.ts';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  [gatewayApi.reducerPath]: gatewayApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** One store per mounted portal (and per test). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    ...(preloadedState === undefined ? {} : { preloadedState }),
    middleware: (getDefault) => getDefault().concat(gatewayApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
