import { Stack, Title } from '@mantine/core';
import { HomeGrid } from '../../src/plugin-api/home-grid.ts';
import { useSelectedEntity } from '../../src/plugin-api/hooks.ts';
import { usePluginTranslation } from '../../src/plugin-api/translation.ts';

export default function HomePage() {
  const { t } = usePluginTranslation('entity-home');
  const selected = useSelectedEntity();
  return (
    <Stack gap="md" p="md">
      <Title order={1}>
        {selected === null ? t('heading') : t('headingWithEntity', { name: selected.entity.name })}
      </Title>
      <HomeGrid />
    </Stack>
  );
}
