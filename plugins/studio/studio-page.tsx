import { Alert, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { Suspense, lazy, useMemo, useReducer, useState } from 'react';
import {
  describeChange,
  diffManifests,
  useManifestLabel,
  useStudioSetup,
  validateManifest,
} from '@portal/plugin-api/studio';
import type { ListItem, StudioCondition, StudioConfig, StudioTranslate } from '@portal/plugin-api/studio';
import { PageHeader, QueryError } from '@portal/ui';
import { JsonTab } from './json-tab.tsx';
import { ListsTab } from './lists-tab.tsx';
import { chosenList } from './model.ts';
import { PreviewPanel } from './preview-panel.tsx';
import { PublishTab } from './publish-tab.tsx';
import {
  publishedSince,
  useManifestDraftQuery,
  useManifestVersionQuery,
  useManifestVersionsQuery,
  usePublishManifestMutation,
  useSaveManifestDraftMutation,
} from './studio-api.ts';
import { initialStudioState, studioReducer } from './studio-state.ts';
import type { StudioState } from './studio-state.ts';
import { useT } from './translation.ts';
import { VersionsTable } from './versions-table.tsx';

// Its own chunk: only an author who opens the tab needs it.
const BrandingTab = lazy(() => import('./branding-tab.tsx'));

/**
 * The manifests the studio starts from: the published version as the gateway has it now (this page load
 * may run on an older one: what a change starts from, what the diff compares with, and the base a
 * publication names, item 17) and the author's saved draft.
 */
function useStudioManifests(draftSetAside: boolean) {
  const { config: running } = useStudioSetup();
  const draftQuery = useManifestDraftQuery();
  const versions = useManifestVersionsQuery();
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
  // The saved draft is set aside once published or replaced by the latest version.
  const savedDraft = draftSetAside ? undefined : draftQuery.data;
  const saved = useMemo(
    () =>
      savedDraft?.manifest === undefined || savedDraft.manifest === null
        ? undefined
        : { manifest: savedDraft.manifest as unknown as StudioConfig, base: savedDraft.baseVersion },
    [savedDraft],
  );
  const loadFailed = versions.isError || latestQuery.isError;
  // Nothing published (a store emptied by hand) leaves nothing to start from: shown, not publishable.
  const nothingPublished = versions.isSuccess && latestId === undefined;
  const ready = (latest !== undefined || loadFailed || nothingPublished) && !draftQuery.isLoading;
  const published = latest?.manifest ?? running;
  return { versions, latestId, latest, saved, loadFailed, ready, published };
}

/** Where this session stands: the manifest shown, the version it starts from, and a conflict to say. */
function currentOf(
  { work, conflict }: Pick<StudioState, 'work' | 'conflict'>,
  { saved, latest, published }: Pick<ReturnType<typeof useStudioManifests>, 'saved' | 'latest' | 'published'>,
) {
  // Until this session edits, the author's saved draft (if any), else the latest published version.
  const current = work?.manifest ?? saved?.manifest ?? published;
  const base = work !== null ? work.base : saved !== undefined ? saved.base : (latest?.id ?? null);
  // A saved draft made from a version since replaced would undo it: said before any publication.
  const shownConflict =
    conflict ??
    (work === null && saved !== undefined && latest !== undefined && saved.base !== latest.id
      ? { since: latest.id, base: saved.base }
      : null);
  return { current, base, shownConflict };
}

/** The studio: lists to reorder, rules to edit, a preview as a persona, the diff, publication and versions. */
export default function StudioPage() {
  const { t } = useT();
  const label = useManifestLabel();
  const { known, flags } = useStudioSetup();
  const [state, dispatch] = useReducer(studioReducer, initialStudioState);
  const manifests = useStudioManifests(state.draftSetAside);
  const { versions, latestId, published, saved, latest } = manifests;
  const { work, conflict } = state;
  const { current, base, shownConflict } = useMemo(
    () => currentOf({ work, conflict }, { saved, latest, published }),
    [work, conflict, saved, latest, published],
  );
  const [saveDraft, saving] = useSaveManifestDraftMutation();
  const [publish, publishing] = usePublishManifestMutation();
  // Rules hidden in this session, so showing an item again gives it back its rule.
  const [hiddenRules] = useState(() => new Map<string, StudioCondition | undefined>());

  const { key } = chosenList(current, state.listIndex);
  const validation = useMemo(() => validateManifest(current, known), [current, known]);
  const problems = validation.ok ? [] : validation.problems;
  const changes = useMemo(() => diffManifests(published, current), [published, current]);
  // The engine's diff words take keys built at run time (diff.*).
  const words = t as unknown as StudioTranslate;
  const nameOf = (item: ListItem) => (item.isWidget ? item.label : label(item.label));
  const edit = (next: StudioConfig) => dispatch({ type: 'edited', base, manifest: next });
  const tell = (message: StudioState['message']) => dispatch({ type: 'told', message });
  const reloadLatest = () => {
    dispatch({ type: 'latestReloaded' });
    void versions.refetch();
  };

  const onPublish = async () => {
    if (base === null) return;
    const answer = await publish({ manifest: current, comment: state.comment, baseVersion: base });
    if ('error' in answer) {
      const since = publishedSince(answer.error);
      dispatch({
        type: 'publishRefused',
        conflict: since === undefined ? null : { since, base },
        message: since === undefined ? { ok: false, text: t('publish.failed') } : null,
      });
      return;
    }
    const message = { ok: true, text: t('publish.done', { version: answer.data.id }) };
    dispatch({ type: 'published', version: answer.data.id, manifest: current, message });
  };
  const onSaveDraft = () =>
    void saveDraft({ manifest: current, baseVersion: base ?? 0 }).then((answer) =>
      tell('error' in answer ? { ok: false, text: t('draft.failed') } : { ok: true, text: t('draft.saved') }),
    );

  if (!manifests.ready)
    return (
      <Stack>
        <PageHeader title={t('title')} description={t('intro')} />
        <Group role="status" gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>{t('versions.loading')}</Text>
        </Group>
      </Stack>
    );

  return (
    <Stack>
      <PageHeader title={t('title')} description={t('intro')} />
      {manifests.loadFailed ? (
        <QueryError
          title={t('versions.failed')}
          retryLabel={t('versions.retry')}
          onRetry={() => void versions.refetch()}
        />
      ) : null}
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
          <Tabs.Tab value="branding">{t('tabs.branding')}</Tabs.Tab>
          <Tabs.Tab value="preview">{t('tabs.preview')}</Tabs.Tab>
          <Tabs.Tab value="publish">{t('tabs.publish', { count: changes.length })}</Tabs.Tab>
          <Tabs.Tab value="json">{t('tabs.json')}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="lists" pt="md">
          <ListsTab
            draft={{ current, problems, known, edit, nameOf }}
            state={state}
            dispatch={dispatch}
            hiddenRules={hiddenRules}
          />
        </Tabs.Panel>

        <Tabs.Panel value="branding" pt="md">
          <Suspense fallback={null}>
            <BrandingTab current={current} problems={problems} onEdit={edit} />
          </Suspense>
        </Tabs.Panel>

        <Tabs.Panel value="preview" pt="md">
          <PreviewPanel draft={current} published={published} listKey={key} flags={flags} />
        </Tabs.Panel>

        <Tabs.Panel value="publish" pt="md">
          <PublishTab
            changes={changes.map((change) => describeChange(words, change, current, label))}
            problems={problems}
            canPublish={base !== null}
            comment={state.comment}
            onComment={(comment) => dispatch({ type: 'commented', comment })}
            onPublish={() => void onPublish()}
            onSaveDraft={onSaveDraft}
            publishing={publishing.isLoading}
            saving={saving.isLoading}
            message={state.message}
            versions={
              <VersionsTable versions={versions.data?.items ?? []} latestId={latestId} onMessage={tell} />
            }
          />
        </Tabs.Panel>

        <Tabs.Panel value="json" pt="md">
          <JsonTab
            current={current}
            json={state.json}
            known={known}
            onType={(json) => dispatch({ type: 'jsonTyped', json })}
            onApply={edit}
            onMessage={tell}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
