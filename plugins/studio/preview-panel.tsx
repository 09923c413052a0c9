import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  buildConditionContext,
  chooseWidgetSet,
  itemsOf,
  previewSnapshot,
  resolveLanding,
  useManifestLabel,
  visibleOverviewTabs,
  visibleSidebarItems,
  visibleWalletTabs,
  whyHidden,
} from '@portal/plugin-api/studio';
import type { ConditionContext, ListKey, PreviewContext, StudioConfig } from '@portal/plugin-api/studio';
import { useStudioPersonasQuery } from './studio-api.ts';
import { useT } from './translation.ts';

type Navigation = {
  sidebar: string[];
  walletTabs: string[];
  overviewTabs: string[];
  landing: string;
  widgets: string;
};

function navigationOf(
  config: StudioConfig,
  context: ConditionContext,
  label: (key: string) => string,
): Navigation {
  const set = chooseWidgetSet(config, context);
  return {
    sidebar: visibleSidebarItems(config, context).map((item) => label(item.title)),
    walletTabs: visibleWalletTabs(config, context).map((tab) => label(tab.title)),
    overviewTabs: visibleOverviewTabs(config, context).map((tab) => label(tab.title)),
    landing: resolveLanding(config, context)?.to ?? '',
    widgets: set === undefined ? '' : `${set.id}: ${set.widgets.map((widget) => widget.widget).join(', ')}`,
  };
}

// Until the personas arrive (or for a hand-made context from scratch): a customer holding nothing.
const blankContext: PreviewContext = {
  isCustomer: true,
  isStudioEditor: false,
  entityCount: 1,
  global: [],
  entity: [],
  isSignatory: false,
  isClarityVisible: false,
  reports: 0,
  offers: [],
};

type PreviewProps = {
  draft: StudioConfig;
  published: StudioConfig;
  listKey: ListKey;
  flags: Readonly<Record<string, boolean>>;
};

/** The portal as one person would get it, from the published manifest and from the draft, side by side. */
export function PreviewPanel({ draft, published, listKey, flags }: PreviewProps) {
  const { t } = useT();
  const label = useManifestLabel();
  const personas = useStudioPersonasQuery();
  // The seeded personas of the gateway, one choice per entity they belong to.
  const choices = (personas.data?.items ?? []).flatMap((persona) =>
    persona.entities.map((entity) => ({
      value: `${persona.email} ${String(entity.accountId)}`,
      label: t('preview.persona', {
        name: persona.name,
        kind: persona.isCustomer ? t('preview.kind.customer') : t('preview.kind.collaborator'),
        entity: `${String(entity.accountId)} ${entity.name}`,
      }),
      context: entity.context,
    })),
  );
  const [choice, setChoice] = useState<string | null>(null);
  const [edited, setEdited] = useState<PreviewContext | null>(null);
  const chosen = choices.find((candidate) => candidate.value === choice) ?? choices[0];
  const custom = edited ?? chosen?.context ?? blankContext;
  const setCustom = setEdited;
  const [why, setWhy] = useState<{ name: string; text: string } | null>(null);
  const context = buildConditionContext(draft, previewSnapshot(custom, flags, draft.offers.activeStatus));
  const before = navigationOf(published, { ...context, conditions: published.conditions }, label);
  const after = navigationOf(draft, context, label);
  const hidden = itemsOf(draft, listKey).filter((item) => whyHidden(draft, listKey, item, context) !== null);
  const column = (title: string, nav: Navigation) => (
    <Paper withBorder p="sm">
      <Title order={4}>{title}</Title>
      <Text size="sm" fw={600}>
        {t('preview.sidebar')}
      </Text>
      <ol aria-label={t('preview.sidebarOf', { version: title })}>
        {nav.sidebar.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ol>
      <Text size="sm" fw={600}>
        {t('preview.walletTabs')}
      </Text>
      <Text size="sm">{nav.walletTabs.join(' · ')}</Text>
      <Text size="sm" fw={600}>
        {t('preview.overviewTabs')}
      </Text>
      <Text size="sm">{nav.overviewTabs.join(' · ')}</Text>
      <Text size="sm" fw={600}>
        {t('preview.landing')}
      </Text>
      <Text size="sm">{nav.landing}</Text>
      <Text size="sm" fw={600}>
        {t('preview.widgets')}
      </Text>
      <Text size="sm">{nav.widgets}</Text>
    </Paper>
  );
  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={t('preview.as')}
          allowDeselect={false}
          w={420}
          data={choices.map(({ value, label: text }) => ({ value, label: text }))}
          value={chosen?.value ?? null}
          onChange={(next) => {
            setChoice(next);
            setEdited(null);
          }}
        />
        <Checkbox
          label={t('preview.customer')}
          checked={custom.isCustomer}
          onChange={(event) => {
            setCustom({ ...custom, isCustomer: event.currentTarget.checked });
          }}
        />
        <Checkbox
          label={t('preview.signatory')}
          checked={custom.isSignatory}
          onChange={(event) => {
            setCustom({ ...custom, isSignatory: event.currentTarget.checked });
          }}
        />
        <MultiSelect
          label={t('preview.entityCodes')}
          searchable
          w={360}
          data={Object.keys(draft.permissions)}
          value={custom.entity}
          onChange={(entity) => {
            setCustom({ ...custom, entity });
          }}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {column(t('preview.published'), before)}
        {column(t('preview.draft'), after)}
      </SimpleGrid>
      {hidden.length === 0 ? null : (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('preview.hidden')}
          </Text>
          <Group gap="xs">
            {hidden.map((item) => {
              const name = item.isWidget ? item.label : label(item.label);
              return (
                <Button
                  key={item.key}
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setWhy({ name, text: whyHidden(draft, listKey, item, context) ?? '' });
                  }}
                >
                  {t('preview.why', { name })}
                </Button>
              );
            })}
          </Group>
          {why === null ? null : (
            <Paper withBorder p="sm" role="status" aria-label={t('preview.whyOf', { name: why.name })}>
              <Text size="sm" fw={600}>
                {t('preview.whyOf', { name: why.name })}
              </Text>
              <Text component="pre" size="sm">
                {why.text}
              </Text>
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
