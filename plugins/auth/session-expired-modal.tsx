import { lazy, Suspense } from 'react';
import { useExpiredNotice, usePageLocation } from '@portal/plugin-api';

// Loaded only when a session has expired: most visits to the login page never need it.
const SessionExpiredDialog = lazy(() => import('./session-expired-dialog.tsx'));

/**
 * SPEC 4 'Session expiry': after an expiry (or when sent here with `sessionExpired=true`), the login page
 * opens with the modal 'Session expirée'. Closing it removes the notice and the query flag.
 */
export function SessionExpiredModal() {
  const { expired, dismiss } = useExpiredNotice();
  const { searchParams: params, setSearchParams: setParams } = usePageLocation();
  const fromQuery = params.get('sessionExpired') === 'true';
  if (!expired && !fromQuery) return null;
  const close = () => {
    dismiss();
    if (fromQuery) {
      const next = new URLSearchParams(params);
      next.delete('sessionExpired');
      setParams(next, { replace: true });
    }
  };
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog onClose={close} />
    </Suspense>
  );
}
