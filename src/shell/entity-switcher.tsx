import { ComboboxChevron, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../store/hooks.ts';
import { selectSelectedEntity } from '../store/session-slice.ts';
import { entityLabel } from './entity-label.ts';
import { useLoadOnIntent } from './load-on-intent.ts';

// The searchable list (Mantine's Select: combobox, popover, floating-ui, scroll area) loads when the
// person reaches for the switcher, not with the header of the first page.
const loadSelect = () => import('./entity-switcher-select.tsx');

/**
 * The entity switcher. Until the person reaches for it, a plain input of the same size shows the selected
 * entity; pointer over it or focus loads the real one, which takes over while the input has the focus,
 * with what was typed in it meanwhile.
 */
export function EntitySwitcher() {
  const { t } = useTranslation();
  const selected = useAppSelector(selectSelectedEntity);
  const [EntitySwitcherSelect, load] = useLoadOnIntent(loadSelect);
  const [focused, setFocused] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  if (EntitySwitcherSelect !== null && focused) return <EntitySwitcherSelect typed={typed} />;
  return (
    <TextInput
      aria-label={t('shell.entitySwitcher')}
      placeholder={t('shell.entitySearch')}
      value={typed ?? (selected === null ? '' : entityLabel(selected))}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      w={{ base: '100%', xs: 320 }}
      maw={360}
      size="sm"
    />
  );
}
