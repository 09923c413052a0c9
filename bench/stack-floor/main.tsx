// The stack floor of bench:bundle: the libraries DESIGN.md asks for (react-router's data router with a lazy
// route, an RTK store with an RTK Query api and its hooks, react-redux, i18next with react-i18next, Mantine's
// provider and one button), each used the way the entity home uses them, around one heading. What the
// entity home weighs above it is the engine's own: the manifest, the strings, the shell, the guards, the
// session and the widgets.
import { Button, MantineProvider } from '@mantine/core';
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  matchRoutes,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';

const session = createSlice({
  name: 'session',
  initialState: { entityId: 0 },
  reducers: {
    selected: (state, action: { payload: number }) => {
      state.entityId = action.payload;
    },
  },
});
const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/' }),
  endpoints: (build) => ({
    summary: build.query<{ name: string }, number>({ query: (id) => `summary/${String(id)}` }),
  }),
});
const store = configureStore({
  reducer: { session: session.reducer, [api.reducerPath]: api.reducer },
  middleware: (defaults) => defaults().concat(api.middleware),
});
void i18next
  .use(initReactI18next)
  .init({ lng: 'fr-FR', resources: { 'fr-FR': { common: { title: { default: 'floor' } } } } });

function Page() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const { entityId = '0' } = useParams();
  const matches = useMatches();
  const [search] = useSearchParams();
  const error = useRouteError();
  const summary = api.useSummaryQuery(Number(entityId));
  const matched = matchRoutes([{ path: '/:entityId' }], location.pathname)?.length ?? 0;
  return (
    <main data-state={[matches.length, matched, search.size, String(error), summary.data?.name].join()}>
      <h1>{t('title.default')}</h1>
      <Button onClick={() => store.dispatch(session.actions.selected(Number(entityId)))}>{entityId}</Button>
      <Link to="/1">1</Link>
      <button type="button" onClick={() => void navigate('/2')}>
        2
      </button>
      <Outlet />
    </main>
  );
}

const router = createBrowserRouter([
  {
    path: '/',
    element: <Page />,
    errorElement: <Page />,
    children: [{ path: ':entityId', lazy: () => Promise.resolve({ Component: () => <Navigate to="/" /> }) }],
  },
]);

const container = document.getElementById('root');
if (container !== null)
  createRoot(container).render(
    <Provider store={store}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
