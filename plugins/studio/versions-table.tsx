import { Button, Table } from '@mantine/core';
import type { GatewayResponse } from '@portal/plugin-api';
import { publishedSince, usePublishManifestVersionMutation } from './studio-api.ts';
import type { StudioMessage } from './studio-state.ts';
import { useT } from './translation.ts';

/** The versions of the manifest, the published one marked; an older one may be published again. */
export function VersionsTable({
  versions,
  latestId,
  onMessage,
}: {
  versions: GatewayResponse<'manifestVersions'>['items'];
  /** The version published now: a restoration names it as its base. */
  latestId: number | undefined;
  onMessage: (message: StudioMessage) => void;
}) {
  const { t, language } = useT();
  const [republish] = usePublishManifestVersionMutation();
  const restore = async (id: number) => {
    // Made from the published version this list shows: 409 if it changed since.
    const answer = await republish({ id, baseVersion: latestId ?? 0 });
    const since = 'error' in answer ? publishedSince(answer.error) : undefined;
    onMessage(
      !('error' in answer)
        ? { ok: true, text: t('versions.restored', { version: id }) }
        : since === undefined
          ? { ok: false, text: t('publish.failed') }
          : { ok: false, text: t('versions.stale', { version: since }) },
    );
  };
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Table aria-label={t('versions.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('versions.id')}</Table.Th>
          <Table.Th>{t('versions.author')}</Table.Th>
          <Table.Th>{t('versions.date')}</Table.Th>
          <Table.Th>{t('versions.comment')}</Table.Th>
          <Table.Th>{t('versions.state')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {versions.map((version) => (
          <Table.Tr key={version.id}>
            <Table.Td>{version.id}</Table.Td>
            <Table.Td>{version.author}</Table.Td>
            <Table.Td>{date.format(new Date(version.createdAt))}</Table.Td>
            <Table.Td>{version.comment}</Table.Td>
            <Table.Td>
              {version.published ? (
                t('versions.published')
              ) : (
                <Button
                  size="xs"
                  variant="default"
                  disabled={latestId === undefined}
                  onClick={() => void restore(version.id)}
                >
                  {t('versions.restore', { version: version.id })}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
