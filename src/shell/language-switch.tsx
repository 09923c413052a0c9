import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { changeLanguage } from '../i18n/i18n.ts';
import { translateKey } from '../routing/translate-key.ts';
import { browserStorage } from '../session/safe-storage.ts';

/** The manifest's languages; the choice is remembered (src/i18n). */
export function useLanguageChoice(): {
  language: string;
  options: { value: string; label: string }[];
  choose: (language: string) => Promise<void>;
} {
  const { config } = useRuntime();
  const { t, i18n } = useTranslation();
  return {
    language: i18n.language,
    options: config.app.locales.map((value) => ({ value, label: translateKey(t, `language.${value}`) })),
    choose: (language) => changeLanguage(i18n, language, browserStorage('local') ?? undefined),
  };
}

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, options, choose } = useLanguageChoice();
  return (
    // A native select: the platform's own picker on phones, and no popover code on the login page.
    <NativeSelect
      label={t('language.label')}
      data={options}
      value={language}
      w={140}
      size="xs"
      onChange={(event) => void choose(event.currentTarget.value)}
    />
  );
}
