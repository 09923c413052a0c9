import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useReportFoldersQuery } from './reports-api.ts';
import { useT } from './translation.ts';

type FolderPickerProps = {
  label: string;
  /** The option for no folder ("All folders"); without it a folder must be chosen. */
  emptyLabel: string;
  value: number | undefined;
  onChange: (accountId: number | undefined) => void;
  required?: boolean;
};

/**
 * A folder of the wallet, searchable: a search box narrows the list by name or number, the list picks.
 * Native controls rather than a combobox: the combobox would move code the entity home needs into
 * chunks it then loads with extra weight (bench/bundle.mjs showed +8.8 KiB on the home).
 */
export function FolderPicker({ label, emptyLabel, value, onChange, required = false }: FolderPickerProps) {
  const { t } = useT();
  const folders = useReportFoldersQuery();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase();
  const all = folders.data?.items ?? [];
  const shown = all.filter(
    (entity) =>
      entity.accountId === value ||
      needle === '' ||
      `${entity.name} ${entity.accountNumber}`.toLocaleLowerCase().includes(needle),
  );
  const choose = (next: number | undefined) => {
    onChange(next);
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('filters.folderSearch')}
        value={search}
        w={200}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setSearch(text);
          // One match left: it is the choice.
          const lower = text.trim().toLocaleLowerCase();
          const matches = all.filter((entity) =>
            `${entity.name} ${entity.accountNumber}`.toLocaleLowerCase().includes(lower),
          );
          if (lower !== '' && matches.length === 1) choose(matches[0]?.accountId);
        }}
      />
      <NativeSelect
        label={label}
        required={required}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => {
          const next = event.currentTarget.value;
          choose(next === '' ? undefined : Number(next));
        }}
        data={[
          { value: '', label: shown.length === 0 ? t('filters.noFolder') : emptyLabel },
          ...shown.map((entity) => ({
            value: String(entity.accountId),
            label: `${entity.name} (${entity.accountNumber})`,
          })),
        ]}
      />
    </Group>
  );
}
