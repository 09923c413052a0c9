import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { validateManifest } from '@portal/plugin-api/studio';
import type { KnownPlugins, StudioConfig } from '@portal/plugin-api/studio';
import type { StudioMessage } from './studio-state.ts';
import { useT } from './translation.ts';
import { problemText } from './problem-text.ts';

/** The studio's JSON tab: the whole manifest as text; only a manifest that passes replaces the draft. */
export function JsonTab({
  current,
  json,
  known,
  onType,
  onApply,
  onMessage,
}: {
  current: StudioConfig;
  /** The text as typed; null shows the current manifest. */
  json: string | null;
  known: KnownPlugins;
  onType: (json: string | null) => void;
  onApply: (config: StudioConfig) => void;
  onMessage: (message: StudioMessage) => void;
}) {
  const { t } = useT();
  const apply = () => {
    try {
      const parsed: unknown = JSON.parse(json ?? JSON.stringify(current));
      const result = validateManifest(parsed, known);
      // The problems say what to fix.
      if (result.ok) {
        onApply(result.config);
        onType(null);
      } else {
        onMessage({
          ok: false,
          text: result.problems
            .slice(0, 5)
            .map((problem) =>
              t('list.problem', { pointer: problem.pointer, message: problemText(problem, t) }),
            )
            .join('\n'),
        });
      }
    } catch {
      onMessage({ ok: false, text: t('json.notJson') });
    }
  };
  return (
    <Stack>
      <Text>{t('json.intro')}</Text>
      <Textarea
        label={t('json.label')}
        autosize
        minRows={10}
        maxRows={30}
        styles={{ input: { fontFamily: 'monospace' } }}
        value={json ?? JSON.stringify(current, null, 2)}
        onChange={(event) => onType(event.currentTarget.value)}
      />
      <Group>
        <Button onClick={apply}>{t('json.apply')}</Button>
      </Group>
    </Stack>
  );
}
