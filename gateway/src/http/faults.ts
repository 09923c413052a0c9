import type { FastifyInstance } from 'fastify';
import type { Fault } from '../../../kernel/contract/api.ts';

type Rule = Fault & { id: number; pattern: RegExp; remaining: number | undefined };

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createFaults() {
  let rules: Rule[] = [];
  let nextId = 1;

  function add(fault: Fault): number {
    const id = nextId;
    nextId += 1;
    rules.push({ ...fault, id, pattern: new RegExp(fault.pathPattern), remaining: fault.count });
    return id;
  }

  function clear(): void {
    rules = [];
  }

  function take(method: string, path: string): Rule | undefined {
    const now = Date.now();
    rules = rules.filter(
      (rule) => (rule.untilMs === undefined || rule.untilMs > now) && rule.remaining !== 0,
    );
    const rule = rules.find(
      (candidate) =>
        (candidate.method === undefined || candidate.method === method) && candidate.pattern.test(path),
    );
    if (rule?.remaining !== undefined) rule.remaining -= 1;
    return rule;
  }

  /** Applies matching rules to every route but /__admin: latency first, then a drop or a status. */
  function install(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/__admin')) return;
      const rule = take(request.method, path);
      if (!rule) return;
      if (rule.latencyMs) await sleep(rule.latencyMs);
      if (rule.drop) {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (rule.status) {
        await reply
          .code(rule.status)
          .send({ error: 'injected_fault', message: `Fault ${String(rule.id)} injected.` });
      }
    });
  }

  return { add, clear, install };
}

export type Faults = ReturnType<typeof createFaults>;
