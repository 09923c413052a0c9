// The wallet's built pages, reached through this one small module: the entry then lists the preload
// dependencies of one chunk instead of every page's, which keeps the first pages within their budget.
// The cost is one more small request the first time a wallet page opens.
export const folders = () => import('./folders-page.tsx');
export const mandates = () => import('./mandates-page.tsx');
export const entities = () => import('./entities-page.tsx');
