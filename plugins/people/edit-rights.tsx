import { useState } from 'react';
import { useAction, useSession } from '@portal/plugin-api';
import { RightsEditor } from './rights-editor.tsx';
import { useT } from './translation.ts';
import type { UserRow } from './user-table.tsx';

export type Editing = { accountId: number; userId: number } | null;

type EditRightsProps = {
  editing: Editing;
  /** The rows on screen: the editor always works on the freshest copy of the user. */
  rows: readonly UserRow[] | undefined;
  /** The caller's codes on that entity. */
  callerOn: (accountId: number) => { codes: readonly string[] };
  reload: () => void;
  onClose: () => void;
  /** Told what to say once the rights are saved; the editor has closed by then. */
  onMessage: (message: string) => void;
};

/** The rights editor of the user being edited, remounted on each new version of their rights. */
export function EditRights({ editing, rows, callerOn, reload, onClose, onMessage }: EditRightsProps) {
  const { t } = useT();
  const { isCollab } = useSession();
  const [stale, setStale] = useState(false);
  const caller = callerOn(editing?.accountId ?? 0);
  const canChangeSignatory = useAction('users.grantSignatory', { entityPermissions: caller.codes });
  if (editing === null) return null;
  const user = rows?.find(
    (row) => row.userId === editing.userId && (row.accountId ?? editing.accountId) === editing.accountId,
  );
  if (user?.userId == null) return null;
  const { userId } = user;
  const held = new Set(caller.codes);
  const close = () => {
    setStale(false);
    onClose();
  };
  return (
    <RightsEditor
      key={`${String(editing.accountId)}:${String(userId)}:${String(user.version)}`}
      target={{ accountId: editing.accountId, user: { ...user, userId } }}
      // A collaborator manages every customer code; a customer only the codes they hold there.
      canChange={(code) => isCollab || held.has(code)}
      canChangeSignatory={canChangeSignatory}
      stale={stale}
      onStale={() => {
        setStale(true);
        reload();
      }}
      onClose={close}
      onSaved={(name) => {
        setStale(false);
        onClose();
        onMessage(t('rights.saved', { name }));
      }}
    />
  );
}
