import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useReportFolderChoicesQuery, useReportFolderQuery } from './reports-api.ts';
import { useT } from './translation.ts';

type FolderPickerProps = {
  label: string;
  /** The option for no folder ("All folders"); without it a folder must be chosen. */
  emptyLabel: string;
  value: number | undefined;
  onChange: (accountId: number | undefined) => void;
  required?: boolean;
};

const folderLabel = (folder: { name: string; accountNumber: string }) =>
  `${folder.name} (${folder.accountNumber})`;

/**
 * A folder of the wallet, searchable: a search box asks the gateway for matching folders by name or
 * number (a wallet holds thousands), the list picks among them; a search that leaves one folder chooses it.
 * Native controls rather than a combobox: the combobox would move code the entity home needs into
 * chunks it then loads with extra weight (bench/bundle.mjs showed +8.8 KiB on the home).
 */
export function FolderPicker({ label, emptyLabel, value, onChange, required = false }: FolderPickerProps) {
  const { t } = useT();
  const [search, setSearch] = useState('');
  const [needle] = useDebouncedValue(search.trim(), 300);
  const choices = useReportFolderChoicesQuery(needle);
  const matches = choices.data?.items ?? [];
  const listed = value === undefined || matches.some((folder) => folder.accountId === value);
  const chosen = useReportFolderQuery(value ?? 0, { skip: listed });

  const settled = !choices.isFetching && choices.originalArgs === needle;
  const onlyMatch = settled && needle !== '' && matches.length === 1 ? matches[0]?.accountId : undefined;
  // Once per search: the person may still pick "all folders" or another one afterwards.
  const chosenFor = useRef<string | null>(null);
  useEffect(() => {
    if (onlyMatch === undefined || chosenFor.current === needle) return;
    chosenFor.current = needle;
    if (onlyMatch !== value) onChange(onlyMatch);
  }, [onlyMatch, needle, value, onChange]);

  const options = matches.map((folder) => ({ value: String(folder.accountId), label: folderLabel(folder) }));
  if (!listed)
    options.unshift({
      value: String(value),
      label: chosen.data === undefined ? String(value) : folderLabel(chosen.data),
    });
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('filters.folderSearch')}
        value={search}
        w={200}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <NativeSelect
        label={label}
        required={required}
        value={value === undefined ? '' : String(value)}
        aria-busy={choices.isFetching}
        onChange={(event) => {
          const next = event.currentTarget.value;
          onChange(next === '' ? undefined : Number(next));
        }}
        data={[
          { value: '', label: settled && options.length === 0 ? t('filters.noFolder') : emptyLabel },
          ...options,
        ]}
      />
    </Group>
  );
}
