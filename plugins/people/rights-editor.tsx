import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { failureOf, useSaveRightsMutation } from './people-api.ts';
import type { EntityUser } from './people-api.ts';
import { RightsSwitches } from './rights-switches.tsx';
import { Dialog, FailureAlert } from './dialog.tsx';
import { useT } from './translation.ts';

type RightsTarget = { accountId: number; user: EntityUser };

type Outcome = 'lastAdmin' | 'forbidden' | 'failed' | null;

type RightsEditorProps = {
  target: RightsTarget;
  /** The caller's codes on that entity and whether they may change signatory status there. */
  canChange: (code: string) => boolean;
  canChangeSignatory: boolean;
  /** A save was refused as stale: the parent reloads the list and remounts this editor on the new version. */
  stale: boolean;
  onStale: () => void;
  onClose: () => void;
  onSaved: (name: string) => void;
};

/**
 * A user's rights on one entity, saved with the version they were read at: when someone else saved in
 * between, the gateway answers 409, the list reloads and the editor starts again from the fresh rights
 * (its parent remounts it on the new version) with the message kept, so no write is lost silently.
 */
export function RightsEditor(props: RightsEditorProps) {
  const { target, canChange, canChangeSignatory, stale, onStale, onClose, onSaved } = props;
  const { t } = useT();
  const { user, accountId } = target;
  const name = `${user.firstName} ${user.lastName}`;
  const [codes, setCodes] = useState<ReadonlySet<string>>(() => new Set(user.permissions));
  const [signatory, setSignatory] = useState(user.isSignatory);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [save, saving] = useSaveRightsMutation();

  const submit = async () => {
    setOutcome(null);
    // The parent's stale notice stays until this save; a successful one closes the editor.
    const result = await save({
      accountId,
      userId: user.userId,
      body: { permissions: [...codes], isSignatory: signatory, version: user.version },
    });
    if (!('error' in result)) {
      onSaved(name);
      return;
    }
    const { status, code } = failureOf(result.error);
    if (code === 'last_admin_right') setOutcome('lastAdmin');
    else if (status === 409) onStale();
    else if (status === 403) setOutcome('forbidden');
    else setOutcome('failed');
  };

  return (
    <Dialog opened onClose={onClose} title={t('rights.title', { name })}>
      <Stack gap="md">
        {stale ? (
          <Alert color="orange" variant="light" role="alert" title={t('rights.staleTitle')}>
            {t('rights.stale')}
          </Alert>
        ) : null}
        <FailureAlert message={outcome === null ? null : t(`rights.${outcome}`)} />
        <Switch
          label={t('rights.signatory')}
          checked={signatory}
          onChange={(event) => setSignatory(event.currentTarget.checked)}
          disabled={!canChangeSignatory}
        />
        <RightsSwitches selected={codes} onChange={setCodes} canChange={canChange} />
        <Text size="xs" c="dimmed" aria-hidden="true">
          {user.email}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving.isLoading}>
            {t('rights.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={saving.isLoading}>
            {t('rights.save')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
