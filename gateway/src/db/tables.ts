// The gateway's tables as Kysely sees them: one interface per table, the row type of every query is
// inferred from these. Generated once from the SQLite schema that db/migrations makes (PRAGMA table_info),
// kept by hand since: a migration that adds or changes a column changes its interface here in the same
// commit. Both databases store the same types (integers for flags, 0/1; ISO text for dates; JSON as text),
// so one interface serves SQLite and PostgreSQL. `Generated` marks what an insert may leave out (an
// identity, a default, a nullable column). Columns that mean the same in several tables (the identity, the
// entity a row belongs to, a stored file, a person's names) are written once below and joined in.
// The folder search's FTS5 table (entities_search) is SQLite's alone and is queried with `sql` only.
import type { Generated } from 'kysely';

/** A nullable column: an insert may leave it out (NULL). */
type Nullable<T> = Generated<T | null>;
/** A row's identity column (INTEGER PRIMARY KEY / identity): an insert leaves it out. */
type Identity = { id: Generated<number> };
/** A row that belongs to one entity (folder). */
type OfEntity = { account_id: number };
/** A file kept in the file store: its period, its type, its size and where it is stored. */
type StoredFile = { period: string; mime_type: string; size: number; storage_key: string };
/** A table of one row per user, keyed by the user's id. */
type PerUser = { user_id: Generated<number> };
/** A table of one row per entity, keyed by its account id. */
type PerEntity = { account_id: Generated<number> };
/** A person's names as typed (a user, or an invitation before it is accepted). */
type PersonNames = { first_name: string; last_name: string };

/** An entity's key to the accounting software's API: never answered to a browser, never logged. */
type AccountingCredentialsTable = OfEntity & {
  token: string;
  updated_at: string;
};

/** A document the accounting software lists for the entity, as the last sync saw it. */
type AccountingDocumentsTable = Identity &
  OfEntity & {
    /** The software it came from (`pennylane`). */
    source: string;
    /** Its id in the software. */
    source_id: string;
    name: string;
    mime_type: string;
    size: number;
    /** The document's own date (YYYY-MM-DD), from the software. */
    issued_on: string;
    source_updated_at: string;
    first_seen_at: string;
    /** Set when a sync no longer found it in the software. */
    removed_at: Nullable<string>;
  };

/** The entity's last sync (running, done, failed) and the lease that keeps two runs apart. */
type AccountingSyncRunsTable = OfEntity & {
  state: string;
  trigger: string;
  started_at: string;
  finished_at: Nullable<string>;
  /** Why the last run failed (a reason code), else null. */
  reason: Nullable<string>;
  added: Generated<number>;
  removed: Generated<number>;
  /** When a run last succeeded; null until the first, which imports without telling anyone. */
  last_success_at: Nullable<string>;
  lease_owner: Nullable<string>;
  /** Until when (epoch ms) the running instance holds the entity's sync; 0 once released. */
  lease_until_ms: Generated<number>;
};

type AdminCollaboratorsTable = PerUser & {
  granted_by: Nullable<number>;
  granted_at: Nullable<string>;
};

type AnalyticsEventsTable = Identity & {
  api_key: string;
  event: string;
  user_id: Nullable<string>;
  user_properties: string;
  properties: string;
  occurred_at: string;
  received_at: string;
};

type BankAccountsTable = Identity &
  OfEntity & {
    bank_name: string;
    iban: string;
    opening_cents: number;
  };

type BankTransactionsTable = Identity & {
  bank_account_id: number;
  account_id: number;
  booked_on: string;
  label: string;
  amount_cents: number;
};

