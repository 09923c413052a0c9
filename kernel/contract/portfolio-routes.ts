// The wallet and entity-overview calls of the contract (issue 13): folders and favourites, the customers'
// entities, the company sheet, offers, MOD requests, subscriptions and mandates. Spread into `routes`.
// Wallet-wide lists are filtered per entity on the codes of `requiresAnyOf`: a folder where the caller
// lacks them is simply not listed, and a caller who holds them nowhere gets 403.
import type { RouteDefinition } from './route-definition.ts';
import { idParams, versionInput } from './schemas.ts';
import {
  bool,
  closedObject,
  dateTime,
  entityInParams,
  int,
  nullableDateTime,
  order,
  page,
  pageOf,
  pageSize,
  search,
  str,
} from './schema-parts.ts';

/**
 * The query of a wallet list over the caller's folders: search on the folder, an optional status filter,
 * a closed list of sorts, newest (desc) first by default, and the page.
 */
const statusListQuery = <
  const Status extends readonly string[],
  const Sort extends readonly [string, ...string[]],
>(
  statuses: Status,
  sorts: Sort,
  defaultSort: Sort[number],
) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: {
      q: search,
      status: { type: 'string', enum: statuses },
      sort: { type: 'string', enum: sorts, default: defaultSort },
      order: { ...order, default: 'desc' },
      page,
      pageSize,
    },
  }) as const;

const folderRowSchema = closedObject(['accountId', 'accountNumber', 'name', 'isFavorite'], {
  accountId: int,
  accountNumber: str,
  name: str,
  isFavorite: bool,
});

const accountIdParams = {
  type: 'object',
  required: ['accountId'],
  properties: { accountId: idParams.properties.id },
} as const;

const entityRowSchema = closedObject(['accountId', 'accountNumber', 'name', 'isFavorite', 'isSignatory'], {
  accountId: int,
  accountNumber: str,
  name: str,
  isFavorite: bool,
  isSignatory: bool,
});

export const MOD_REQUEST_STATUSES = ['pending', 'validated', 'refused'] as const;
export const MANDATE_STATUSES = ['draft', 'pending', 'active', 'suspended', 'revoked'] as const;
export const SUBSCRIPTION_STATUSES = ['validated', 'pending', 'refused', 'cancelled'] as const;

/** A row of a wallet-wide list: its id and the entity it belongs to, then its own fields. */
const walletRowSchema = <const Required extends readonly string[], const Properties extends object>(
  required: Required,
  properties: Properties,
) =>
  closedObject(['id', 'accountId', 'accountNumber', 'accountName', ...required], {
    id: int,
    accountId: int,
    accountNumber: str,
    accountName: str,
    ...properties,
  });

const modRequestRowSchema = walletRowSchema(
  ['offerCode', 'offerName', 'status', 'comment', 'requester', 'createdAt', 'decidedAt', 'reason'],
  {
    offerCode: str,
    offerName: str,
    status: { type: 'string', enum: MOD_REQUEST_STATUSES },
    comment: str,
    /** First and last name of who asked. */
    requester: str,
    createdAt: dateTime,
    decidedAt: nullableDateTime,
    /** The reason given with a refusal (or a validation); empty when none. */
    reason: str,
  },
);

const mandateRowSchema = walletRowSchema(['type', 'status', 'startsOn', 'endsOn', 'version'], {
  type: str,
  status: { type: 'string', enum: MANDATE_STATUSES },
  startsOn: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  endsOn: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  /** Optimistic concurrency: send it back with a status change. */
  version: int,
});

/** A mandate as its entity's people read it: no folder columns, the page is the entity's. */
const entityMandateSchema = closedObject(['id', 'type', 'status', 'startsOn', 'endsOn'], {
  id: int,
  type: str,
  status: { type: 'string', enum: MANDATE_STATUSES },
  startsOn: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  endsOn: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
});

const subscriptionRowSchema = closedObject(
  ['accountId', 'accountNumber', 'accountName', 'offerCode', 'offerName', 'status'],
  {
    accountId: int,
    accountNumber: str,
    accountName: str,
    offerCode: str,
    offerName: str,
    status: { type: 'string', enum: SUBSCRIPTION_STATUSES },
  },
);

const entityOfferSchema = closedObject(
  ['offerCode', 'name', 'description', 'monthlyPrice', 'subscriptionStatus', 'pendingRequest'],
  {
    offerCode: str,
    name: str,
    description: str,
    monthlyPrice: { type: 'number' },
    subscriptionStatus: { anyOf: [{ type: 'string', enum: SUBSCRIPTION_STATUSES }, { type: 'null' }] },
    /** A MOD request for this offer waits for a collaborator. */
    pendingRequest: bool,
  },
);

const contactSchema = closedObject(['name', 'role', 'email', 'phone'], {
  name: { type: 'string', maxLength: 120 },
  role: { type: 'string', maxLength: 120 },
  email: { type: 'string', maxLength: 254 },
  phone: { type: 'string', maxLength: 30 },
});

