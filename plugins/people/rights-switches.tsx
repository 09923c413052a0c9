import { Fieldset, SimpleGrid, Stack, Switch } from '@mantine/core';
import { usePermissionCatalogue } from '@portal/plugin-api';
import { useT } from './translation.ts';

type RightsSwitchesProps = {
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  /** Codes the person may grant or take away (a customer: those they hold there); others are shown disabled. */
  canChange: (code: string) => boolean;
};

/**
 * The customer permission codes as labelled switches, grouped by domain: the list, labels and groups come
 * from the manifest's permission catalogue, so a new code needs no code change here.
 */
export function RightsSwitches({ selected, onChange, canChange }: RightsSwitchesProps) {
  const { t } = useT();
  const catalogue = usePermissionCatalogue('customer');
  const domains = [...new Set(catalogue.map((entry) => entry.domain))];
  const toggle = (code: string) => {
    const next = new Set(selected);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    onChange(next);
  };
  return (
    <Stack gap="sm">
      {domains.map((domain) => {
        const entries = catalogue.filter((entry) => entry.domain === domain);
        return (
          <Fieldset key={domain} legend={entries[0]?.domainLabel} variant="filled" p="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {entries.map((entry) => {
                const allowed = canChange(entry.code);
                return (
                  <Switch
                    key={entry.code}
                    label={entry.label}
                    checked={selected.has(entry.code)}
                    onChange={() => toggle(entry.code)}
                    disabled={!allowed}
                    description={allowed ? undefined : t('rights.notYours')}
                  />
                );
              })}
            </SimpleGrid>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
