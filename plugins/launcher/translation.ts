import { pluginTranslation } from '@portal/plugin-api';
import type { TranslationKey } from '@portal/plugin-api';
import type messages from '../../locales/fr-FR/launcher.json';

/** This plugin's translations: its namespace bound once, keys typed from its fr-FR file. */
export const useT = pluginTranslation<typeof messages>('launcher');

/** A key of the `launcher` namespace; the manifest's application labels name them (data, not code). */
export type LauncherKey = TranslationKey<typeof messages>;
