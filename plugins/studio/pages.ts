// One small module between the plugin entry and the page, like the other plugins' pages.ts: the entry
// then lists the preload dependencies of one chunk only.
export const editor = () => import('./studio-page.tsx');
