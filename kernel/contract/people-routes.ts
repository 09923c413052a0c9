// The people and rights calls of the contract (issue 12): an entity's users and their rights, invitations,
// the collaborators assigned to an entity, the firm's administrators, the delegation log and the creation
// of entities. Spread into `routes`. Every rights write is one transaction with its delegation log line;
// rights carry a version per user and entity (a stale write → 409 `stale_version`, nothing written).
import type { RouteDefinition } from './route-definition.ts';
import { idParams, versionInput } from './schemas.ts';
import {
  bool,
  closedObject,
  dateTime,
  entityInParams,
  int,
  listOf,
  nullableDateTime,
  nullableStr,
  order,
  pageOf,
  pagedQuery,
  search,
  str,
  strings,
} from './schema-parts.ts';

const id = idParams.properties.id;
/** A day, YYYY-MM-DD (an impossible one, such as 2026-02-30, is a 400 from the handler). */
const day = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' } as const;

/** Invited: not yet a user of the entity (the invitation waits for its answer), or joined and never signed in since; active otherwise. */
export const USER_STATUSES = ['invited', 'active'] as const;
/** A collaborator's role on a folder. */
export const COLLABORATOR_ROLES = ['partner', 'accountant', 'payroll', 'assistant'] as const;
export const DELEGATION_ACTIONS = [
  'user.invited',
  'invitation.accepted',
  'user.added',
  'rights.changed',
  'user.removed',
  'collaborator.assigned',
  'collaborator.unassigned',
  'admin.granted',
  'admin.revoked',
  'entity.created',
] as const;

const userColumns = {
  userId: int,
  firstName: str,
  lastName: str,
  email: str,
  isCustomer: bool,
  isSignatory: bool,
  permissions: strings,
  /** Optimistic concurrency of this user's rights on this entity: send it back with a rights change. */
  version: int,
  status: { type: 'string', enum: USER_STATUSES },
  lastSignInAt: nullableDateTime,
} as const;
const userRequired = Object.keys(userColumns) as (keyof typeof userColumns)[];

const entityUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: userRequired,
  properties: userColumns,
} as const;

/** A row of an entity's list: a user, or an invitation waiting for its answer (userId null) as typed. */
const listedUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: userRequired,
  properties: { ...userColumns, userId: { type: ['integer', 'null'] } },
} as const;

/** The same for every address, known or not: what the inviter sent, never an id or an account's state. */
const invitationSentSchema = closedObject(
  ['email', 'firstName', 'lastName', 'isSignatory', 'permissions', 'status', 'expiresAt'],
  {
    email: str,
    firstName: str,
    lastName: str,
    isSignatory: bool,
    permissions: strings,
    status: { type: 'string', enum: ['invited'] },
    expiresAt: dateTime,
  },
);

const myInvitationSchema = closedObject(
  [
    'invitationId',
    'accountId',
    'accountName',
    'invitedBy',
    'isSignatory',
    'permissions',
    'invitedAt',
    'expiresAt',
  ],
  {
    invitationId: int,
    accountId: int,
    accountName: str,
    invitedBy: str,
    isSignatory: bool,
    permissions: strings,
    invitedAt: dateTime,
    expiresAt: dateTime,
  },
);

const walletUserSchema = closedObject([...userRequired, 'accountId', 'accountName', 'callerPermissions'], {
  /** callerPermissions: the caller's own codes on that folder, so the portal offers the actions they allow. */
  ...userColumns,
  accountId: int,
  accountName: str,
  callerPermissions: strings,
});

const customerCodes = {
  type: 'array',
  maxItems: 50,
  items: { type: 'string', pattern: '^CL[A-Z0-9]{3,12}$' },
} as const;

const addEntityUserSchema = {
  type: 'object',
  required: ['email', 'firstName', 'lastName'],
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' },
    firstName: { type: 'string', minLength: 1, maxLength: 100 },
    lastName: { type: 'string', minLength: 1, maxLength: 100 },
    isSignatory: bool,
    permissions: customerCodes,
  },
} as const;

const collaboratorSchema = closedObject(['userId', 'firstName', 'lastName', 'role'], {
  /** email and officeMobile only for holders of CLUSER001, COUSER001 or CLADMI001 on the entity. */

  userId: int,
  firstName: str,
  lastName: str,
  role: { type: ['string', 'null'], enum: [...COLLABORATOR_ROLES, null] },
  email: str,
  officeMobile: str,
});