type BiReportsTable = Identity &
  OfEntity & {
    title: string;
    kind: string;
    created_at: string;
    created_by: Nullable<number>;
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

type CompanySheetsTable = PerEntity & {
  data: string;
  version: number;
  updated_at: Nullable<string>;
};

type DelegationLogTable = Identity & {
  account_id: Nullable<number>;
  actor_id: number;
  actor_name: string;
  target_id: number;
  target_name: string;
  action: string;
  granted: string;
  revoked: string;
  created_at: string;
};

type DeletedReportsTable = Identity & OfEntity;

type DocumentsTable = Identity &
  OfEntity &
  StoredFile & {
    kind: string;
    name: string;
    uploaded_by: string;
    uploader_id: Nullable<number>;
    created_at: string;
  };

type EntitiesTable = PerEntity & {
  account_number: string;
  name: string;
  is_clarity_visible: number;
};

type EntityDetailsTable = PerEntity & {
  legal_form: string;
  fiscal_year_end: string;
  created_by: number;
  created_at: string;
};

type EntityInvitationsTable = Identity &
  OfEntity &
  PersonNames & {
    user_id: Nullable<number>;
    email: string;
    is_signatory: number;
    permissions: string;
    invited_by: number;
    created_at: string;
    expires_at: string;
    status: Generated<string>;
    decided_at: Nullable<string>;
  };

type PayrollEmployeesTable = Identity &
  OfEntity &
  PersonNames & {
    employee_number: string;
    position: string;
  };

type PayrollMonthsTable = Identity &
  OfEntity & {
    month: string;
    status: string;
    cutoff_on: string;
    submitted_at: Nullable<string>;
    locked_at: Nullable<string>;
    correction_comment: Nullable<string>;
  };

type PayrollEntriesTable = {
  month_id: number;
  employee_id: number;
  hours_centi: number;
  overtime_centi: number;
  bonus_cents: number;
  expenses_cents: number;
  absences: string;
  note: string;
  updated_at: string;
};

type PayrollHistoryTable = Identity & {
  month_id: number;
  action: string;
  actor_name: string;
  detail: string;
  created_at: string;
};

type HomeLayoutsTable = {
  user_id: number;
  account_id: number;
  layout: string;
  updated_at: string;
};

type InboxTable = Identity & {
  to_email: string;
  subject: string;
  link: string;
  created_at: string;
};

type InvitationsTable = PerUser & {
  invited_by: number;
  invited_at: string;
};

type LastSignInsTable = PerUser & {
  at: string;
};

type MandatesTable = Identity &
  OfEntity & {
    type: string;
    status: string;
    starts_on: string;
    ends_on: Nullable<string>;
    version: number;
  };

type ManifestDraftsTable = PerUser & {
  manifest: string;
  updated_at: string;
  base_version: Nullable<number>;
};

type ManifestPublishedTable = {
  slot: Generated<number>;
  version_id: number;
  published_at: string;
  published_by: string;
};

type ManifestVersionsTable = Identity & {
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

type ModRequestsTable = Identity &
  OfEntity & {
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

type NotificationSettingsTable = PerUser & {
  settings: string;
  updated_at: string;
};

type OidcStoreTable = {
  model: string;
  id: string;
  payload: string;
  expires_at: Nullable<number>;
  grant_id: Nullable<string>;
  uid: Nullable<string>;
  user_code: Nullable<string>;
};

type OrphanFilesTable = {
  storage_key: string;
};

type RecordedNotificationsTable = Identity & {
  user_id: number;
  account_id: number;
  type: string;
  subject_id: Nullable<number>;
  data: string;
  created_at: string;
  read_at: Nullable<string>;
  readers: Nullable<string>;
  reader_id: Nullable<number>;
};

type ReportFilesTable = StoredFile & {
  report_id: Generated<number>;
};

type ResetTokensTable = {
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: Nullable<string>;
};

type RetiredTokensTable = {
  jti: string;
  dies_at_ms: number;
  exp: number;
  next_jti: Nullable<string>;
  next_iat: Nullable<number>;
  next_exp: Nullable<number>;
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
  ended_at: Nullable<number>;
  grant_id: Nullable<string>;
};

type SlotsTable = {
  slot_id: Generated<number>;
  starts_at: string;
  ends_at: string;
  advisor: string;
  booked_by: Nullable<number>;
};

type StudioEditorsTable = PerUser;

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

type TermsAcceptancesTable = PerUser & {
  terms_id: number;
  accepted_at: string;
};

type ThrottleCountersTable = {
  key: string;
  /** The moments (ms) of the key's attempts still in their window: a JSON array of numbers. */
  attempts: string;
  expires_at_ms: number;
};

type UsersTable = Identity &
  PersonNames & {
    email: string;
    is_customer: number;
    password_hash: string;
    gigya_user_id: string;
    office_mobile: string;
    old_id: number;
    global_permissions: string;
    favorite_entities: string;
  };

export type Tables = {
  accounting_credentials: AccountingCredentialsTable;
  accounting_documents: AccountingDocumentsTable;
  accounting_sync_runs: AccountingSyncRunsTable;
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
  payroll_employees: PayrollEmployeesTable;
  payroll_entries: PayrollEntriesTable;
  payroll_history: PayrollHistoryTable;
  payroll_months: PayrollMonthsTable;
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
