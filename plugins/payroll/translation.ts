import { pluginTranslation } from '@portal/plugin-api';
import type messages from '../../locales/fr-FR/payroll.json';

/** This plugin's translations: its namespace bound once, keys typed from its fr-FR file. */
export const useT = pluginTranslation<typeof messages>('payroll');
