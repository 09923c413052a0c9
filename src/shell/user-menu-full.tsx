import { Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../store/hooks.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { selectCurrentUser } from '../store/session-slice.ts';
import { routingPath } from '../routing/route-paths.ts';
import { useNavigationServices } from '../routing/services.tsx';
import { useConsentControls } from '../analytics/consent-context.ts';
import { useLanguageChoice } from './language-switch.tsx';
import { useTakeOver } from './load-on-intent.ts';
import { UserMenuButton } from './user-menu-button.tsx';
import { SupportMenuSection } from './support-menu-section.tsx';

// The settings drawer (Mantine's drawer, the form and its calls) loads when first opened, never with the
// header.
const NotificationSettingsDrawer = lazy(() => import('./notifications/notification-settings-drawer.tsx'));

/**
 * The user's menu itself (user-menu.tsx shows its button until this chunk arrives): language, help
 * (the firm's support contact, when the manifest gives one), notification settings (when on), sign-out. it shows once the person has pressed the button, open;
 * `focused`: the button had the focus, which the real one takes over.
 */
export default function FullUserMenu({ focused }: { focused: boolean }) {
  const { t } = useTranslation();
  const { config, flags } = useRuntime();
  const user = useAppSelector(selectCurrentUser);
  const services = useNavigationServices();
  const navigate = useNavigate();
  const { language, options, choose } = useLanguageChoice();
  const [drawerOpened, drawer] = useDisclosure(false);
  // Mounted from the first opening on, so it can play its closing transition.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const consent = useConsentControls();
  const name = user === null ? '' : `${user.firstName} ${user.lastName}`;
  const { target, opened, setOpened } = useTakeOver(focused);

  const signOut = async () => {
    setSigningOut(true);
    try {
      const outcome = await services.signOut();
      // A collaborator is leaving for the identity provider's sign-out page: nothing to navigate.
      if (!outcome.redirected) void navigate(outcome.to, { replace: true });
    } catch {
      void navigate(routingPath(config, 'loginRoute'), { replace: true });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
        <Menu.Target>
          <UserMenuButton ref={target} name={name} label={t('shell.userMenu', { name })} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('language.label')}</Menu.Label>
          {options.map((option) => (
            <Menu.Item
              key={option.value}
              lang={option.value}
              aria-current={option.value === language ? 'true' : undefined}
              fw={option.value === language ? 700 : undefined}
              onClick={() => void choose(option.value)}
            >
              {option.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          {flags[config.routing.notificationSettingsFlag] === true ? (
            <Menu.Item
              onClick={() => {
                setDrawerWanted(true);
                drawer.open();
              }}
            >
              {t('shell.notificationSettings')}
            </Menu.Item>
          ) : null}
          <SupportMenuSection support={config.branding?.support} />
          {consent === null ? null : (
            <Menu.Item onClick={consent.open}>{t('shell.privacyChoices')}</Menu.Item>
          )}
          <Menu.Item color="red" disabled={signingOut} onClick={() => void signOut()}>
            {t('shell.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <NotificationSettingsDrawer opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      ) : null}
    </>
  );
}
