import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../runtime/hooks.ts';
import { selectCurrentUser } from '../runtime/session-slice.ts';
import { useLoadOnIntent } from './load-on-intent.ts';
import { UserMenuButton } from './user-menu-button.tsx';

// The menu (Mantine's menu, popover and floating-ui, the sign-out and settings) loads when the person
// reaches for it, not with the header of the first page.
const loadFullUserMenu = () => import('./user-menu-full.tsx');

/** The user's name opens a menu: language, notification settings (when on), sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAppSelector(selectCurrentUser);
  const [FullUserMenu, load] = useLoadOnIntent(loadFullUserMenu);
  // The stand-in gives way on a press (mouse, Enter or Space), not on a hover, so the press lands on it;
  // the real menu then opens, and takes the focus if the stand-in had it.
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  const name = user === null ? '' : `${user.firstName} ${user.lastName}`;
  if (FullUserMenu !== null && pressed) return <FullUserMenu opened focused={focused} />;
  return (
    <UserMenuButton
      name={name}
      label={t('shell.userMenu', { name })}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setPressed(true);
        load();
      }}
    />
  );
}
