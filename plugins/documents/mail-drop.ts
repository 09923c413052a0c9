import type { DocumentKind } from './documents-api.ts';

/**
 * The manifest action that shows a list's drop address, one per mail-to flag: accounting pieces go to the
 * accounting software (mailToAccountingSoftware), legacy and social-management documents to the firm's
 * documents (mailToDocuments).
 */
const MAIL_DROP_ACTION: Readonly<Record<DocumentKind, string>> = {
  legacy: 'documents.mailDrop',
  accounting: 'documents.mailDrop.accountingSoftware',
  'social-management': 'documents.mailDrop',
};

export const mailDropAction = (kind: DocumentKind): string => MAIL_DROP_ACTION[kind];