const sheetFields = {
  legalName: { type: 'string', maxLength: 200 },
  /** SIREN: nine digits. */
  companyNumber: { type: 'string', maxLength: 20 },
  legalForm: { type: 'string', maxLength: 60 },
  addressLine: { type: 'string', maxLength: 200 },
  postalCode: { type: 'string', maxLength: 10 },
  city: { type: 'string', maxLength: 100 },
  /** Day the fiscal year ends, MM-DD. */
  fiscalYearEnd: { type: 'string', maxLength: 5 },
  /** NAF/APE code, e.g. 10.71C. */
  activityCode: { type: 'string', maxLength: 10 },
  contacts: { type: 'array', maxItems: 5, items: contactSchema },
} as const;
const sheetRequired = [
  'legalName',
  'companyNumber',
  'legalForm',
  'addressLine',
  'postalCode',
  'city',
  'fiscalYearEnd',
  'activityCode',
  'contacts',
] as const;

const companySheetSchema = closedObject(['accountId', 'version', 'updatedAt', ...sheetRequired], {
  accountId: int,
  version: int,
  updatedAt: nullableDateTime,
  ...sheetFields,
});

const modRequestCreatedSchema = closedObject(['id', 'accountId', 'offerCode', 'status', 'createdAt'], {
  id: int,
  accountId: int,
  offerCode: str,
  status: { type: 'string', enum: MOD_REQUEST_STATUSES },
  createdAt: dateTime,
});

