import { Button, Group, MultiSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { useManifestLabel, studioFactNames } from '@portal/plugin-api/studio';
import type { StudioCondition, StudioConfig } from '@portal/plugin-api/studio';
import { useT } from './translation.ts';

const KINDS = ['true', 'false', 'all', 'any', 'not', 'permission', 'flag', 'fact', 'offer', 'ref'] as const;
type Kind = (typeof KINDS)[number] | 'query';

function kindOf(condition: StudioCondition): Kind {
  if (typeof condition === 'boolean') return condition ? 'true' : 'false';
  if ('all' in condition) return 'all';
  if ('any' in condition) return 'any';
  if ('not' in condition) return 'not';
  if ('permission' in condition) return 'permission';
  if ('flag' in condition) return 'flag';
  if ('fact' in condition) return 'fact';
  if ('offer' in condition) return 'offer';
  if ('ref' in condition) return 'ref';
  return 'query';
}

/** A new node of a kind, keeping the children when switching between all and any. */
function nodeOf(kind: Kind, previous: StudioCondition, config: StudioConfig): StudioCondition {
  const children =
    typeof previous === 'object' && 'all' in previous
      ? previous.all
      : typeof previous === 'object' && 'any' in previous
        ? previous.any
        : [previous];
  switch (kind) {
    case 'true':
      return true;
    case 'false':
      return false;
    case 'all':
      return { all: children };
    case 'any':
      return { any: children };
    case 'not':
      return { not: previous };
    case 'permission':
      return { permission: [Object.keys(config.permissions)[0] ?? ''], scope: 'either' };
    case 'flag':
      return { flag: Object.keys(config.featureFlags)[0] ?? '' };
    case 'fact':
      return { fact: (studioFactNames[0] ?? 'user.isCollab') as 'user.isCollab' };
    case 'offer':
      return { offer: config.offers.accountingSoftware };
    case 'ref':
      return { ref: Object.keys(config.conditions)[0] ?? '' };
    default:
      return previous;
  }
}

type EditorProps = {
  value: StudioCondition;
  onChange: (value: StudioCondition) => void;
  config: StudioConfig;
  /** Where this node sits, for the accessible names of its fields ("rule", "rule › 2"). */
  path: string;
};

/** A condition as a tree of fields: all, any, not, and pickers for each kind of leaf. Never raw JSON. */
export function ConditionEditor({ value, onChange, config, path }: EditorProps) {
  const { t } = useT();
  const label = useManifestLabel();
  const kind = kindOf(value);
  const kindSelect = (
    <Select
      label={t('condition.kind', { path })}
      data={KINDS.map((option) => ({ value: option, label: t(`condition.kinds.${option}`) }))}
      value={kind === 'query' ? null : kind}
      allowDeselect={false}
      onChange={(next) => {
        if (next !== null) onChange(nodeOf(next as Kind, value, config));
      }}
      w={220}
    />
  );
  let body: React.ReactNode = null;
  if (typeof value === 'object') {
    if ('all' in value || 'any' in value) {
      const children = 'all' in value ? value.all : value.any;
      const rebuild = (next: StudioCondition[]) => onChange('all' in value ? { all: next } : { any: next });
      body = (
        <Stack gap="xs" pl="md">
          {children.map((child, index) => (
            <Group key={index} align="flex-start" wrap="nowrap">
              <ConditionEditor
                value={child}
                config={config}
                path={`${path} › ${String(index + 1)}`}
                onChange={(next) => {
                  rebuild(children.map((candidate, i) => (i === index ? next : candidate)));
                }}
              />
              <Button
                variant="subtle"
                color="red"
                size="xs"
                aria-label={t('condition.removeChild', { path: `${path} › ${String(index + 1)}` })}
                onClick={() => {
                  rebuild(children.filter((_child, i) => i !== index));
                }}
              >
                {t('condition.remove')}
              </Button>
            </Group>
          ))}
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            onClick={() => {
              rebuild([...children, true]);
            }}
          >
            {t('condition.addChild', { path })}
          </Button>
        </Stack>
      );
    } else if ('not' in value) {
      body = (
        <Stack pl="md">
          <ConditionEditor
            value={value.not}
            config={config}
            path={`${path} › ${t('condition.kinds.not')}`}
            onChange={(next) => {
              onChange({ not: next });
            }}
          />
        </Stack>
      );
    } else if ('permission' in value) {
      body = (
        <Group align="flex-end">
          <MultiSelect
            label={t('condition.codes', { path })}
            searchable
            w={420}
            data={Object.entries(config.permissions).map(([code, definition]) => ({
              value: code,
              label: `${code} · ${label(definition.label)} (${t(`condition.scopes.${definition.scope}`)})`,
            }))}
            value={value.permission}
            onChange={(codes) => {
              onChange({ ...value, permission: codes });
            }}
          />
          <Select
            label={t('condition.scope', { path })}
            w={200}
            allowDeselect={false}
            data={(['either', 'global', 'entity'] as const).map((scope) => ({
              value: scope,
              label: t(`condition.where.${scope}`),
            }))}
            value={value.scope ?? 'either'}
            onChange={(scope) => {
              if (scope === 'either' || scope === 'global' || scope === 'entity')
                onChange({ ...value, scope });
            }}
          />
        </Group>
      );
    } else if ('flag' in value || 'fact' in value || 'offer' in value || 'ref' in value) {
      const field = 'flag' in value ? 'flag' : 'fact' in value ? 'fact' : 'offer' in value ? 'offer' : 'ref';
      const options =
        field === 'flag'
          ? Object.keys(config.featureFlags)
          : field === 'fact'
            ? [...studioFactNames]
            : field === 'offer'
              ? [config.offers.accountingSoftware, config.offers.forms]
              : Object.keys(config.conditions);
      const current = (value as Record<string, string>)[field] ?? '';
      body = (
        <Select
          label={t(`condition.pick.${field}`, { path })}
          w={320}
          searchable
          allowDeselect={false}
          data={options}
          value={current}
          onChange={(next) => {
            if (next !== null) onChange({ [field]: next } as StudioCondition);
          }}
        />
      );
    } else {
      body = <Text size="sm">{JSON.stringify(value)}</Text>;
    }
  }
  return (
    <Paper withBorder p="xs">
      <Stack gap="xs">
        {kindSelect}
        {body}
      </Stack>
    </Paper>
  );
}
