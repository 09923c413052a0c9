import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChoosableCategory, ConsentChoice } from '../analytics/consent.ts';

/**
 * The consent banner's switches, one per category. Their own chunk: most people accept or refuse all,
 * so the switches load on "Personnaliser" and not with the first page.
 */
export default function ConsentChoices({
  categories,
  draft,
  onChange,
}: {
  categories: readonly ChoosableCategory[];
  draft: ConsentChoice;
  onChange: (draft: ConsentChoice) => void;
}) {
  const { t } = useTranslation('consent');
  return (
    <Stack gap="xs">
      {categories.map((category) => (
        <Switch
          key={category}
          checked={draft[category]}
          onChange={(event) => onChange({ ...draft, [category]: event.currentTarget.checked })}
          label={t(`categories.${category}.label`)}
          description={t(`categories.${category}.description`)}
        />
      ))}
    </Stack>
  );
}