export const portfolioRoutes = {
  walletFolders: {
    // The collaborators' wallet (issue 10): a customer is refused before anything is read.
    collaboratorsOnly: true,
    method: 'GET',
    path: '/wallet/api/portfolio/folders',
    auth: 'bearer',
    tag: 'wallet',
    summary:
      "The collaborator's folders: favourites first, then by the sort; q matches the name or the number (case-insensitive substring). Customers → 403.",
    status: 200,
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        q: search,
        sort: { type: 'string', enum: ['name', 'accountNumber'], default: 'name' },
        order,
        page,
        pageSize,
      },
    },
    response: pageOf(folderRowSchema),
  },
  myEntities: {
    method: 'GET',
    path: '/account/api/portfolio/entities',
    auth: 'bearer',
    tag: 'entities',
    summary:
      'The entities the user is attached to, favourites first then by name, with isFavorite; pageSize defaults to SPEC 9 (2).',
    status: 200,
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { page, pageSize: { ...pageSize, default: 2 } },
    },
    response: pageOf(entityRowSchema),
  },
  setFavorite: {
    entityId: { in: 'params', name: 'accountId' },
    method: 'PUT',
    path: '/wallet/api/portfolio/favorites/:accountId',
    auth: 'bearer',
    tag: 'wallet',
    summary: 'Marks an entity the user is attached to as a favourite or not (403 otherwise). Idempotent.',
    status: 200,
    params: accountIdParams,
    body: {
      type: 'object',
      required: ['favorite'],
      additionalProperties: false,
      properties: { favorite: bool },
    },
    response: closedObject(['accountId', 'isFavorite'], { accountId: int, isFavorite: bool }),
    concurrency: 'last writer wins (one statement per toggle)',
  },
  companySheet: {
    entityId: entityInParams,
    method: 'GET',
    path: '/connect/api/accounts/:id/company-sheet',
    auth: 'bearer',
    tag: 'entities',
    summary:
      'The company sheet of the entity (its summary holds only the name and number): legal details, address, fiscal year, activity code, contacts, and its version.',
    status: 200,
    params: idParams,
    response: companySheetSchema,
    requiresAnyOf: ['CLINFO001', 'COINFO001'],
  },
  entityMandates: {
    entityId: entityInParams,
    method: 'GET',
    path: '/connect/api/accounts/:id/mandates',
    auth: 'bearer',
    tag: 'entities',
    summary:
      "The entity's mandates (a few per entity: the whole list, newest start first) with their status, read with the company sheet's codes: a customer sees the mandate a status change notification tells of.",
    status: 200,
    params: idParams,
    response: closedObject(['items'], { items: { type: 'array', items: entityMandateSchema } }),
    requiresAnyOf: ['CLINFO001', 'COINFO001'],
  },
  saveCompanySheet: {
    entityId: entityInParams,
    method: 'PUT',
    path: '/connect/api/accounts/:id/company-sheet',
    auth: 'bearer',
    tag: 'entities',
    summary:
      'Replaces the company sheet. Invalid fields → 422 naming them; a version other than the stored one → 409 (someone saved in between).',
    status: 200,
    params: idParams,
    body: closedObject(['version', ...sheetRequired], { version: versionInput, ...sheetFields }),
    response: companySheetSchema,
    requiresAnyOf: ['COINFO002'],
    action: 'companySheet.edit',
    concurrency: 'optimistic: the version must match, else 409 and nothing written',
  },
  entityOffers: {
    entityId: entityInParams,
    method: 'GET',
    path: '/offer/api/accounts/:id/offers',
    auth: 'bearer',
    tag: 'offers',
    summary: "The catalogue's offers as seen by the entity: its subscription status and any pending request.",
    status: 200,
    params: idParams,
    response: closedObject(['items'], { items: { type: 'array', items: entityOfferSchema } }),
    requiresAnyOf: ['CLOFF001', 'COOFF003'],
  },
  requestOffer: {
    entityId: entityInParams,
    method: 'POST',
    path: '/offer/api/accounts/:id/offer-requests',
    auth: 'bearer',
    tag: 'offers',
    summary:
      'Asks for an offer for the entity (a customer) or activates it (a collaborator): creates a pending MOD request. Unknown offer → 422; already subscribed or already pending → 409.',
    status: 201,
    params: idParams,
    body: closedObject(['offerCode'], {
      offerCode: { type: 'string', minLength: 1, maxLength: 50 },
      comment: { type: 'string', maxLength: 2000 },
    }),
    response: modRequestCreatedSchema,
    requiresAnyOf: ['CLOFF001', 'COOFF001'],
    action: 'offers.request',
    concurrency: 'one pending request per entity and offer; the second → 409',
  },
  walletModRequests: {
    // The collaborators' wallet (issue 10): a customer is refused before anything is read.
    collaboratorsOnly: true,
    globalRequiresAnyOf: ['COOFF002'],
    method: 'GET',
    path: '/offer/api/portfolio/mod-requests',
    auth: 'bearer',
    tag: 'offers',
    summary:
      'MOD requests of the folders where the caller holds COOFF002, newest first by default; optional status filter and search on the folder.',
    status: 200,
    query: statusListQuery(MOD_REQUEST_STATUSES, ['createdAt', 'accountName', 'status'], 'createdAt'),
    response: pageOf(modRequestRowSchema),
    requiresAnyOf: ['COOFF002'],
  },
  decideModRequest: {
    entityId: 'handler',
    // The collaborators' wallet (issue 10): a customer is refused before anything is read.
    collaboratorsOnly: true,
    globalRequiresAnyOf: ['COOFF002'],
    method: 'POST',
    path: '/offer/api/mod-requests/:id/decision',
    auth: 'bearer',
    tag: 'offers',
    summary:
      "Validates or refuses a pending MOD request (a refusal needs a reason, 422 otherwise). Validating sets the entity's subscription to that offer to validated. Already decided → 409.",
    status: 200,
    params: idParams,
    body: closedObject(['decision'], {
      decision: { type: 'string', enum: ['validated', 'refused'] },
      reason: { type: 'string', maxLength: 500 },
    }),
    response: modRequestRowSchema,
    requiresAnyOf: ['COOFF002'],
    action: 'modRequests.decide',
    concurrency: 'first decision wins (conditional update on pending); the others 409',
  },
  walletSubscriptions: {
    method: 'GET',
    path: '/offer/api/portfolio/subscriptions',
    auth: 'bearer',
    tag: 'offers',
    summary:
      'Subscriptions of every entity where the caller holds CLOFF001 or COOFF002, by entity then offer.',
    status: 200,
    response: closedObject(['items'], { items: { type: 'array', items: subscriptionRowSchema } }),
    requiresAnyOf: ['CLOFF001', 'COOFF002'],
  },
  walletMandates: {
    // The collaborators' wallet (issue 10): a customer is refused before anything is read.
    collaboratorsOnly: true,
    globalRequiresAnyOf: ['COMAND001'],
    method: 'GET',
    path: '/wallet/api/portfolio/mandates',
    auth: 'bearer',
    tag: 'wallet',
    summary:
      'Mandates of the folders where the caller holds COMAND001; optional status filter and folder search.',
    status: 200,
    query: statusListQuery(MANDATE_STATUSES, ['accountName', 'startsOn', 'status'], 'startsOn'),
    response: pageOf(mandateRowSchema),
    requiresAnyOf: ['COMAND001'],
  },
  setMandateStatus: {
    entityId: 'handler',
    // The collaborators' wallet (issue 10): a customer is refused before anything is read.
    collaboratorsOnly: true,
    globalRequiresAnyOf: ['COMAND001'],
    method: 'PUT',
    path: '/wallet/api/mandates/:id/status',
    auth: 'bearer',
    tag: 'wallet',
    summary:
      'Changes the status of a mandate and publishes Mandate-MandateStatusChanged. A stale version → 409, nothing written.',
    status: 200,
    params: idParams,
    body: closedObject(['status', 'version'], {
      status: { type: 'string', enum: MANDATE_STATUSES },
      version: versionInput,
    }),
    response: mandateRowSchema,
    requiresAnyOf: ['COMAND001'],
    action: 'mandates.changeStatus',
    concurrency: 'optimistic: the version must match, else 409',
  },
} as const satisfies Record<string, RouteDefinition>;
