import type { CompanySheetFields } from './company-sheet-api.ts';

/** What is wrong with a field, as a key of the plugin's `info.errors`. */
export type FieldError =
  'required' | 'companyNumber' | 'postalCode' | 'fiscalYearEnd' | 'activityCode' | 'email';

/** The field rules of the company sheet, the same as the gateway's (it answers 422 otherwise). */
export function validateSheet(sheet: CompanySheetFields): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const key of ['legalName', 'legalForm', 'addressLine', 'city'] as const)
    if (sheet[key].trim() === '') errors[key] = 'required';
  if (!/^\d{9}$/.test(sheet.companyNumber.replace(/\s/g, ''))) errors['companyNumber'] = 'companyNumber';
  if (!/^\d{5}$/.test(sheet.postalCode)) errors['postalCode'] = 'postalCode';
  if (!/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(sheet.fiscalYearEnd))
    errors['fiscalYearEnd'] = 'fiscalYearEnd';
  if (!/^\d{2}\.\d{2}[A-Z]$/.test(sheet.activityCode)) errors['activityCode'] = 'activityCode';
  sheet.contacts.forEach((contact, index) => {
    if (contact.name.trim() === '') errors[`contacts.${String(index)}.name`] = 'required';
    if (contact.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact.email))
      errors[`contacts.${String(index)}.email`] = 'email';
  });
  return errors;
}
