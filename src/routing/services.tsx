import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { SessionService } from '../auth/session-service.ts';

/**
 * What navigation needs from the session layer: the auth layer's own actions (src/auth), so the guards
 * and the switcher select entities and check terms exactly as sign-in does. Tests pass fakes.
 */
export type NavigationServices = Pick<
  SessionService,
  'selectEntity' | 'listEntities' | 'checkTerms' | 'signOut'
>;

const ServicesContext = createContext<NavigationServices | null>(null);

export function NavigationServicesProvider({
  services,
  children,
}: {
  services: NavigationServices;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useNavigationServices(): NavigationServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useNavigationServices must be used inside <PortalRouter>');
  return services;
}
