// Test fixtures: the home widget sets of the real manifest (portal.config.json), as a person sees them in
// order, for the tests that check which set a persona gets.

/** The smart offer's set: a signatory or a collaborator on a clarity-visible entity, the offer's flag on. */
export const SMART_SET = ['smart-offer/intro', 'lab/lab', 'news/rss', 'booking/booking', 'bi-reports/intro'];

/** The validated accounting-software offer's set. */
export const ACCOUNTING_SET = [
  'accounting/intro',
  'accounting/documents',
  'lab/lab',
  'news/rss',
  'booking/booking',
  'bi-reports/intro',
];

/** The default set of a customer, single sign-on flag on. */
export const DEFAULT_SET = ['news/rss', 'lab/lab', 'booking/booking', 'sso/sso'];
