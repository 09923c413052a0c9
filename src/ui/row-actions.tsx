import { Button, Group, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Confirmation } from './confirm-action.tsx';

/**
 * One action on a row, declared as data: the table draws it as a button on a wide screen and as an item
 * of the row's action menu on a card. A destructive one names its `confirm`ation instead of `onSelect`.
 */
export type RowAction = {
  /** A stable key among the row's actions. */
  key: string;
  /** The visible label, short ("Open"). */
  label: string;
  /** The accessible name when the label alone is ambiguous in a list ("Open Bilan 2025.pdf"). */
  ariaLabel?: string;
  /** The button's look in the table; subtle by default (the item's look in a menu does not change). */
  variant?: 'filled' | 'light' | 'default' | 'subtle';
  /** A destructive action: the dark red that keeps AA contrast on striped rows. */
  danger?: boolean;
  /** The action runs: its button spins, its menu item waits. */
  loading?: boolean;
} & ({ onSelect: () => void; confirm?: never } | { confirm: Confirmation; onSelect?: never });

/** Dark enough on a striped row; Mantine's default red is below AA there. */
const DANGER = 'var(--mantine-color-red-9)';

const run = (action: RowAction, onConfirm: (confirmation: Confirmation) => void) => {
  if (action.confirm !== undefined) onConfirm(action.confirm);
  else action.onSelect();
};

type RowActionsProps = {
  actions: readonly RowAction[];
  /** Opens the table's confirmation dialog (a menu item cannot hold it: it closes with the menu). */
  onConfirm: (confirmation: Confirmation) => void;
};

/** A row's actions as buttons, in the table's last column. */
export function RowActionButtons({ actions, onConfirm }: RowActionsProps) {
  if (actions.length === 0) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {actions.map((action) => (
        <Button
          key={action.key}
          size="xs"
          variant={action.variant ?? 'subtle'}
          {...(action.danger === true ? { color: DANGER } : {})}
          loading={action.loading ?? false}
          aria-label={action.ariaLabel}
          onClick={() => run(action, onConfirm)}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * A card's actions behind one button: Tab reaches it, Enter or the arrow keys open the menu and move
 * through its items, Escape closes it and gives the focus back to the button.
 */
export function RowActionMenu({ actions, onConfirm, rowName }: RowActionsProps & { rowName: string }) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal returnFocus>
      <Menu.Target>
        <Button size="xs" variant="default" aria-label={t('tablesOnPhones.actionsFor', { name: rowName })}>
          {t('tablesOnPhones.actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.key}
            aria-label={action.ariaLabel}
            disabled={action.loading ?? false}
            {...(action.danger === true ? { c: DANGER } : {})}
            onClick={() => run(action, onConfirm)}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
