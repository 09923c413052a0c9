import { describe, expect, it, vi } from 'vitest';
import { createEventBus, type DomainEvent } from './events.ts';

const uploaded = (accountId: number): DomainEvent => ({
  type: 'Ged-GSDocumentUploaded',
  accountId,
  actorUserId: 1,
  readers: { anyOf: [] },
});

describe('event bus', () => {
  it('delivers each event to every listener until it unsubscribes, and a failing listener does not stop the others', async () => {
    const onError = vi.fn();
    const bus = createEventBus(onError);
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    const stop = bus.subscribe((event) => {
      seen.push(`${event.type}:${String(event.accountId)}`);
    });
    await bus.publish(uploaded(1001));
    stop();
    await bus.publish(uploaded(1002));
    expect(seen).toEqual(['Ged-GSDocumentUploaded:1001']);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('awaits async listeners in order before publish resolves; a rejection is logged and the next still runs', async () => {
    const onError = vi.fn();
    const bus = createEventBus(onError);
    const seen: string[] = [];
    bus.subscribe(async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`first:${String(event.accountId)}`);
    });
    bus.subscribe(async () => {
      await Promise.resolve();
      throw new Error('rejected');
    });
    bus.subscribe((event) => {
      seen.push(`last:${String(event.accountId)}`);
    });
    await expect(bus.publish(uploaded(1001))).resolves.toBeUndefined();
    expect(seen).toEqual(['first:1001', 'last:1001']);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'rejected' }), uploaded(1001));
  });
});