const walletCollaboratorSchema = closedObject(['userId', 'firstName', 'lastName', 'isAdmin', 'folders'], {
  /** email and officeMobile by the rule of the per-entity list, asked on the folders shared with the caller. */

  userId: int,
  firstName: str,
  lastName: str,
  email: str,
  officeMobile: str,
  isAdmin: bool,
  folders: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['accountId', 'name', 'role'],
      properties: { accountId: int, name: str, role: nullableStr },
    },
  },
});

const person = closedObject(['userId', 'name'], { userId: int, name: str });

const delegationSchema = closedObject(
  ['id', 'accountId', 'at', 'actor', 'target', 'action', 'granted', 'revoked'],
  {
    id: int,
    accountId: { type: ['integer', 'null'] },
    at: dateTime,
    actor: person,
    target: person,
    action: { type: 'string', enum: DELEGATION_ACTIONS },
    granted: strings,
    revoked: strings,
  },
);

const adminSchema = closedObject(['userId', 'firstName', 'lastName', 'email', 'grantedAt'], {
  userId: int,
  firstName: str,
  lastName: str,
  email: str,
  grantedAt: nullableDateTime,
});

const entityUserParams = {
  type: 'object',
  required: ['id', 'userId'],
  properties: { id, userId: id },
} as const;
const userIdParams = { type: 'object', required: ['userId'], properties: { userId: id } } as const;
const invitationParams = {
  type: 'object',
  required: ['invitationId'],
  properties: { invitationId: id },
} as const;

/** SPEC 6: CLADMI001 (client super admin) manages the users and rights of every entity where it is held. */
const VIEW_USERS = ['CLUSER001', 'COUSER001', 'CLADMI001'] as const;
const ADD_USER = ['CLUSER002', 'COADMI006', 'CLADMI001'] as const;
const MANAGE_RIGHTS = ['CLUSER004', 'COADMI005', 'CLADMI001'] as const;
const REMOVE_USER = ['CLUSER003', 'COUSER003', 'CLADMI001'] as const;

