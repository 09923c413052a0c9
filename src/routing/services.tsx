import { createContext, useContext, useRef } from 'react';
import type { RefObject } from 'react';
import type { ReactNode } from 'react';
import type { SessionService } from '../auth/session-service.ts';

/**
 * What navigation needs from the session layer: the auth layer's own actions (src/auth), so the guards
 * and the switcher select entities and check terms exactly as sign-in does. Tests pass fakes.
 */
export type NavigationServices = Pick<
  SessionService,
  'selectEntity' | 'listEntities' | 'checkTerms' | 'signOut' | 'retryBootstrap'
> &
  Partial<Pick<SessionService, 'prefetchEntityPage'>>;

const ServicesContext = createContext<NavigationServices | null>(null);

/**
 * The entity the switcher is moving to, while it loads it. The entity guard waits meanwhile instead of
 * re-selecting the entity of the URL it is about to leave.
 */
const SwitchingEntityContext = createContext<RefObject<number | null> | null>(null);

export function NavigationServicesProvider({
  services,
  children,
}: {
  services: NavigationServices;
  children: ReactNode;
}) {
  const switching = useRef<number | null>(null);
  return (
    <ServicesContext.Provider value={services}>
      <SwitchingEntityContext.Provider value={switching}>{children}</SwitchingEntityContext.Provider>
    </ServicesContext.Provider>
  );
}

export function useSwitchingEntity(): RefObject<number | null> {
  const switching = useContext(SwitchingEntityContext);
  if (switching === null) throw new Error('useSwitchingEntity must be used inside <PortalRouter>');
  return switching;
}

export function useNavigationServices(): NavigationServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useNavigationServices must be used inside <PortalRouter>');
  return services;
}
