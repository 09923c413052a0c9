import manifest from '../../portal.config.json';
import { createPortal } from './create-portal.tsx';
import { plugins } from './plugins.ts';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createPortal(manifest, plugins, { env: import.meta.env }).then(
  (app) => {
    app.mount(container);
  },
  (error: unknown) => {
    // Before React runs there is no translated UI: show the developer-facing reason plainly.
    const pre = document.createElement('pre');
    pre.setAttribute('role', 'alert');
    pre.textContent = error instanceof Error ? error.message : String(error);
    container.replaceChildren(pre);
    console.error(error);
  },
);
