import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CompanySheet } from './company-sheet-api.ts';
import { formatFiscalYearEnd } from './fiscal-year-end.ts';
import { TEXT_FIELDS } from './sheet-state.ts';
import { useT } from './translation.ts';

/** The company sheet as read: its fields, then its contacts. */
export function SheetView({ sheet }: { sheet: CompanySheet }) {
  const { t, language } = useT();
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
        {TEXT_FIELDS.map((key) => (
          <div key={key}>
            <Text component="dt" size="sm" c="dimmed">
              {t(`info.fields.${key}`)}
            </Text>
            <Text
              component="dd"
              m={0}
              fw={500}
              {...(key === 'fiscalYearEnd' ? { 'data-fixed-date': '' } : {})}
            >
              {sheet[key] === ''
                ? t('info.none')
                : key === 'fiscalYearEnd'
                  ? formatFiscalYearEnd(sheet[key], language)
                  : sheet[key]}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text component="h2" fw={700} mt="md" mb="xs">
        {t('info.contacts')}
      </Text>
      {sheet.contacts.length === 0 ? (
        <Text c="dimmed">{t('info.noContacts')}</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {sheet.contacts.map((contact, index) => (
            <li key={index}>
              <Text fw={500}>
                {contact.name}
                {contact.role === '' ? '' : ` · ${contact.role}`}
              </Text>
              <Text size="sm" c="dimmed">
                {[contact.email, contact.phone].filter((part) => part !== '').join(' · ')}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
