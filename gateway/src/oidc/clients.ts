// The provider's two clients; the manifest's identity.collaborator.clientId and
// identity.customer.singleSignOn.clientId name them.
export const COLLABORATOR_CLIENT_ID = 'portal';
/** Customers' single sign-on. */
export const CUSTOMER_CLIENT_ID = 'portal-customers';
