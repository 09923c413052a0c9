import { pluginTranslation } from '@portal/plugin-api';
import type { TranslationKey } from '@portal/plugin-api';
import type messages from '../../locales/fr-FR/auth.json';

/** This plugin's translations: its namespace bound once, keys typed from its fr-FR file. */
export const useT = pluginTranslation<typeof messages>('auth');

/** A key of the `auth` namespace (form rules answer with one). */
export type AuthKey = TranslationKey<typeof messages>;

/** A section of the namespace that a message page can show: it has a title and a message. */
export type MessageSection = {
  [S in keyof typeof messages]: (typeof messages)[S] extends { title: string; message: string } ? S : never;
}[keyof typeof messages];
