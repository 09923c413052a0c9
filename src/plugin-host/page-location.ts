import { createContext, useContext } from 'react';
import type { AnchorHTMLAttributes, FunctionComponent, Ref } from 'react';

/** A place in the portal: a path, or a path and its query (`search` with its leading '?'). */
export type PageTo = string | { pathname: string; search?: string };

export type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: PageTo;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * The address bar as a page sees it: its query, a move elsewhere, a link. The portal gives react-router's
 * (src/routing/router-page-location.tsx); the light sign-in app gives one over the History API, so the
 * login page does not bring the router with it.
 */
export type PageLocation = {
  searchParams: URLSearchParams;
  setSearchParams: (next: URLSearchParams, options?: { replace?: boolean }) => void;
  navigate: (to: PageTo, options?: { replace?: boolean }) => void;
  Link: FunctionComponent<PageLinkProps>;
};

export const PageLocationContext = createContext<PageLocation | null>(null);

/**
 * The current address's query, navigation and links, for the pages that the sign-in app also shows.
 *
 * @example
 * const { searchParams, navigate, Link } = usePageLocation();
 */
export function usePageLocation(): PageLocation {
  const location = useContext(PageLocationContext);
  if (location === null)
    throw new Error('usePageLocation must be used inside the portal router or the sign-in app');
  return location;
}
