import type { StudioConfig } from '@portal/plugin-api/studio';

type Branding = NonNullable<StudioConfig['branding']>;

/** The branding form's fields, as typed (an empty field is a part the manifest leaves out). */
export type BrandingFields = {
  firmName: string;
  logoSrc: string;
  logoAlt: string;
  primaryColor: string;
  favicon: string;
  supportPhone: string;
  supportEmail: string;
};

export function fieldsOf(branding: StudioConfig['branding']): BrandingFields {
  return {
    firmName: branding?.firmName ?? '',
    logoSrc: branding?.logo?.src ?? '',
    logoAlt: branding?.logo?.alt ?? '',
    primaryColor: branding?.primaryColor ?? '',
    favicon: branding?.favicon ?? '',
    supportPhone: branding?.support?.phone ?? '',
    supportEmail: branding?.support?.email ?? '',
  };
}

/**
 * The manifest with the form's branding: what is typed goes in as typed (the schema and the lint then say
 * what is wrong, at its place); an empty optional part is left out, a logo with one of its two parts
 * stays (and its missing part is said).
 */
export function withBranding(config: StudioConfig, fields: BrandingFields): StudioConfig {
  const trimmed = (value: string) => value.trim();
  const logo =
    trimmed(fields.logoSrc) === '' && trimmed(fields.logoAlt) === ''
      ? undefined
      : { src: trimmed(fields.logoSrc), alt: trimmed(fields.logoAlt) };
  const support = {
    ...(trimmed(fields.supportPhone) === '' ? {} : { phone: trimmed(fields.supportPhone) }),
    ...(trimmed(fields.supportEmail) === '' ? {} : { email: trimmed(fields.supportEmail) }),
  };
  const branding: Branding = {
    firmName: fields.firmName,
    primaryColor: trimmed(fields.primaryColor),
    ...(logo === undefined ? {} : { logo }),
    ...(trimmed(fields.favicon) === '' ? {} : { favicon: trimmed(fields.favicon) }),
    ...(Object.keys(support).length === 0 ? {} : { support }),
  };
  return { ...config, branding };
}

/** The field a problem of the manifest belongs to, by its pointer under /branding. */
export function fieldOfPointer(pointer: string): keyof BrandingFields | undefined {
  const fields: Readonly<Record<string, keyof BrandingFields>> = {
    '/branding/firmName': 'firmName',
    '/branding/logo/src': 'logoSrc',
    '/branding/logo/alt': 'logoAlt',
    '/branding/primaryColor': 'primaryColor',
    '/branding/favicon': 'favicon',
    '/branding/support/phone': 'supportPhone',
    '/branding/support/email': 'supportEmail',
  };
  return fields[pointer];
}
