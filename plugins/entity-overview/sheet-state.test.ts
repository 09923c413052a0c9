import { describe, expect, it } from 'vitest';
import type { CompanySheetFields } from './company-sheet-api.ts';
import { initialSheetState, sheetReducer } from './sheet-state.ts';
import type { SheetState } from './sheet-state.ts';

const fields = {
  legalName: 'Garage Martin',
  companyNumber: '',
  legalForm: 'SARL',
  activityCode: '',
  addressLine: '1 rue de la Paix',
  postalCode: '',
  city: 'Lyon',
  fiscalYearEnd: '',
  contacts: [{ name: 'Ada', role: '', email: 'ada@example.test', phone: '' }],
} satisfies CompanySheetFields;
const editing: SheetState = { ...initialSheetState, draft: { fields, version: 3 } };

describe('company sheet state', () => {
  it('edits a field and a contact of the draft only', () => {
    const typed = sheetReducer(editing, { type: 'field', key: 'city', value: 'Lille' });
    const contact = sheetReducer(typed, { type: 'contact', index: 0, key: 'role', value: 'Gérante' });
    expect(contact.draft?.fields.city).toBe('Lille');
    expect(contact.draft?.fields.contacts[0]).toMatchObject({ name: 'Ada', role: 'Gérante' });
    expect(sheetReducer(initialSheetState, { type: 'field', key: 'city', value: 'Lille' })).toBe(
      initialSheetState,
    );
  });

  it('adds an empty contact and removes the one asked', () => {
    const added = sheetReducer(editing, { type: 'contactAdded' });
    expect(added.draft?.fields.contacts).toHaveLength(2);
    const removed = sheetReducer(added, { type: 'contactRemoved', index: 0 });
    expect(removed.draft?.fields.contacts).toEqual([{ name: '', role: '', email: '', phone: '' }]);
  });

  it('says invalid when the check finds errors, and keeps the outcome otherwise', () => {
    const invalid = sheetReducer(editing, { type: 'checked', errors: { legalName: 'required' } });
    expect(invalid).toMatchObject({ outcome: 'invalid', errors: { legalName: 'required' } });
    expect(sheetReducer(editing, { type: 'checked', errors: {} }).outcome).toBeNull();
  });

  it('keeps the draft on a conflict and drops it once saved', () => {
    const stale = sheetReducer(editing, { type: 'saveFailed', outcome: 'stale' });
    expect(stale).toMatchObject({ outcome: 'stale', draft: { version: 3 } });
    expect(sheetReducer(stale, { type: 'saved' })).toMatchObject({ draft: null, outcome: 'saved' });
  });

  it('starting again against a newer version clears the outcome; cancelling clears everything', () => {
    const stale: SheetState = { ...editing, outcome: 'stale', errors: { city: 'required' } };
    expect(sheetReducer(stale, { type: 'edit', fields, version: 4 })).toMatchObject({
      draft: { version: 4 },
      outcome: null,
    });
    expect(sheetReducer(stale, { type: 'cancelled' })).toEqual(initialSheetState);
  });
});
