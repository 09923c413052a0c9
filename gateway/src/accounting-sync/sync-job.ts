// The accounting sync: for one entity, list its documents in the software, store what was found, mark
// what is gone, record the run and tell the people who may read documents v2 of what is new. It runs
// every hour for the entities that have a key, and on demand. Instances share only the database: a run
// starts only once it holds the entity's lease (accounting_sync_runs), so no entity is synced twice at once.
import { randomUUID } from 'node:crypto';
import {
  ACCOUNTING_SOFTWARE_OFFER,
  DOCUMENTS_V2_CUSTOMER_CODES,
  type SyncFailure,
} from '../../../kernel/contract/accounting-sync-routes.ts';
import type { EventBus } from '../events.ts';
import { ConnectorFailure, type AccountingConnector } from './connector.ts';
import type { AccountingSyncStore, SyncOutcome } from './accounting-sync-store.ts';

export type SyncState = {
  connection: 'none' | 'noCredential' | 'ready';
  state: 'never' | 'running' | 'done' | 'failed';
  startedAt: string | null;
  finishedAt: string | null;
  reason: SyncFailure | null;
  added: number;
  removed: number;
};

type Trigger = 'schedule' | 'demand';

/** What the sync writes to the log (the gateway's pino logger). */
type SyncLog = {
  warn: (facts: object, message: string) => void;
  error: (facts: object, message: string) => void;
};

type SyncOptions = {
  /** How long a run may hold the entity before another instance may take it over (a crashed run). */
  leaseMs?: number;
  /** How long a sync on demand waits for a run of the same entity that is going on. */
  waitMs?: number;
  /** Between two looks at the lease while waiting. */
  pollMs?: number;
  now?: () => number;
};

const NAMES_TOLD = 3;

const SYNC_STATES = new Set(['never', 'running', 'done', 'failed']);
const isState = (value: string): value is SyncState['state'] => SYNC_STATES.has(value);

/** The names of the new documents, for the notification's detail line (a few, then an ellipsis). */
function namesOf(added: SyncOutcome['added']): string {
  const names = added.slice(0, NAMES_TOLD).map((document) => document.name);
  return added.length > NAMES_TOLD ? `${names.join(', ')}, …` : names.join(', ');
}

