import { Button, ScrollArea, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { formatNumber } from '@portal/ui';
import { knownRole } from './people-api.ts';
import type { WalletCollaborator } from './people-api.ts';
import { useT } from './translation.ts';

/** Up to this many folders read as one line; more collapse to a count and the first few names. */
const INLINE = 5;
const FIRST = 3;

/**
 * A collaborator's folders in the collaborators list. A firm's staff may follow thousands of folders: the
 * row then says how many, names the first few, and shows the whole list on request in a scrolling box,
 * so one row never makes the page thousands of pixels tall.
 */
export function CollaboratorFolders({ folders }: { folders: WalletCollaborator['folders'] }) {
  const { t, language } = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const nameOf = (folder: WalletCollaborator['folders'][number]) => {
    const role = knownRole(folder.role);
    return role === null ? folder.name : `${folder.name} (${t(`collaborators.roles.${role}`)})`;
  };
  if (folders.length <= INLINE) return <Text size="sm">{folders.map(nameOf).join(', ')}</Text>;
  const total = formatNumber(folders.length, language);
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm" fw={500}>
        {t('collaborators.folderCount', { count: folders.length, total })}
      </Text>
      {open ? (
        <ScrollArea.Autosize mah={240} type="auto" w="100%">
          <Text id={listId} component="ul" size="sm" m={0} pl="md">
            {folders.map((folder, index) => (
              <li key={index}>{nameOf(folder)}</li>
            ))}
          </Text>
        </ScrollArea.Autosize>
      ) : (
        <Text size="sm">
          {t('collaborators.firstFolders', { names: folders.slice(0, FIRST).map(nameOf).join(', ') })}
        </Text>
      )}
      <Button
        size="xs"
        variant="subtle"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen(!open)}
      >
        {open ? t('collaborators.hideFolders') : t('collaborators.showFolders', { total })}
      </Button>
    </Stack>
  );
}
