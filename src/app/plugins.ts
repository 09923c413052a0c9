import accounting from '../../plugins/accounting/index.ts';
import auth from '../../plugins/auth/index.ts';
import biReports from '../../plugins/bi-reports/index.ts';
import bank from '../../plugins/bank/index.ts';
import booking from '../../plugins/booking/index.ts';
import documents from '../../plugins/documents/index.ts';
import entityHome from '../../plugins/entity-home/index.ts';
import entityOverview from '../../plugins/entity-overview/index.ts';
import indicators from '../../plugins/indicators/index.ts';
import lab from '../../plugins/lab/index.ts';
import launcher from '../../plugins/launcher/index.ts';
import news from '../../plugins/news/index.ts';
import smartOffer from '../../plugins/smart-offer/index.ts';
import sso from '../../plugins/sso/index.ts';
import system from '../../plugins/system/index.ts';
import wallet from '../../plugins/wallet/index.ts';
import type { PluginDefinition } from '../plugin-api/define.ts';

/** The one place that names every plugin. Order does not matter; ids must be unique. */
export const plugins: readonly PluginDefinition[] = [
  auth,
  entityHome,
  news,
  lab,
  booking,
  accounting,
  smartOffer,
  biReports,
  sso,
  system,
  entityOverview,
  documents,
  launcher,
  bank,
  indicators,
  wallet,
];
