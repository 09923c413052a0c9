// The people pages, reached through this one small module: the entry then lists the preload dependencies
// of one chunk instead of every page's, which keeps the first pages within their budget.
export const entityUsers = () => import('./entity-users-page.tsx');
export const entityCollaborators = () => import('./entity-collaborators-page.tsx');
export const delegations = () => import('./delegations-page.tsx');
export const walletUsers = () => import('./wallet-users-page.tsx');
export const walletCollaborators = () => import('./wallet-collaborators-page.tsx');
export const accountAdministration = () => import('./account-administration-page.tsx');
