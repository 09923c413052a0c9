import type { CompanySheet, CompanySheetFields } from './company-sheet-api.ts';
import type { FieldError } from './sheet-validation.ts';

export const TEXT_FIELDS = [
  'legalName',
  'companyNumber',
  'legalForm',
  'activityCode',
  'addressLine',
  'postalCode',
  'city',
  'fiscalYearEnd',
] as const;
export const CONTACT_FIELDS = ['name', 'role', 'email', 'phone'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type ContactField = (typeof CONTACT_FIELDS)[number];

type Outcome = 'saved' | 'stale' | 'invalid' | 'failed' | null;

/** The company sheet page's state: what the person typed, what is wrong with it, what saving came to. */
export type SheetState = {
  /** What the person typed, and the version it was typed against; null while only reading. */
  draft: { fields: CompanySheetFields; version: number } | null;
  errors: Record<string, FieldError>;
  outcome: Outcome;
};

export type SheetAction =
  /** Editing starts (or starts again) from these values, typed against this version. */
  | { type: 'edit'; fields: CompanySheetFields; version: number }
  | { type: 'field'; key: TextField; value: string }
  | { type: 'contact'; index: number; key: ContactField; value: string }
  | { type: 'contactAdded' }
  | { type: 'contactRemoved'; index: number }
  | { type: 'cancelled' }
  | { type: 'checked'; errors: Record<string, FieldError> }
  | { type: 'saved' }
  | { type: 'saveFailed'; outcome: 'stale' | 'invalid' | 'failed' };

export const initialSheetState: SheetState = { draft: null, errors: {}, outcome: null };

/** The fields of a sheet as the form edits them (without its id, version and date). */
export function fieldsOf(sheet: CompanySheet): CompanySheetFields {
  const { accountId: _accountId, version: _version, updatedAt: _updatedAt, ...fields } = sheet;
  return fields;
}

function withFields(
  state: SheetState,
  change: (fields: CompanySheetFields) => CompanySheetFields,
): SheetState {
  return state.draft === null
    ? state
    : { ...state, draft: { ...state.draft, fields: change(state.draft.fields) } };
}

export function sheetReducer(state: SheetState, action: SheetAction): SheetState {
  switch (action.type) {
    case 'edit':
      return { ...state, draft: { fields: action.fields, version: action.version }, outcome: null };
    case 'field':
      return withFields(state, (fields) => ({ ...fields, [action.key]: action.value }));
    case 'contact':
      return withFields(state, (fields) => ({
        ...fields,
        contacts: fields.contacts.map((contact, at) =>
          at === action.index ? { ...contact, [action.key]: action.value } : contact,
        ),
      }));
    case 'contactAdded':
      return withFields(state, (fields) => ({
        ...fields,
        contacts: [...fields.contacts, { name: '', role: '', email: '', phone: '' }],
      }));
    case 'contactRemoved':
      return withFields(state, (fields) => ({
        ...fields,
        contacts: fields.contacts.filter((_, at) => at !== action.index),
      }));
    case 'cancelled':
      return initialSheetState;
    case 'checked':
      return {
        ...state,
        errors: action.errors,
        outcome: Object.keys(action.errors).length > 0 ? 'invalid' : state.outcome,
      };
    case 'saved':
      return { ...state, draft: null, outcome: 'saved' };
    case 'saveFailed':
      // On a conflict the draft stays as typed, to be kept or replaced by the newer version.
      return { ...state, outcome: action.outcome };
  }
}
