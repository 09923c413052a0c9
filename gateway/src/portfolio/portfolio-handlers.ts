// Wallet and entity-overview calls: folders and favourites, the customers' entities, the company sheet,
// offers and MOD requests, subscriptions and mandates. Each checks membership and the codes its contract
// route names (routes.X.requiresAnyOf), so the route table stays the one place that says who may call.
import {
  MOD_REQUEST_STATUSES,
  SUBSCRIPTION_STATUSES,
  MANDATE_STATUSES,
} from '../../../kernel/contract/portfolio-routes.ts';
import { routes, type SessionClaims } from '../../../kernel/contract/api.ts';
import { OFFERS } from '../../seed/demo-data.ts';
import { HttpError, conflict, forbidden, notFound } from '../http/http-error.ts';
import { pageInfo } from '../http/paging.ts';
import type { Handlers } from '../http/route-table.ts';
import type { UserRow } from '../db/store.ts';
import { currentUser, entityPermissions, requireAnyPermission, requireMembership } from '../kernel/deps.ts';
import type { Deps } from '../kernel/deps.ts';
import { entityRow } from '../kernel/entity-row.ts';
import { defaultSheet } from './portfolio-seed.ts';
import type { CompanySheet } from './portfolio-seed.ts';
import type { ListQuery, MandateRow, ModRequestDetailRow, PortfolioStore } from './portfolio-store.ts';

type PortfolioRoutes =
  | 'walletFolders'
  | 'myEntities'
  | 'setFavorite'
  | 'companySheet'
  | 'entityMandates'
  | 'saveCompanySheet'
  | 'entityOffers'
  | 'requestOffer'
  | 'walletModRequests'
  | 'decideModRequest'
  | 'walletSubscriptions'
  | 'walletMandates'
  | 'setMandateStatus';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

const offerName = (code: string) => OFFERS.find((offer) => offer.offerCode === code)?.name ?? code;

type FolderRow = Awaited<ReturnType<PortfolioStore['folders']>>['rows'][number];
type FolderRequest = Omit<EntityListRequest<'name' | 'accountNumber'>, 'status'>;

const toFolder = (row: FolderRow) => ({
  accountId: row.account_id,
  accountNumber: row.account_number,
  name: row.name,
  isFavorite: row.is_favorite === 1,
});

/** What a row of a wallet-wide list starts with: its id and the entity it belongs to. */
const walletRow = (row: {
  id: number;
  account_id: number;
  account_number: string;
  account_name: string;
}) => ({
  ...entityRow(row),
  accountNumber: row.account_number,
  accountName: row.account_name,
});

function toModRequest(row: ModRequestDetailRow) {
  return {
    ...walletRow(row),
    offerCode: row.offer_code,
    offerName: offerName(row.offer_code),
    status: oneOf(MOD_REQUEST_STATUSES, row.status, 'pending'),
    comment: row.comment,
    requester: row.requester,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    reason: row.reason ?? '',
  };
}

function toMandate(row: MandateRow) {
  return {
    ...walletRow(row),
    type: row.type,
    status: oneOf(MANDATE_STATUSES, row.status, 'pending'),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    version: row.version,
  };
}

/** Field rules of the company sheet; the portal shows the same ones before sending. */
function invalidSheetFields(sheet: CompanySheet): string[] {
  const invalid: string[] = [];
  const required = ['legalName', 'legalForm', 'addressLine', 'city'] as const;
  for (const key of required) if (sheet[key].trim() === '') invalid.push(key);
  if (!/^\d{9}$/.test(sheet.companyNumber.replace(/\s/g, ''))) invalid.push('companyNumber');
  if (!/^\d{5}$/.test(sheet.postalCode)) invalid.push('postalCode');
  if (!/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(sheet.fiscalYearEnd)) invalid.push('fiscalYearEnd');
  if (!/^\d{2}\.\d{2}[A-Z]$/.test(sheet.activityCode)) invalid.push('activityCode');
  sheet.contacts.forEach((contact, index) => {
    if (contact.name.trim() === '') invalid.push(`contacts.${String(index)}.name`);
    if (contact.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact.email))
      invalid.push(`contacts.${String(index)}.email`);
  });
  return invalid;
}

