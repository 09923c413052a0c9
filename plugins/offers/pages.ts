// The offers pages, reached through this one small module: the entry then lists the preload
// dependencies of one chunk instead of every page's (each page needs some thirty shared chunks), which
// keeps the login page and the entity home within their budget. The cost is one more small request the
// first time an offers page opens.
export const catalog = () => import('./catalog-page.tsx');
export const modRequests = () => import('./mod-requests-page.tsx');
export const subscriptions = () => import('./subscriptions-page.tsx');
export const entityOffers = () => import('./entity-offers-page.tsx');
