import { Stack, Title } from '@mantine/core';
import { useSelectedEntity } from '@portal/plugin-api';
import { HomeGrid } from '@portal/plugin-api/home-grid';
import { useT } from './translation.ts';

export default function HomePage() {
  const { t } = useT();
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