/** The store's window of rows for a page of the request (pages count from 1). */
const windowOf = (query: { page: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

type EntityListRequest<Sort extends string> = {
  q: string;
  status?: string | undefined;
  sort: Sort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

/** A list over the caller's entities, as the store reads it: the request's search, status filter and sort. */
function entityListQuery<Sort extends string>(
  userId: number,
  rights: readonly string[],
  query: EntityListRequest<Sort>,
): ListQuery<Sort> {
  return {
    userId,
    rights,
    q: query.q.trim(),
    status: query.status,
    sort: query.sort,
    order: query.order,
    ...windowOf(query),
  };
}

export function portfolioHandlers(deps: Deps, portfolio: PortfolioStore): Pick<Handlers, PortfolioRoutes> {
  async function requireEntityCode(userId: number, accountId: number, codes: readonly string[]) {
    requireAnyPermission(deps, await requireMembership(deps, userId, accountId), codes);
  }

  /**
   * The user's entities where one of `codes` is held, as the rights (`memberships.permissions`) of those
   * memberships: what the store selects them by. 403 when there is none.
   */
  async function entitiesWith(user: UserRow, codes: readonly string[]): Promise<string[]> {
    const rights = (await deps.store.memberships.rightsSets(user.id)).filter((permissions) => {
      const held = new Set(entityPermissions(deps, { is_signatory: 0, permissions }));
      return codes.some((code) => held.has(code));
    });
    if (rights.length === 0) throw forbidden();
    return rights;
  }

  function requireCollaborator(user: UserRow) {
    if (user.is_customer === 1) throw forbidden();
  }

  /** The calling collaborator and their entities where one of `codes` is held (entitiesWith). */
  async function collaboratorWith(session: SessionClaims, codes: readonly string[]) {
    const user = await currentUser(deps, session);
    requireCollaborator(user);
    return { user, rights: await entitiesWith(user, codes) };
  }

  /** A page of the user's folders (their entities), searched and sorted as asked. */
  async function folderPage<Item>(user: UserRow, query: FolderRequest, toItem: (row: FolderRow) => Item) {
    const { rows, total } = await portfolio.folders({
      userId: user.id,
      q: query.q.trim(),
      sort: query.sort,
      order: query.order,
      ...windowOf(query),
    });
    return { items: rows.map(toItem), ...pageInfo(total, query.page, query.pageSize) };
  }

  /** A page of a wallet-wide list over the calling collaborator's entities that hold the route's codes. */
  async function walletPage<Sort extends string, Row, Item>(
    route: 'walletModRequests' | 'walletMandates',
    session: SessionClaims,
    query: EntityListRequest<Sort>,
    read: (list: ListQuery<Sort>) => Promise<{ rows: Row[]; total: number }>,
    toItem: (row: Row) => Item,
  ) {
    const { user, rights } = await collaboratorWith(session, routes[route].requiresAnyOf);
    const { rows, total } = await read(entityListQuery(user.id, rights, query));
    return { items: rows.map(toItem), ...pageInfo(total, query.page, query.pageSize) };
  }

  /**
   * The calling collaborator and the row they act on, of an entity where they hold one of the route's codes.
   * Membership first: an id of another tenant's row answers like one that does not exist to them.
   */
  async function collaboratorActingOn<Row extends { account_id: number }>(
    session: SessionClaims,
    route: 'decideModRequest' | 'setMandateStatus',
    load: () => Promise<Row | undefined>,
  ) {
    const user = await currentUser(deps, session);
    requireCollaborator(user);
    const row = await load();
    if (!row) throw forbidden();
    await requireEntityCode(user.id, row.account_id, routes[route].requiresAnyOf);
    return { user, row };
  }

  async function sheetOf(accountId: number) {
    const row = await portfolio.companySheet(accountId);
    const name = await portfolio.entityName(accountId);
    if (name === undefined) throw notFound(`Entity ${String(accountId)}`);
    // An entity without a stored sheet starts from its defaults at version 0; the first save creates it.
    const data = row ? (JSON.parse(row.data) as CompanySheet) : defaultSheet(accountId, name);
    return { accountId, version: row?.version ?? 0, updatedAt: row?.updated_at ?? null, ...data };
  }

  return {
    walletFolders: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      requireCollaborator(user);
      return folderPage(user, query, toFolder);
    },

    myEntities: async ({ session, query }) => {
      const user = await currentUser(deps, session);
      return folderPage(user, { ...query, q: '', sort: 'name', order: 'asc' }, (row) => ({
        ...toFolder(row),
        isSignatory: user.is_customer === 1 && row.is_signatory === 1,
      }));
    },

    setFavorite: async ({ session, params, body }) => {
      const user = await currentUser(deps, session);
      await requireMembership(deps, user.id, params.accountId);
      await portfolio.setFavorite(user.id, params.accountId, body.favorite);
      return { accountId: params.accountId, isFavorite: body.favorite };
    },

    companySheet: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.companySheet.requiresAnyOf);
      return await sheetOf(params.id);
    },

    entityMandates: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.entityMandates.requiresAnyOf);
      return {
        items: (await portfolio.entityMandates(params.id)).map((row) => ({
          id: row.id,
          type: row.type,
          status: oneOf(MANDATE_STATUSES, row.status, 'pending'),
          startsOn: row.starts_on,
          endsOn: row.ends_on,
        })),
      };
    },

    saveCompanySheet: async ({ session, params, body }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.saveCompanySheet.requiresAnyOf);
      const { version, ...sheet } = body;
      const trimmed = { ...sheet, companyNumber: sheet.companyNumber.replace(/\s/g, '') };
      const invalid = invalidSheetFields(trimmed);
      if (invalid.length > 0)
        throw new HttpError(422, 'invalid_body', `Invalid fields: ${invalid.join(', ')}.`);
      // Version 0 is the unsaved default: the first writer inserts, a second one with 0 is stale.
      const written = await portfolio.saveCompanySheet(
        params.id,
        version,
        JSON.stringify(trimmed),
        new Date().toISOString(),
      );
      if (!written) throw conflict('The company sheet was changed by someone else since it was loaded.');
      return await sheetOf(params.id);
    },

    entityOffers: async ({ session, params }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.entityOffers.requiresAnyOf);
      const subscriptions = new Map(
        (await portfolio.subscriptionsOf(params.id)).map((row) => [row.offer_code, row.status]),
      );
      const pending = new Set(await portfolio.pendingOffers(params.id));
      return {
        items: OFFERS.map((offer) => {
          const status = subscriptions.get(offer.offerCode);
          return {
            ...offer,
            subscriptionStatus: status === undefined ? null : oneOf(SUBSCRIPTION_STATUSES, status, 'pending'),
            pendingRequest: pending.has(offer.offerCode),
          };
        }),
      };
    },

    requestOffer: async ({ session, params, body }) => {
      const user = await currentUser(deps, session);
      await requireEntityCode(user.id, params.id, routes.requestOffer.requiresAnyOf);
      if (!OFFERS.some((offer) => offer.offerCode === body.offerCode))
        throw new HttpError(422, 'invalid_body', `Unknown offer ${body.offerCode}.`);
      const outcome = await portfolio.requestOffer({
        accountId: params.id,
        offerCode: body.offerCode,
        comment: body.comment ?? '',
        userId: user.id,
        now: new Date().toISOString(),
      });
      if (!outcome.made)
        throw conflict(
          outcome.reason === 'subscribed'
            ? 'The entity already has this offer.'
            : 'A request for this offer is already waiting.',
        );
      const { row } = outcome;
      return {
        ...entityRow(row),
        offerCode: row.offer_code,
        status: 'pending' as const,
        createdAt: row.created_at,
      };
    },

    walletModRequests: ({ session, query }) =>
      walletPage('walletModRequests', session, query, (list) => portfolio.modRequests(list), toModRequest),

    decideModRequest: async ({ session, params, body }) => {
      const { user, row: request } = await collaboratorActingOn(session, 'decideModRequest', () =>
        portfolio.modRequest(params.id),
      );
      const reason = (body.reason ?? '').trim();
      if (body.decision === 'refused' && reason === '')
        throw new HttpError(422, 'invalid_body', 'A refusal needs a reason.');
      const decidedNow = await portfolio.decideModRequest({
        id: params.id,
        accountId: request.account_id,
        offerCode: request.offer_code,
        status: body.decision,
        userId: user.id,
        reason,
        now: new Date().toISOString(),
      });
      if (!decidedNow) throw conflict('This request was already decided.');
      const decided = await portfolio.modRequest(params.id);
      if (!decided) throw new Error('decided MOD request vanished');
      return toModRequest(decided);
    },

    walletSubscriptions: async ({ session }) => {
      const user = await currentUser(deps, session);
      const rights = await entitiesWith(user, routes.walletSubscriptions.requiresAnyOf);
      return {
        items: (await portfolio.walletSubscriptions(user.id, rights)).map((row) => ({
          accountId: row.account_id,
          accountNumber: row.account_number,
          accountName: row.account_name,
          offerCode: row.offer_code,
          offerName: offerName(row.offer_code),
          status: oneOf(SUBSCRIPTION_STATUSES, row.status, 'pending'),
        })),
      };
    },

    walletMandates: ({ session, query }) =>
      walletPage('walletMandates', session, query, (list) => portfolio.mandates(list), toMandate),

    setMandateStatus: async ({ session, params, body }) => {
      const { user, row: mandate } = await collaboratorActingOn(session, 'setMandateStatus', () =>
        portfolio.mandate(params.id),
      );
      if (!(await portfolio.setMandateStatus(params.id, body.status, body.version)))
        throw conflict('The mandate was changed by someone else since it was loaded.');
      // After the change is written (one conditional UPDATE): never a notification of a change not made.
      await deps.events.publish({
        type: 'Mandate-MandateStatusChanged',
        accountId: mandate.account_id,
        actorUserId: user.id,
        subjectId: mandate.id,
        data: { from: mandate.status, to: body.status, type: mandate.type },
        // The notification opens the entity's information tab on its mandates, read with these codes.
        readers: { anyOf: routes.entityMandates.requiresAnyOf },
      });
      const changed = await portfolio.mandate(params.id);
      if (!changed) throw new Error('changed mandate vanished');
      return toMandate(changed);
    },
  };
}
