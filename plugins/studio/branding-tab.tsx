import { ColorSwatch, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { WCAG_AA_TEXT, contrastRatio } from '@portal/plugin-api/studio';
import type { ManifestProblem, StudioConfig } from '@portal/plugin-api/studio';
import { fieldOfPointer, fieldsOf, withBranding } from './branding-model.ts';
import type { BrandingFields } from './branding-model.ts';
import { useT } from './translation.ts';
import { problemText } from './problem-text.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The primary colour's contrast with white, as the lint checks it at publication; null while not a colour. */
function useContrastVerdict(colour: string): { ok: boolean; text: string } | null {
  const { t, language } = useT();
  if (!HEX.test(colour)) return null;
  const ratio = contrastRatio(colour, '#ffffff');
  const shown = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(ratio);
  const aim = new Intl.NumberFormat(language).format(WCAG_AA_TEXT);
  return ratio >= WCAG_AA_TEXT
    ? { ok: true, text: t('branding.contrastOk', { ratio: shown }) }
    : { ok: false, text: t('branding.contrastLow', { ratio: shown, aim }) };
}

/**
 * The studio's branding tab: the firm's name, logo, primary colour (with its contrast verdict), favicon
 * and support line, written into the same draft as the other tabs and the JSON view; a problem of the
 * manifest shows under its field.
 */
export default function BrandingTab({
  current,
  problems,
  onEdit,
}: {
  current: StudioConfig;
  problems: readonly ManifestProblem[];
  onEdit: (next: StudioConfig) => void;
}) {
  const { t } = useT();
  const fields = fieldsOf(current.branding);
  const verdict = useContrastVerdict(fields.primaryColor.trim());
  const errorOf = (field: keyof BrandingFields) => {
    const problem = problems.find((candidate) => fieldOfPointer(candidate.pointer) === field);
    return problem === undefined ? undefined : problemText(problem, t);
  };
  const bind = (field: keyof BrandingFields) => ({
    value: fields[field],
    error: field === 'primaryColor' && verdict !== null && !verdict.ok ? verdict.text : errorOf(field),
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      onEdit(withBranding(current, { ...fields, [field]: event.currentTarget.value })),
  });
  return (
    <Stack maw={720}>
      <Text>{t('branding.intro')}</Text>
      <TextInput label={t('branding.firmName')} required {...bind('firmName')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('branding.logoSrc')} description={t('branding.pathHint')} {...bind('logoSrc')} />
        <TextInput label={t('branding.logoAlt')} {...bind('logoAlt')} />
      </SimpleGrid>
      <TextInput
        label={t('branding.primaryColor')}
        description={verdict?.ok === true ? verdict.text : t('branding.colourHint')}
        required
        leftSection={
          HEX.test(fields.primaryColor.trim()) ? (
            <ColorSwatch color={fields.primaryColor.trim()} size={18} aria-hidden />
          ) : null
        }
        {...bind('primaryColor')}
      />
      <TextInput label={t('branding.favicon')} description={t('branding.pathHint')} {...bind('favicon')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('branding.supportPhone')} type="tel" {...bind('supportPhone')} />
        <TextInput label={t('branding.supportEmail')} type="email" {...bind('supportEmail')} />
      </SimpleGrid>
    </Stack>
  );
}
