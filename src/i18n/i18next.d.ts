import 'i18next';
import type common from '../../locales/en/common.json';
import type consent from '../../locales/en/consent.json';
import type notifications from '../../locales/en/notifications.json';
import type upload from '../../locales/en/upload.json';

// Translation keys are typed from the English files; fr-FR must have the same keys (locales.test.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      upload: typeof upload;
      notifications: typeof notifications;
      consent: typeof consent;
    };
  }
}
