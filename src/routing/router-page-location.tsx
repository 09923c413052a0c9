import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLocationContext } from '../plugin-host/page-location.ts';
import type { PageLocation } from '../plugin-host/page-location.ts';

/** The page location of the portal: react-router's query, navigation and links. */
export function RouterPageLocation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const value = useMemo<PageLocation>(
    () => ({
      searchParams,
      setSearchParams: (next, options) => {
        setSearchParams(next, options);
      },
      navigate: (to, options) => {
        void navigate(to, options);
      },
      Link,
    }),
    [searchParams, setSearchParams, navigate],
  );
  return <PageLocationContext value={value}>{children}</PageLocationContext>;
}
