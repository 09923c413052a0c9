import { Title } from '@mantine/core';
import { useSelectedEntity } from '@portal/plugin-api';
import { useT } from './translation.ts';

/** The entity home's heading; the engine draws the widget grid under it (the route's `homeGrid`). */
export default function HomePage() {
  const { t } = useT();
  const selected = useSelectedEntity();
  return (
    <Title order={1} p="md">
      {selected === null ? t('heading') : t('headingWithEntity', { name: selected.entity.name })}
    </Title>
  );
}
