import { UnstyledButton } from '@mantine/core';
import type { ElementProps, UnstyledButtonProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks.ts';
import { NavIcon } from '../icons.tsx';
import classes from './notification-bell-button.module.css';

/** The unread count the header shows: the session's, which the list and the stream keep current. */
export function useUnreadCount(): number {
  return useAppSelector((state) => state.session.notifications?.unreadCount ?? 0);
}

type NotificationBellButtonProps = Omit<UnstyledButtonProps, 'children'> &
  ElementProps<'button', keyof UnstyledButtonProps> & {
    ref?: Ref<HTMLButtonElement>;
  };

/**
 * The header's bell with the unread count: the same button before the centre's code arrives and as the
 * centre's popover target (which adds its ARIA attributes here, on the button).
 */
export function NotificationBellButton({ ref, ...rest }: NotificationBellButtonProps) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  return (
    <UnstyledButton
      ref={ref}
      className={classes.bell ?? ''}
      aria-label={t('shell.notifications', { count: unread })}
      {...rest}
    >
      <NavIcon name="bell" />
      {unread === 0 ? null : (
        // Said by the button's label.
        <span className={classes.count} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </UnstyledButton>
  );
}
