import { Alert } from '@mantine/core';

/** The outcome of the last action, said politely to screen readers. */
export function Notice({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (message === null) return null;
  return (
    <Alert color="teal" variant="light" role="status" withCloseButton onClose={onClose}>
      {message}
    </Alert>
  );
}
