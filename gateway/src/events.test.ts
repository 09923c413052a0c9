import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './events.ts';

describe('event bus', () => {
  it('delivers each event to every listener until it unsubscribes, and a failing listener does not stop the others', () => {
    const onError = vi.fn();
    const bus = createEventBus(onError);
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    const stop = bus.subscribe((event) => seen.push(`${event.type}:${String(event.accountId)}`));
    bus.publish({ type: 'Ged-GSDocumentUploaded', accountId: 1001, actorUserId: 1, readers: { anyOf: [] } });
    stop();
    bus.publish({ type: 'Ged-GSDocumentUploaded', accountId: 1002, actorUserId: 1, readers: { anyOf: [] } });
    expect(seen).toEqual(['Ged-GSDocumentUploaded:1001']);
    expect(onError).toHaveBeenCalledTimes(2);
  });
});
