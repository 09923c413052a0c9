import { Stack, Title } from '@mantine/core';
import { usePluginTranslation, useSelectedEntity } from '@portal/plugin-api';
import { HomeGrid } from '@portal/plugin-api/home-grid';

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
