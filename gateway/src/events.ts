import type { NotificationEventType } from '../../kernel/contract/api.ts';
import type { NotificationFacts } from '../../kernel/contract/notification-routes.ts';

// Domain events of the gateway: a screen's handler says what happened (a report deposited, a document
// uploaded, a mandate status changed, a delegation added), and subscribers such as the notification
// centre act on it. The handler never knows who listens, so a new screen adds events without touching
// the notification code, and the notification code reads one typed stream.

/** SPEC 3 notification event types, as the contract lists them. */
type EventType = NotificationEventType;

export type DomainEvent = {
  type: EventType;
  /** The entity the event is about. */
  accountId: number;
  /** The user whose action caused it (never notified of their own action), or null for the system. */
  actorUserId: number | null;
  /** The id of what the event is about (document id, report id, mandate id, ...), for deep links. */
  subjectId?: number;
  /**
   * Short facts for the message, e.g. `{ name: 'Bilan 2025.pdf' }`; no personal secrets. The centre adds
   * `actor`, the name of the person who acted, so a publisher says only what is its own.
   */
  data?: Readonly<NotificationFacts>;
  /**
   * Who may read what the event is about, so that its message (a payslip's name, an HR report's title,
   * the codes given to someone) reaches nobody the read routes would refuse: the entity codes of the
   * route that reads the subject (any one of them), and the person the event is about, if any.
   */
  readers: EventReaders;
};

type EventReaders = {
  readonly anyOf: readonly string[];
  readonly userId?: number;
  /**
   * Tell the entity's collaborators holding one of `anyOf` instead of its customers (a customer's action
   * the firm acts on, such as a payroll month submitted).
   */
  readonly collaborators?: true;
};

/** A listener may be async: publish awaits whatever it returns. */
type EventListener = (event: DomainEvent) => unknown;

export type EventBus = {
  /**
   * Runs every listener, in subscription order, each awaited before the next; resolves once all have
   * run. Called after the publisher's transaction has committed, never inside it: a listener writes
   * through its own transactions, and a rolled-back change must not reach anyone.
   */
  publish: (event: DomainEvent) => Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe: (listener: EventListener) => () => void;
};

/** A listener that throws or rejects is logged and the others still run; publish itself never rejects. */
export function createEventBus(onListenerError: (error: unknown, event: DomainEvent) => void): EventBus {
  const listeners = new Set<EventListener>();
  return {
    publish: async (event) => {
      // Those subscribed when the event was published, even if one unsubscribes meanwhile.
      for (const listener of [...listeners]) {
        try {
          await listener(event);
        } catch (error) {
          onListenerError(error, event);
        }
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