export function createAccountingSync(
  deps: { events: EventBus; log: SyncLog },
  store: AccountingSyncStore,
  connector: AccountingConnector | undefined,
  options: SyncOptions = {},
) {
  /** This instance's name on the leases it takes. */
  const owner = randomUUID();
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const waitMs = options.waitMs ?? 60_000;
  const pollMs = options.pollMs ?? 250;
  const now = options.now ?? Date.now;

  async function state(accountId: number): Promise<SyncState> {
    const [credential, run] = await Promise.all([store.credential(accountId), store.run(accountId)]);
    const connection = connector === undefined ? 'none' : credential === undefined ? 'noCredential' : 'ready';
    if (run === undefined || !isState(run.state))
      return {
        connection,
        state: 'never',
        startedAt: null,
        finishedAt: null,
        reason: null,
        added: 0,
        removed: 0,
      };
    return {
      connection,
      state: run.state,
      startedAt: run.state === 'never' ? null : run.started_at,
      finishedAt: run.finished_at,
      reason: run.reason as SyncFailure | null,
      added: run.added,
      removed: run.removed,
    };
  }

  /** Tells the entity's collaborators and its CLGEDPEN01 holders (SPEC 6's readers of documents v2). */
  async function tell(accountId: number, added: SyncOutcome['added']): Promise<void> {
    const event = {
      type: 'Ged-PennylaneDocumentSyncCompleted',
      accountId,
      // The software brought them: nobody of the portal acted, so whoever asked for the sync is told too.
      actorUserId: null,
      ...(added.length === 1 && added[0] ? { subjectId: added[0].id } : {}),
      data: { name: namesOf(added) },
    } as const;
    await deps.events.publish({ ...event, readers: { anyOf: DOCUMENTS_V2_CUSTOMER_CODES } });
    // Collaborators hold no customer code: each is the reader named of an event that no code reads.
    for (const userId of await store.collaboratorsOf(accountId))
      await deps.events.publish({ ...event, readers: { anyOf: [], userId } });
  }

  /**
   * One run that holds the lease: list, store, record, and tell of the new documents, unless no run of
   * this entity succeeded before (the first imports what the software already held: news to nobody).
   */
  async function runClaimed(
    accountId: number,
    credential: string | undefined,
    succeededBefore: boolean,
  ): Promise<void> {
    let outcome: SyncOutcome = { added: [], removed: 0 };
    let reason: SyncFailure | null = null;
    try {
      if (connector === undefined || credential === undefined)
        throw new ConnectorFailure('noCredential', 'no key');
      const found = await connector.listDocuments(credential);
      const source = connector.source;
      outcome = await store.transaction((tx) =>
        tx.apply(accountId, source, found, new Date(now()).toISOString()),
      );
    } catch (error) {
      reason = error instanceof ConnectorFailure ? error.reason : 'remoteError';
      // The connector's messages name the host and the status, never the key.
      deps.log.warn(
        { accountId, reason, detail: error instanceof ConnectorFailure ? error.message : String(error) },
        'accounting sync failed',
      );
    }
    await store.finish(accountId, owner, {
      finishedAt: new Date(now()).toISOString(),
      reason,
      added: outcome.added.length,
      removed: outcome.removed,
    });
    if (succeededBefore && outcome.added.length > 0) await tell(accountId, outcome.added);
  }

  /** Takes the lease and runs, or answers false at once when another run holds it. */
  async function tryRun(accountId: number, trigger: Trigger): Promise<boolean> {
    const succeededBefore = (await store.run(accountId))?.last_success_at != null;
    const startedMs = now();
    const claimed = await store.claim(accountId, {
      owner,
      nowMs: startedMs,
      untilMs: startedMs + leaseMs,
      trigger,
      startedAt: new Date(startedMs).toISOString(),
    });
    if (!claimed) return false;
    await runClaimed(accountId, await store.credential(accountId), succeededBefore);
    return true;
  }

  return {
    state,

    /**
     * Syncs the entity now; a run already going on (here or on another instance) is waited for (up to
     * `waitMs`), then this one runs, so what the person added in the software meanwhile is found.
     * Answers the entity's state as the run left it (still running if the wait ran out).
     */
    async syncNow(accountId: number): Promise<SyncState> {
      if (connector === undefined) return state(accountId);
      const deadline = now() + waitMs;
      for (;;) {
        if (await tryRun(accountId, 'demand')) return state(accountId);
        if (now() >= deadline) return state(accountId);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },

    /** One pass over every entity with a key and the offer; one entity's failure never stops the others. */
    async syncAll(): Promise<void> {
      if (connector === undefined) return;
      for (const accountId of await store.accountsWithCredential()) {
        if (!(await store.holdsOffer(accountId, ACCOUNTING_SOFTWARE_OFFER))) continue;
        try {
          await tryRun(accountId, 'schedule');
        } catch (error) {
          deps.log.error({ err: error, accountId }, 'scheduled accounting sync failed');
        }
      }
    },
  };
}

export type AccountingSync = ReturnType<typeof createAccountingSync>;

/**
 * Runs `syncAll` every `everyMs`, and with `atStart` once now, in the background (a slow software does not
 * hold the start); answers the stop. A failed pass is logged and the next one tries again.
 */
export function scheduleSyncs(
  deps: { log: SyncLog },
  sync: Pick<AccountingSync, 'syncAll'>,
  { everyMs, atStart }: { everyMs: number; atStart: boolean },
): () => void {
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    sync.syncAll().catch((error: unknown) => {
      deps.log.error({ err: error }, 'accounting sync pass failed');
    });
  };
  const first = atStart ? setTimeout(pass, 0) : undefined;
  const every = setInterval(pass, everyMs);
  first?.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
