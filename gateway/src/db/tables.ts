// The gateway's tables as Kysely sees them: one interface per table, the row type of every query is
// inferred from these. Generated once from the SQLite schema that db/migrations makes (PRAGMA table_info),
// kept by hand since: a migration that adds or changes a column changes its interface here in the same
// commit. Both databases store the same types (integers for flags, 0/1; ISO text for dates; JSON as text),
// so one interface serves SQLite and PostgreSQL. `Generated` marks what an insert may leave out (an
// identity, a default, a nullable column).
// The folder search's FTS5 table (entities_search) is SQLite's alone and is queried with `sql` only.
import type { Generated } from 'kysely';

type AdminCollaboratorsTable = {
  user_id: Generated<number>;
  granted_by: Generated<number | null>;
  granted_at: Generated<string | null>;
};

type AnalyticsEventsTable = {
  id: Generated<number>;
  api_key: string;
  event: string;
  user_id: Generated<string | null>;
  user_properties: string;
  properties: string;
  occurred_at: string;
  received_at: string;
};

type BankAccountsTable = {
  id: Generated<number>;
  account_id: number;
  bank_name: string;
  iban: string;
  opening_cents: number;
};

type BankTransactionsTable = {
  id: Generated<number>;
  bank_account_id: number;
  account_id: number;
  booked_on: string;
  label: string;
  amount_cents: number;
};

type BiReportsTable = {
  id: Generated<number>;
  account_id: number;
  title: string;
  kind: string;
  created_at: string;
  created_by: Generated<number | null>;
};

type BookingsTable = {
  booking_id: Generated<number>;
  slot_id: number;
  user_id: number;
  created_at: string;
};

type CollaboratorRolesTable = {
  user_id: number;
  account_id: number;
  role: string;
};

type CompanySheetsTable = {
  account_id: Generated<number>;
  data: string;
  version: number;
  updated_at: Generated<string | null>;
};

type DelegationLogTable = {
  id: Generated<number>;
  account_id: Generated<number | null>;
  actor_id: number;
  actor_name: string;
  target_id: number;
  target_name: string;
  action: string;
  granted: string;
  revoked: string;
  created_at: string;
};

type DeletedReportsTable = {
  id: Generated<number>;
  account_id: number;
};

type DocumentsTable = {
  id: Generated<number>;
  account_id: number;
  kind: string;
  name: string;
  period: string;
  mime_type: string;
  size: number;
  storage_key: string;
  uploaded_by: string;
  uploader_id: Generated<number | null>;
  created_at: string;
};

type EntitiesTable = {
  account_id: Generated<number>;
  account_number: string;
  name: string;
  is_clarity_visible: number;
};

type EntityDetailsTable = {
  account_id: Generated<number>;
  legal_form: string;
  fiscal_year_end: string;
  created_by: number;
  created_at: string;
};

type EntityInvitationsTable = {
  id: Generated<number>;
  account_id: number;
  user_id: Generated<number | null>;
  email: string;
  first_name: string;
  last_name: string;
  is_signatory: number;
  permissions: string;
  invited_by: number;
  created_at: string;
  expires_at: string;
  status: Generated<string>;
  decided_at: Generated<string | null>;
};

type HomeLayoutsTable = {
  user_id: number;
  account_id: number;
  layout: string;
  updated_at: string;
};

type InboxTable = {
  id: Generated<number>;
  to_email: string;
  subject: string;
  link: string;
  created_at: string;
};

type InvitationsTable = {
  user_id: Generated<number>;
  invited_by: number;
  invited_at: string;
};

type LastSignInsTable = {
  user_id: Generated<number>;
  at: string;
};

type MandatesTable = {
  id: Generated<number>;
  account_id: number;
  type: string;
  status: string;
  starts_on: string;
  ends_on: Generated<string | null>;
  version: number;
};

type ManifestDraftsTable = {
  user_id: Generated<number>;
  manifest: string;
  updated_at: string;
  base_version: Generated<number | null>;
};

type ManifestPublishedTable = {
  slot: Generated<number>;
  version_id: number;
  published_at: string;
  published_by: string;
};

type ManifestVersionsTable = {
  id: Generated<number>;
  author: string;
  created_at: string;
  comment: string;
  manifest: string;
  etag: string;
};

type MembershipsTable = {
  user_id: number;
  account_id: number;
  is_signatory: number;
  permissions: string;
};

type MetaTable = {
  key: string;
  value: string;
};

type ModRequestDecisionsTable = {
  request_id: Generated<number>;
  decided_by: number;
  decided_at: string;
  reason: string;
};

