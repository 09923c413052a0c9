// Its own module, like the permission catalogue: only the delegation history (lazy) uses it.
import { useTranslation } from 'react-i18next';
import { type RightWords, rightsInWords } from '../manifest/right-words.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';

/**
 * Rights in words on a plugin's screen: the manifest's labels (common namespace), and the plugin's own
 * words for the rest.
 *
 * @example
 * const inWords = useRightsInWords({ role: ..., signatory: t('delegations.signatory'), ... });
 * inWords(['CLBANK001', 'CLKPI0001']) // 'Banque, Indicateurs'
 */
export function useRightsInWords(words: Omit<RightWords, 'label'>): (rights: readonly string[]) => string {
  const { config } = useRuntime();
  const { t } = useTranslation();
  const label = t as unknown as (key: string) => string;
  return (rights) => rightsInWords(config, rights, { ...words, label });
}
