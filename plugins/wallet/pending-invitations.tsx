import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDay } from '@portal/ui';
import { useAnswerInvitationMutation, useMyInvitationsQuery } from './portfolio-api.ts';
import type { PendingInvitation } from './portfolio-api.ts';
import { useT } from './translation.ts';

type Outcome = { kind: 'accepted' | 'declined' | 'failed'; name: string } | null;

function InvitationCard({
  invitation,
  onAnswered,
}: {
  invitation: PendingInvitation;
  onAnswered: (outcome: Outcome) => void;
}) {
  const { t, language } = useT();
  const [answer, answering] = useAnswerInvitationMutation();
  const name = invitation.accountName;
  const reply = async (choice: 'accept' | 'decline') => {
    const result = await answer({ invitationId: invitation.invitationId, answer: choice });
    onAnswered({ kind: 'error' in result ? 'failed' : choice === 'accept' ? 'accepted' : 'declined', name });
  };
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {t('invitations.from', {
              name: invitation.invitedBy,
              until: formatDay(invitation.expiresAt.slice(0, 10), language),
            })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() => void reply('accept')}
            loading={answering.isLoading}
            aria-label={t('invitations.acceptFor', { name })}
          >
            {t('invitations.accept')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => void reply('decline')}
            disabled={answering.isLoading}
            aria-label={t('invitations.declineFor', { name })}
          >
            {t('invitations.decline')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The invitations to entities that wait for the person's answer: an existing customer joins an entity only
 * by accepting here (the invitation e-mail links to this page).
 */
export function PendingInvitations() {
  const { t } = useT();
  const invitations = useMyInvitationsQuery();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const items = invitations.data?.items ?? [];
  return (
    <>
      {outcome === null ? null : (
        <Alert
          color={outcome.kind === 'failed' ? 'red' : 'teal'}
          variant="light"
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel={t('close')}
          onClose={() => setOutcome(null)}
        >
          {t(`invitations.${outcome.kind}`, { name: outcome.name })}
        </Alert>
      )}
      {items.length === 0 ? null : (
        <Stack gap="sm" component="section" aria-labelledby="pending-invitations-title">
          <Title order={2} size="h4" id="pending-invitations-title">
            {t('invitations.title')}
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((invitation) => (
              <InvitationCard key={invitation.invitationId} invitation={invitation} onAnswered={setOutcome} />
            ))}
          </Stack>
        </Stack>
      )}
    </>
  );
}