type ModRequestsTable = {
  id: Generated<number>;
  account_id: number;
  offer_code: string;
  status: string;
  comment: string;
  requested_by: number;
  created_at: string;
};

type MonthlyFiguresTable = {
  account_id: number;
  month: string;
  revenue_cents: number;
  gross_margin_cents: number;
  ebitda_cents: number;
  net_result_cents: number;
  cash_cents: number;
  receivables_days: number;
  payables_days: number;
  headcount: number;
};

type NotificationSettingsTable = {
  user_id: Generated<number>;
  settings: string;
  updated_at: string;
};

type OidcStoreTable = {
  model: string;
  id: string;
  payload: string;
  expires_at: Generated<number | null>;
  grant_id: Generated<string | null>;
  uid: Generated<string | null>;
  user_code: Generated<string | null>;
};

type OrphanFilesTable = {
  storage_key: string;
};

type RecordedNotificationsTable = {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  type: string;
  subject_id: Generated<number | null>;
  data: string;
  created_at: string;
  read_at: Generated<string | null>;
  readers: Generated<string | null>;
  reader_id: Generated<number | null>;
};

type ReportFilesTable = {
  report_id: Generated<number>;
  period: string;
  mime_type: string;
  size: number;
  storage_key: string;
};

type ResetTokensTable = {
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: Generated<string | null>;
};

type RetiredTokensTable = {
  jti: string;
  dies_at_ms: number;
  exp: number;
  next_jti: Generated<string | null>;
  next_iat: Generated<number | null>;
  next_exp: Generated<number | null>;
};

type RightsVersionsTable = {
  user_id: number;
  account_id: number;
  version: number;
};

type SessionsTable = {
  sid: string;
  user_id: number;
  started_at: number;
  ends_at: number;
  ended_at: Generated<number | null>;
  grant_id: Generated<string | null>;
};

type SlotsTable = {
  slot_id: Generated<number>;
  starts_at: string;
  ends_at: string;
  advisor: string;
  booked_by: Generated<number | null>;
};

type StudioEditorsTable = {
  user_id: Generated<number>;
};

type SubscriptionsTable = {
  account_id: number;
  offer_code: string;
  status: string;
};

type TermsTable = {
  terms_id: Generated<number>;
  version: string;
  published_at: string;
  content_fr: string;
  content_en: string;
};

type TermsAcceptancesTable = {
  user_id: Generated<number>;
  terms_id: number;
  accepted_at: string;
};

type ThrottleCountersTable = {
  key: string;
  /** The moments (ms) of the key's attempts still in their window: a JSON array of numbers. */
  attempts: string;
  expires_at_ms: number;
};

type UsersTable = {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  is_customer: number;
  password_hash: string;
  gigya_user_id: string;
  office_mobile: string;
  old_id: number;
  global_permissions: string;
  favorite_entities: string;
};

export type Tables = {
  admin_collaborators: AdminCollaboratorsTable;
  analytics_events: AnalyticsEventsTable;
  bank_accounts: BankAccountsTable;
  bank_transactions: BankTransactionsTable;
  bi_reports: BiReportsTable;
  bookings: BookingsTable;
  collaborator_roles: CollaboratorRolesTable;
  company_sheets: CompanySheetsTable;
  delegation_log: DelegationLogTable;
  deleted_reports: DeletedReportsTable;
  documents: DocumentsTable;
  entities: EntitiesTable;
  entity_details: EntityDetailsTable;
  entity_invitations: EntityInvitationsTable;
  home_layouts: HomeLayoutsTable;
  inbox: InboxTable;
  invitations: InvitationsTable;
  last_sign_ins: LastSignInsTable;
  mandates: MandatesTable;
  manifest_drafts: ManifestDraftsTable;
  manifest_published: ManifestPublishedTable;
  manifest_versions: ManifestVersionsTable;
  memberships: MembershipsTable;
  meta: MetaTable;
  mod_request_decisions: ModRequestDecisionsTable;
  mod_requests: ModRequestsTable;
  monthly_figures: MonthlyFiguresTable;
  notification_settings: NotificationSettingsTable;
  oidc_store: OidcStoreTable;
  orphan_files: OrphanFilesTable;
  recorded_notifications: RecordedNotificationsTable;
  report_files: ReportFilesTable;
  reset_tokens: ResetTokensTable;
  retired_tokens: RetiredTokensTable;
  rights_versions: RightsVersionsTable;
  sessions: SessionsTable;
  slots: SlotsTable;
  studio_editors: StudioEditorsTable;
  subscriptions: SubscriptionsTable;
  terms: TermsTable;
  terms_acceptances: TermsAcceptancesTable;
  throttle_counters: ThrottleCountersTable;
  users: UsersTable;
};
