import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The gateway did not answer when the portal started with a stored session: the session is not over, so
 * no "session expired"; a retry resumes it. Part of the main chunk, so it shows with no chunk to load.
 */
export function ServiceUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md">
      <Alert color="orange" variant="light" title={t('shell.unavailableTitle')} role="alert" maw={520}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('shell.unavailableMessage')}</Text>
          <Button size="xs" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}
