import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ManifestProblem } from '@portal/plugin-api/studio';
import type { StudioMessage } from './studio-state.ts';
import { useT } from './translation.ts';
import { problemText } from './problem-text.ts';

export type PublishTabProps = {
  /** The changes since the published version, already in words. */
  changes: readonly string[];
  problems: readonly ManifestProblem[];
  /** False while the version the changes start from is unknown. */
  canPublish: boolean;
  comment: string;
  onComment: (comment: string) => void;
  onPublish: () => void;
  onSaveDraft: () => void;
  publishing: boolean;
  saving: boolean;
  message: StudioMessage | null;
  /** The list of versions, under the message. */
  versions: ReactNode;
};

/** The studio's publication tab: the diff, what blocks publishing, the comment, and the versions. */
export function PublishTab(props: PublishTabProps) {
  const { changes, problems, message } = props;
  const { t } = useT();
  return (
    <Stack>
      <Title order={3}>{t('diff.title')}</Title>
      {changes.length === 0 ? (
        <Text>{t('diff.none')}</Text>
      ) : (
        <ul aria-label={t('diff.title')}>
          {changes.map((change, index) => (
            <li key={index}>{change}</li>
          ))}
        </ul>
      )}
      {problems.length === 0 ? null : (
        <Alert color="red" title={t('validation.problems', { count: problems.length })}>
          <ul>
            {problems.map((problem) => (
              <li key={`${problem.pointer} ${problem.message}`}>
                {t('list.problem', { pointer: problem.pointer, message: problemText(problem, t) })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <TextInput
        label={t('publish.comment')}
        value={props.comment}
        onChange={(event) => props.onComment(event.currentTarget.value)}
        maxLength={500}
      />
      <Group>
        <Button
          onClick={props.onPublish}
          loading={props.publishing}
          disabled={changes.length === 0 || problems.length > 0 || !props.canPublish}
        >
          {t('publish.action')}
        </Button>
        <Button
          variant="default"
          loading={props.saving}
          disabled={!props.canPublish}
          onClick={props.onSaveDraft}
        >
          {t('draft.save')}
        </Button>
      </Group>
      {message === null ? null : (
        <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
      <Title order={3}>{t('versions.title')}</Title>
      {props.versions}
    </Stack>
  );
}
