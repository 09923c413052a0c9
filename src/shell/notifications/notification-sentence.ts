import type { NotificationFacts } from '../../../kernel/contract/notification-routes.ts';
import { COLLABORATOR_ROLES } from '../../../kernel/contract/people-routes.ts';
import { MANDATE_STATUSES } from '../../../kernel/contract/portfolio-routes.ts';
import type { PortalConfig } from '../../../kernel/schemas/portal-config.ts';
import { type RightWords, rightsInWords } from '../../manifest/right-words.ts';

/** A translate function of the notifications namespace (keys checked by the locale tests). */
export type Translate = (key: string, values?: Record<string, string>) => string;

type Worded = { type: string; accountName: string; subjectId: number | null; data: NotificationFacts };

/** What the centre shows of a notification: who did what to what, and a line of detail when there is one. */
export type Said = { sentence: string; detail: string | null };

const text = (value: string | number | undefined) => (value === undefined ? undefined : String(value));

const isOneOf = (values: readonly string[], value: string | undefined): value is string =>
  value !== undefined && values.includes(value);

/** The rights a delegation gave, in words: the codes, then being made a signatory. */
function rightsGiven(config: PortalConfig, facts: NotificationFacts, words: RightWords): string {
  const codes = (text(facts.codes) ?? '').split(/[,\s]+/).filter((code) => code !== '');
  return rightsInWords(config, facts.signatory === 1 ? [...codes, 'signatory'] : codes, words);
}

/**
 * The sentence of a notification, from the facts the gateway recorded (docs: NotificationFacts): who acted,
 * whom or what it is about, on which entity. `me`: the reader's id, so a person reads "vous" of their own
 * delegation. An event recorded before its facts existed, or raised by the firm's systems, says what
 * happened in the type's general sentence and the detail it has (a document's name, a report's title).
 */
export function notificationSentence(
  notification: Worded,
  me: number | null,
  t: Translate,
  config: PortalConfig,
): Said {
  const { data: facts, type } = notification;
  const general: Said = { sentence: t(`events.${type}`), detail: text(facts.name ?? facts.title) ?? null };
  const actor = text(facts.actor);
  const entity = notification.accountName;
  const words: RightWords = {
    label: (key) => t(`common:${key}`),
    role: (role) => (isOneOf(COLLABORATOR_ROLES, role) ? t(`rights.roles.${role}`) : undefined),
    signatory: t('rights.signatory'),
    allCollaboratorCodes: t('rights.allCollaboratorCodes'),
    other: t('rights.other'),
  };
  switch (type) {
    case 'Delegation-AddDelegation': {
      // Before issue 30 a delegation named its author only (`by`).
      const author = actor ?? text(facts.by);
      if (author === undefined) return general;
      const person = text(facts.person);
      const you = me !== null && notification.subjectId === me;
      const values = { actor: author, entity, person: person ?? '' };
      const kind = text(facts.kind);
      if (kind === undefined || person === undefined)
        return { sentence: t('said.delegatedBy', values), detail: null };
      const rights = rightsGiven(config, facts, words);
      if (kind === 'invited')
        return { sentence: t(you ? 'said.invitedYou' : 'said.invited', values), detail: rights || null };
      if (kind === 'granted')
        return { sentence: t(you ? 'said.grantedYou' : 'said.granted', { ...values, rights }), detail: null };
      if (kind === 'joined')
        return {
          sentence: t('said.joined', { ...values, inviter: text(facts.inviter) ?? t('rights.someone') }),
          detail: rights || null,
        };
      if (kind === 'assigned') {
        const role = words.role(text(facts.role) ?? '') ?? words.other;
        return { sentence: t(you ? 'said.assignedYou' : 'said.assigned', { ...values, role }), detail: null };
      }
      return { sentence: t('said.delegatedBy', values), detail: null };
    }
    case 'Mandate-MandateStatusChanged': {
      const [from, to] = [text(facts.from), text(facts.to)];
      if (!isOneOf(MANDATE_STATUSES, from) || !isOneOf(MANDATE_STATUSES, to)) return general;
      const values = {
        actor: actor ?? '',
        mandate: text(facts.type) ?? '',
        from: t(`mandateStatuses.${from}`),
        to: t(`mandateStatuses.${to}`),
      };
      return {
        sentence: t(actor === undefined ? 'said.mandateBySystem' : 'said.mandate', values),
        detail: null,
      };
    }
    case 'Reporting-ReportCreatedCustomer':
    case 'Reporting-ReportCreatedCollab':
    case 'Reporting-ReportUpdatedCustomer':
    case 'Reporting-ReportUpdatedCollab': {
      const title = text(facts.title);
      if (actor === undefined || title === undefined) return general;
      const key = type.includes('Created') ? 'said.reportCreated' : 'said.reportUpdated';
      return { sentence: t(key, { actor, title }), detail: null };
    }
    case 'Ged-AccountingDocumentUploaded':
    case 'Ged-GSDocumentUploaded': {
      const name = text(facts.name);
      if (actor === undefined || name === undefined) return general;
      const key = type === 'Ged-GSDocumentUploaded' ? 'said.socialDocument' : 'said.accountingDocument';
      return { sentence: t(key, { actor, name }), detail: null };
    }
    default:
      return general;
  }
}
