import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/runtime.tsx';

/** Placeholder until the manifest router lands (issue 5): shows the default title. */
export function PortalRouter() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  return <h1>{t(config.app.defaultTitle as 'title.default')}</h1>;
}
