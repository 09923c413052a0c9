import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../store/hooks.ts';
import { selectCurrentUser } from '../store/session-slice.ts';
import { usePressHandOver } from './load-on-intent.ts';
import { UserMenuButton } from './user-menu-button.tsx';

// The menu (Mantine's menu, popover and floating-ui, the sign-out and settings) loads when the person
// reaches for it, not with the header of the first page.
const loadFullUserMenu = () => import('./user-menu-full.tsx');

/** The user's name opens a menu: language, notification settings (when on), sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAppSelector(selectCurrentUser);
  const { Loaded: FullUserMenu, focused, standIn } = usePressHandOver(loadFullUserMenu);
  const name = user === null ? '' : `${user.firstName} ${user.lastName}`;
  if (FullUserMenu !== null) return <FullUserMenu focused={focused} />;
  return (
    <UserMenuButton
      name={name}
      label={t('shell.userMenu', { name })}
      aria-haspopup="menu"
      aria-expanded={false}
      {...standIn}
    />
  );
}