export const peopleRoutes = {
  entityUsers: {
    method: 'GET',
    path: '/account/api/accounts/:id/users',
    entityId: entityInParams,
    auth: 'bearer',
    tag: 'people',
    summary:
      "Page of the users attached to the entity (customers and collaborators) with e-mail, signatory status, permissions, rights version, status (invited until the first sign-in) and last sign-in, and of the invitations waiting for their answer: userId null, only the e-mail, names, codes and signatory status the inviter typed. Search on name or e-mail; sort by name, email or lastSignInAt. With focus (a user id, as a notification names the person it is about): the page holding that person's row, their membership or else their pending invitation, whatever page was asked, and focusIndex, its place in items; the page asked, without focusIndex, when they are not listed.",
    status: 200,
    params: idParams,
    query: pagedQuery({
      search,
      sort: { type: 'string', enum: ['name', 'email', 'lastSignInAt'], default: 'name' },
      order,
      focus: id,
    }),
    response: closedObject(['items', 'currentPage', 'totalPage', 'totalItems'], {
      ...pageOf(listedUserSchema).properties,
      focusIndex: int,
    }),
    requiresAnyOf: VIEW_USERS,
  },
  addEntityUser: {
    method: 'POST',
    path: '/account/api/accounts/:id/users',
    errors: [409],
    entityId: entityInParams,
    auth: 'bearer',
    tag: 'people',
    summary:
      "Invites a person to the entity as a customer; they join only by accepting (the invitation waits GATEWAY_INVITATION_DAYS, 30 by default). A new e-mail creates an account without a usable password and mails a createPassword link (7 days, single use; the demo inbox in demo mode): setting the password accepts. An account in use is mailed a link to the portal, where it accepts or declines (myInvitations). A collaborator's address is invited like any other and can never accept. The answer is the same whoever the address belongs to: what was sent, no id, no account state. Granting permissions or isSignatory true also needs one of grantRequiresAnyOf (403 otherwise, nothing written). Writes a delegation log line. Already a user of the entity, or already invited there → 409.",
    status: 201,
    params: idParams,
    body: addEntityUserSchema,
    response: invitationSentSchema,
    requiresAnyOf: ADD_USER,
    grantRequiresAnyOf: MANAGE_RIGHTS,
    action: 'users.add',
    concurrency: 'first writer wins; the others 409',
  },
  saveEntityUserRights: {
    method: 'PUT',
    path: '/account/api/accounts/:id/users/:userId/rights',
    errors: [409],
    entityId: entityInParams,
    auth: 'bearer',
    tag: 'people',
    summary:
      "Replaces a customer's permission codes and signatory status on the entity. A customer grants or removes only codes they hold there (403); signatory status only by a signatory or a CLADMI001 holder (403); a collaborator's rights are not managed here (403); nobody removes their own last administration right (CLUSER004, CLADMI001) → 409 last_admin_right. A version other than the stored one → 409 stale_version. Nothing is written when refused; otherwise one transaction with its delegation log line, and Delegation-AddDelegation is published.",
    status: 200,
    params: entityUserParams,
    body: {
      type: 'object',
      required: ['permissions', 'isSignatory', 'version'],
      properties: { permissions: customerCodes, isSignatory: bool, version: versionInput },
    },
    response: entityUserSchema,
    requiresAnyOf: MANAGE_RIGHTS,
    action: 'users.manageRights',
    concurrency: 'optimistic: the version must match, else 409 stale_version and nothing written',
  },
  removeEntityUser: {
    method: 'DELETE',
    path: '/account/api/accounts/:id/users/:userId',
    errors: [409],
    entityId: entityInParams,
    auth: 'bearer',
    tag: 'people',
    summary:
      "Detaches a user from the entity (404 if not attached), with its delegation log line. Removing is taking every code and the signatory status away, so the rule of rights editing applies: a customer removes only a person whose every code they hold there, a signatory only if they sign or hold CLADMI001 (403). A customer may detach customers only (403); nobody detaches themselves (409 last_admin_right); the entity's last customer holding CLUSER004 or CLADMI001 stays (409 last_administrator, also when rights editing would take their last such code).",
    status: 204,
    params: entityUserParams,
    response: null,
    requiresAnyOf: REMOVE_USER,
    action: 'users.remove',
    concurrency: 'first delete wins; others 404',
  },
  myInvitations: {
    method: 'GET',
    path: '/account/api/invitations',
    auth: 'bearer',
    tag: 'people',
    summary:
      "The caller's invitations to entities that wait for their answer (not expired), newest first, with the entity, who invited and the rights offered.",
    status: 200,
    response: listOf(myInvitationSchema),
  },
  acceptInvitation: {
    method: 'POST',
    path: '/account/api/invitations/:invitationId/accept',
    auth: 'bearer',
    tag: 'people',
    summary:
      "Accepts one of the caller's invitations: the caller becomes a user of the entity with the rights offered, with its delegation log line, and Delegation-AddDelegation is published. Another person's, an answered or an expired invitation → 404.",
    status: 204,
    params: invitationParams,
    response: null,
    concurrency: 'the first answer wins; the others 404',
  },
  declineInvitation: {
    method: 'POST',
    path: '/account/api/invitations/:invitationId/decline',
    auth: 'bearer',
    tag: 'people',
    summary:
      "Declines one of the caller's invitations: nothing is attached, and the inviter's list no longer shows it. Another person's, an answered or an expired invitation → 404.",
    status: 204,
    params: invitationParams,
    response: null,
    concurrency: 'the first answer wins; the others 404',
  },
  entityCollaborators: {
    method: 'GET',
    path: '/wallet/api/accounts/:id/collaborators',
    entityId: entityInParams,
    collaboratorsRequireAnyOf: ['COUSER002'],
    auth: 'bearer',
    tag: 'people',
    summary:
      'Collaborators of the firm assigned to the entity with their role: names for every customer member (collaborators need COUSER002); e-mail and phone only for holders of CLUSER001, COUSER001 or CLADMI001.',
    status: 200,
    params: idParams,
    response: listOf(collaboratorSchema),
  },
  assignCollaborator: {
    method: 'PUT',
    path: '/wallet/api/accounts/:id/collaborators/:userId',
    entityId: entityInParams,
    collaboratorsOnly: true,
    auth: 'bearer',
    tag: 'people',
    summary:
      'Assigns a collaborator to the folder with a role (or changes the role), with its delegation log line. A customer id → 422; unknown user → 404.',
    status: 204,
    params: entityUserParams,
    body: {
      type: 'object',
      required: ['role'],
      properties: { role: { type: 'string', enum: COLLABORATOR_ROLES } },
    },
    response: null,
    requiresAnyOf: ['COADMI004'],
    action: 'folders.manage',
    concurrency: 'last writer wins on the role',
  },
  unassignCollaborator: {
    method: 'DELETE',
    path: '/wallet/api/accounts/:id/collaborators/:userId',
    errors: [409],
    entityId: entityInParams,
    collaboratorsOnly: true,
    auth: 'bearer',
    tag: 'people',
    summary:
      'Removes a collaborator from the folder (404 if not assigned; oneself → 409 last_admin_right), with its delegation log line.',
    status: 204,
    params: entityUserParams,
    response: null,
    requiresAnyOf: ['COADMI004'],
    action: 'folders.manage',
    concurrency: 'first delete wins; others 404',
  },
  delegations: {
    method: 'GET',
    path: '/account/api/accounts/:id/delegations',
    entityId: entityInParams,
    collaboratorsOnly: true,
    auth: 'bearer',
    tag: 'people',
    summary:
      'The delegation log of the entity, newest first: who granted or removed which right or folder to whom, and when. Filter by person (actor or target) and period (from, to: days, inclusive).',
    status: 200,
    params: idParams,
    query: pagedQuery({ personId: id, from: day, to: day }),
    response: pageOf(delegationSchema),
    requiresAnyOf: ['COGES001'],
  },
  walletUsers: {
    method: 'GET',
    path: '/wallet/api/users',
    entityId: { in: 'query', name: 'accountId' },
    globalRequiresAnyOf: VIEW_USERS,
    auth: 'bearer',
    tag: 'people',
    summary:
      'Every user of the folders where the caller may view users (CLUSER001, COUSER001 or CLADMI001 there), one row per user and folder; search on name or e-mail, optional folder filter.',
    status: 200,
    query: pagedQuery({ search, accountId: id }),
    response: pageOf(walletUserSchema),
    requiresAnyOf: VIEW_USERS,
  },
  walletCollaborators: {
    method: 'GET',
    path: '/wallet/api/collaborators',
    auth: 'bearer',
    tag: 'people',
    summary:
      "The firm's collaborators who share a folder with the caller (every collaborator for a collaborator, who needs COUSER002 among their global codes, 403 otherwise), with their folders among the caller's and whether they administer the firm's accounts. E-mail and phone by the rule of the per-entity list: a customer holding CLUSER001 or CLADMI001 on a folder shared with that collaborator, a collaborator holding COUSER001 among their global codes.",
    status: 200,
    query: pagedQuery({ search }),
    response: pageOf(walletCollaboratorSchema),
  },
  setCollaboratorAdmin: {
    method: 'PUT',
    path: '/wallet/api/collaborators/:userId/admin',
    errors: [409],
    collaboratorsOnly: true,
    globalRequiresAnyOf: ['COADMI003'],
    auth: 'bearer',
    tag: 'people',
    summary:
      "Grants or removes a collaborator's administration rights, with its delegation log line. Removing one's own → 409 last_admin_right; a customer → 422; unknown user → 404.",
    status: 204,
    params: userIdParams,
    body: { type: 'object', required: ['isAdmin'], properties: { isAdmin: bool } },
    response: null,
    action: 'collaborators.manageAdmin',
    concurrency: 'idempotent; last writer wins',
  },
  adminCollaborators: {
    method: 'GET',
    path: '/wallet/api/admin-collaborators',
    collaboratorsOnly: true,
    globalRequiresAnyOf: ['COADMI001'],
    auth: 'bearer',
    tag: 'people',
    summary: "The firm's administrator collaborators.",
    status: 200,
    response: listOf(adminSchema),
  },
  deleteAdminCollaborator: {
    method: 'DELETE',
    path: '/wallet/api/admin-collaborators/:userId',
    errors: [409],
    collaboratorsOnly: true,
    globalRequiresAnyOf: ['COADMI002'],
    auth: 'bearer',
    tag: 'people',
    summary:
      'Removes a collaborator from the administrators (404 if not one; oneself → 409 last_admin_right), with its delegation log line.',
    status: 204,
    params: userIdParams,
    response: null,
    action: 'admins.delete',
    concurrency: 'first delete wins; others 404',
  },
  createEntity: {
    method: 'POST',
    path: '/entitycreator/api/entities',
    errors: [409],
    collaboratorsOnly: true,
    globalRequiresAnyOf: ['COADMI007'],
    auth: 'bearer',
    tag: 'people',
    summary:
      'Creates an entity (company number, name, legal form, fiscal year end as MM-DD) and assigns its creator to it as partner with their global codes, so it appears in their wallet. A company number already used → 409.',
    status: 201,
    body: {
      type: 'object',
      required: ['accountNumber', 'name', 'legalForm', 'fiscalYearEnd'],
      properties: {
        accountNumber: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9-]+$' },
        name: { type: 'string', minLength: 1, maxLength: 120 },
        legalForm: { type: 'string', enum: ['SARL', 'SAS', 'SASU', 'EURL', 'SA', 'SCI', 'EI'] },
        fiscalYearEnd: { type: 'string', pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' },
      },
    },
    response: closedObject(['accountId', 'accountNumber', 'name'], {
      accountId: int,
      accountNumber: str,
      name: str,
    }),
    action: 'entities.create',
    concurrency: 'the company number is unique: the second → 409',
  },
} as const satisfies Record<string, RouteDefinition>;
