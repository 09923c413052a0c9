import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { EntitySummary } from '../api/types.ts';

/**
 * What navigation needs from the session layer. The composition root passes the real ones (src/auth);
 * tests pass fakes, so guards and the shell are tested without a network.
 */
export type NavigationServices = {
  /** Loads and selects an entity (permissions, summary, persisted id); rejects when it cannot. */
  selectEntity(entityId: number): Promise<void>;
  /** A page of the user's entities, optionally filtered by name or account number. */
  listEntities(args: { search?: string; pageSize: number }): Promise<readonly EntitySummary[]>;
  signOut(): Promise<void>;
  /**
   * SPEC 4 terms of use, for a customer without stored acceptance: 'current' (acceptance is then
   * stored) or 'required' with the terms to accept.
   */
  checkTerms(): Promise<{ state: 'current' } | { state: 'required'; termsId: number }>;
};

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
