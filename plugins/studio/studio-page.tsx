import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  describeChange,
  diffManifests,
  itemsOf,
  listKeyId,
  listsOf,
  listTitle,
  useManifestLabel,
  useStudioSetup,
  validateManifest,
} from '@portal/plugin-api/studio';
import type { ListItem, StudioCondition, StudioConfig, StudioTranslate } from '@portal/plugin-api/studio';
import { PageTitle } from '@portal/ui';
import { ConditionEditor } from './condition-editor.tsx';
import { addWidget, moveItem, removeWidget, setItemWhen, setWidgetSize } from './model.ts';
import { OrderedList } from './ordered-list.tsx';
import { PreviewPanel } from './preview-panel.tsx';
import {
  publishedSince,
  useManifestDraftQuery,
  useManifestVersionQuery,
  useManifestVersionsQuery,
  usePublishManifestMutation,
  usePublishManifestVersionMutation,
  useSaveManifestDraftMutation,
} from './studio-api.ts';
import { useT } from './translation.ts';

/** The studio: lists to reorder, rules to edit, a preview as a persona, the diff, publication and versions. */
export default function StudioPage() {
  const { t, language } = useT();
  const label = useManifestLabel();
  const { config: running, known, flags } = useStudioSetup();
  const draftQuery = useManifestDraftQuery();
  const versions = useManifestVersionsQuery();
  // The published version as the gateway has it now (this page load may run on an older one): what a
  // change starts from, what the diff compares with, and the base a publication names (item 17).
  const latestId = versions.data?.items.find((version) => version.published)?.id;
  const latestQuery = useManifestVersionQuery(latestId ?? 0, { skip: latestId === undefined });
  // While a newer one loads, the one before it (its id and manifest go together either way).
  const latestData = latestQuery.data;
  const latest = useMemo(
    () =>
      latestData === undefined
        ? undefined
        : { id: latestData.version.id, manifest: latestData.manifest as unknown as StudioConfig },
    [latestData],
  );
  const loadFailed = versions.isError || latestQuery.isError;
  const published = latest?.manifest ?? running;
  const [saveDraft, saving] = useSaveManifestDraftMutation();
  const [publish, publishing] = usePublishManifestMutation();
  const [republish] = usePublishManifestVersionMutation();
  // This session's changes and the version they were made from (null: unknown, so not publishable).
  const [work, setWork] = useState<{ base: number | null; manifest: StudioConfig } | null>(null);
  // The saved draft is set aside once published or replaced by the latest version.
  const [draftSetAside, setDraftSetAside] = useState(false);
  // A publication the gateway refused because another version was published since its base.
  const [conflict, setConflict] = useState<{ since: number; base: number | null } | null>(null);
  const [listIndex, setListIndex] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [json, setJson] = useState<string | null>(null);
  const [widgetToAdd, setWidgetToAdd] = useState<string | null>(null);
  // Rules hidden in this session, so showing an item again gives it back its rule.
  const [hiddenRules] = useState(() => new Map<string, StudioCondition | undefined>());

  // Until this session edits, the author's saved draft (if any), else the latest published version.
  const savedDraft = draftSetAside ? undefined : draftQuery.data;
  const saved = useMemo(
    () =>
      savedDraft?.manifest === undefined || savedDraft.manifest === null
        ? undefined
        : { manifest: savedDraft.manifest as unknown as StudioConfig, base: savedDraft.baseVersion },
    [savedDraft],
  );
  const current = work?.manifest ?? saved?.manifest ?? published;
  const base = work !== null ? work.base : saved !== undefined ? saved.base : (latest?.id ?? null);
  // A saved draft made from a version since replaced would undo it: said before any publication.
  const shownConflict =
    conflict ??
    (work === null && saved !== undefined && latest !== undefined && saved.base !== latest.id
      ? { since: latest.id, base: saved.base }
      : null);
  // Nothing published (a store emptied by hand) leaves nothing to start from: shown, not publishable.
  const nothingPublished = versions.isSuccess && latestId === undefined;
  const ready = (latest !== undefined || loadFailed || nothingPublished) && !draftQuery.isLoading;
  const lists = listsOf(current);
  const key = lists[listIndex] ?? lists[0] ?? { kind: 'sidebar' };
  const items = itemsOf(current, key);
  const validation = useMemo(() => validateManifest(current, known), [current, known]);
  const problems = validation.ok ? [] : validation.problems;
  const changes = useMemo(() => diffManifests(published, current), [published, current]);
  // The engine's list titles and diff words take keys built at run time (lists.*, diff.*).
  const words = t as unknown as StudioTranslate;
  const nameOf = (item: ListItem) => (item.isWidget ? item.label : label(item.label));
  const edit = (next: StudioConfig) => {
    setWork({ base, manifest: next });
    setMessage(null);
  };
  const reloadLatest = () => {
    setWork(null);
    setDraftSetAside(true);
    setConflict(null);
    setMessage(null);
    void versions.refetch();
  };
  const selectedItem = selected === null ? undefined : items[selected];

  const onPublish = async () => {
    if (base === null) return;
    const answer = await publish({ manifest: current, comment, baseVersion: base });
    if ('error' in answer) {
      const since = publishedSince(answer.error);
      if (since !== undefined) setConflict({ since, base });
      setMessage(since === undefined ? { ok: false, text: t('publish.failed') } : null);
      return;
    }
    setMessage({ ok: true, text: t('publish.done', { version: answer.data.id }) });
    setComment('');
    // The gateway consumed the draft; this page's manifest is now the published one.
    setDraftSetAside(true);
    setWork({ base: answer.data.id, manifest: current });
  };

  if (!ready)
    return (
      <Stack>
        <PageTitle>{t('title')}</PageTitle>
        <Text>{t('intro')}</Text>
        <Group role="status" gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>{t('versions.loading')}</Text>
        </Group>
      </Stack>
    );

  return (
    <Stack>
      <PageTitle>{t('title')}</PageTitle>
      <Text>{t('intro')}</Text>
      {loadFailed ? <Alert color="red">{t('versions.failed')}</Alert> : null}
      {shownConflict === null ? null : (
        <Alert color="orange" role="alert" title={t('conflict.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {shownConflict.base === null
                ? t('conflict.unknownBase', { version: shownConflict.since })
                : t('conflict.text', { version: shownConflict.since, base: shownConflict.base })}
            </Text>
            <Button size="xs" onClick={reloadLatest}>
              {t('conflict.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Tabs defaultValue="lists" keepMounted={false}>
        <Tabs.List aria-label={t('sections')}>
          <Tabs.Tab value="lists">{t('tabs.lists')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('tabs.preview')}</Tabs.Tab>
          <Tabs.Tab value="publish">{t('tabs.publish', { count: changes.length })}</Tabs.Tab>
          <Tabs.Tab value="json">{t('tabs.json')}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="lists" pt="md">
          <Stack>
            <Select
              label={t('lists.choose')}
              allowDeselect={false}
              data={lists.map((candidate, index) => ({
                value: String(index),
                label: listTitle(words, candidate, current),
              }))}
              value={String(listIndex)}
              onChange={(value) => {
                setListIndex(Number(value ?? 0));
                setSelected(null);
              }}
              w={360}
            />
            <OrderedList
              title={listTitle(words, key, current)}
              items={items}
              nameOf={nameOf}
              selected={selected}
              problems={problems}
              sizesOf={(item) => (item.isWidget ? known.widgets.get(item.label)?.sizes : undefined)}
              onMove={(from, to) => {
                edit(moveItem(current, key, from, to));
                setSelected(null);
              }}
              onVisible={(position, visible) => {
                const item = items[position];
                if (item === undefined) return;
                const id = `${listKeyId(key)}/${item.key}`;
                if (!visible) hiddenRules.set(id, item.when);
                edit(setItemWhen(current, key, position, visible ? hiddenRules.get(id) : false));
              }}
              onSelect={setSelected}
              onSize={(position, size) => {
                if (key.kind === 'widgets') edit(setWidgetSize(current, key.set, position, size));
              }}
              onRemove={
                key.kind === 'widgets'
                  ? (position) => {
                      edit(removeWidget(current, key.set, position));
                    }
                  : undefined
              }
              footer={
                key.kind === 'widgets' ? (
                  <Group align="flex-end">
                    <Select
                      label={t('lists.addWidget')}
                      data={[...known.widgets.keys()]}
                      value={widgetToAdd}
                      onChange={setWidgetToAdd}
                      searchable
                      w={300}
                    />
                    <Button
                      disabled={widgetToAdd === null}
                      onClick={() => {
                        const size = known.widgets.get(widgetToAdd ?? '')?.sizes[0] ?? 2;
                        if (widgetToAdd !== null && (size === 1 || size === 2 || size === 3 || size === 4))
                          edit(addWidget(current, key.set, widgetToAdd, size));
                      }}
                    >
                      {t('lists.add')}
                    </Button>
                  </Group>
                ) : null
              }
            />
            {selectedItem === undefined || selected === null ? null : (
              <Paper withBorder p="sm">
                <Title order={3}>{t('condition.title', { name: nameOf(selectedItem) })}</Title>
                <Group my="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      edit(setItemWhen(current, key, selected, undefined));
                    }}
                  >
                    {t('condition.none')}
                  </Button>
                </Group>
                <ConditionEditor
                  value={selectedItem.when ?? true}
                  config={current}
                  path={t('condition.root')}
                  onChange={(when) => {
                    edit(setItemWhen(current, key, selected, when));
                  }}
                />
              </Paper>
            )}
            <Text role="status" c={problems.length === 0 ? 'dark' : 'red.9'} fw={600}>
              {problems.length === 0
                ? t('validation.ok')
                : t('validation.problems', { count: problems.length })}
            </Text>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="preview" pt="md">
          <PreviewPanel draft={current} published={published} listKey={key} flags={flags} />
        </Tabs.Panel>

        <Tabs.Panel value="publish" pt="md">
          <Stack>
            <Title order={3}>{t('diff.title')}</Title>
            {changes.length === 0 ? (
              <Text>{t('diff.none')}</Text>
            ) : (
              <ul aria-label={t('diff.title')}>
                {changes.map((change, index) => (
                  <li key={index}>{describeChange(words, change, current, label)}</li>
                ))}
              </ul>
            )}
            {problems.length === 0 ? null : (
              <Alert color="red" title={t('validation.problems', { count: problems.length })}>
                <ul>
                  {problems.map((problem) => (
                    <li key={`${problem.pointer} ${problem.message}`}>
                      {t('list.problem', { pointer: problem.pointer, message: problem.message })}
                    </li>
                  ))}
                </ul>
              </Alert>
            )}
            <TextInput
              label={t('publish.comment')}
              value={comment}
              onChange={(event) => {
                setComment(event.currentTarget.value);
              }}
              maxLength={500}
            />
            <Group>
              <Button
                onClick={() => void onPublish()}
                loading={publishing.isLoading}
                disabled={changes.length === 0 || problems.length > 0 || base === null}
              >
                {t('publish.action')}
              </Button>
              <Button
                variant="default"
                loading={saving.isLoading}
                disabled={base === null}
                onClick={() =>
                  void saveDraft({ manifest: current, baseVersion: base ?? 0 }).then((answer) => {
                    setMessage(
                      'error' in answer
                        ? { ok: false, text: t('draft.failed') }
                        : { ok: true, text: t('draft.saved') },
                    );
                  })
                }
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
            <Table aria-label={t('versions.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('versions.id')}</Table.Th>
                  <Table.Th>{t('versions.author')}</Table.Th>
                  <Table.Th>{t('versions.date')}</Table.Th>
                  <Table.Th>{t('versions.comment')}</Table.Th>
                  <Table.Th>{t('versions.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(versions.data?.items ?? []).map((version) => (
                  <Table.Tr key={version.id}>
                    <Table.Td>{version.id}</Table.Td>
                    <Table.Td>{version.author}</Table.Td>
                    <Table.Td>
                      {new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(
                        new Date(version.createdAt),
                      )}
                    </Table.Td>
                    <Table.Td>{version.comment}</Table.Td>
                    <Table.Td>
                      {version.published ? (
                        t('versions.published')
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          disabled={latestId === undefined}
                          onClick={() =>
                            // Made from the published version this list shows: 409 if it changed since.
                            void republish({ id: version.id, baseVersion: latestId ?? 0 }).then((answer) => {
                              const since = 'error' in answer ? publishedSince(answer.error) : undefined;
                              setMessage(
                                !('error' in answer)
                                  ? { ok: true, text: t('versions.restored', { version: version.id }) }
                                  : since === undefined
                                    ? { ok: false, text: t('publish.failed') }
                                    : { ok: false, text: t('versions.stale', { version: since }) },
                              );
                            })
                          }
                        >
                          {t('versions.restore', { version: version.id })}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="json" pt="md">
          <Stack>
            <Text>{t('json.intro')}</Text>
            <Textarea
              label={t('json.label')}
              autosize
              minRows={10}
              maxRows={30}
              styles={{ input: { fontFamily: 'monospace' } }}
              value={json ?? JSON.stringify(current, null, 2)}
              onChange={(event) => {
                setJson(event.currentTarget.value);
              }}
            />
            <Group>
              <Button
                onClick={() => {
                  try {
                    const parsed: unknown = JSON.parse(json ?? JSON.stringify(current));
                    const result = validateManifest(parsed, known);
                    // Only a manifest that passes replaces the draft; the problems say what to fix.
                    if (result.ok) {
                      edit(result.config);
                      setJson(null);
                    } else {
                      setMessage({
                        ok: false,
                        text: result.problems
                          .slice(0, 5)
                          .map((problem) =>
                            t('list.problem', { pointer: problem.pointer, message: problem.message }),
                          )
                          .join('\n'),
                      });
                    }
                  } catch {
                    setMessage({ ok: false, text: t('json.notJson') });
                  }
                }}
              >
                {t('json.apply')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
