// A good sign-in during a burst of wrong ones (issue 10 item 3): starts the gateway in a child process on
// a temp data dir, measures a good login alone, then fires BURST (200) wrong logins at once from one
// address at one account and, 50 ms in, a good login of another person from another address, and prints
// the good login's latency and what the burst was answered. Addresses are told apart by X-Forwarded-For,
// which the gateway trusts only from the proxies of GATEWAY_TRUST_PROXY (this bench, on 127.0.0.1, plays one).
//   npx tsx bench/login-burst.ts
import { performance } from 'node:perf_hooks';
import { startChildGateway } from './child-gateway.ts';

const BURST = Number(process.env['BENCH_BURST'] ?? 200);
const PORT = 4300 + Math.floor(Math.random() * 200);
const url = `http://127.0.0.1:${String(PORT)}`;

async function login(
  email: string,
  password: string,
  address: string,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/authentication/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const gateway = await startChildGateway(PORT, {
  GATEWAY_LOG_LEVEL: 'error',
  GATEWAY_TRUST_PROXY: '127.0.0.1',
});
try {
  // The first sign-in of a seeded persona may re-hash its password: warm up first.
  await login('claire.solo@demo.test', 'Demo-2026!', '198.51.100.10');
  const alone: number[] = [];
  for (let index = 0; index < 5; index += 1)
    alone.push((await login('claire.solo@demo.test', 'Demo-2026!', '198.51.100.10')).ms);

  const burstStarted = performance.now();
  const burst = Array.from({ length: BURST }, (_, index) =>
    login('marc.multi@demo.test', `wrong-${String(index)}`, '203.0.113.66'),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  const good = await login('claire.solo@demo.test', 'Demo-2026!', '198.51.100.10');
  const answers = await Promise.all(burst);
  const burstMs = performance.now() - burstStarted;
  const byStatus = new Map<number, number>();
  for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);

  console.log(`good login alone (median of 5):       ${median(alone).toFixed(0)} ms`);
  console.log(
    `good login during ${String(BURST)} wrong logins:   ${good.ms.toFixed(0)} ms (status ${String(good.status)})`,
  );
  console.log(`the burst took:                        ${burstMs.toFixed(0)} ms`);
  console.log(
    `the burst was answered:                ${[...byStatus].map(([status, count]) => `${String(count)} × ${String(status)}`).join(', ')}`,
  );
} finally {
  await gateway.stop();
}
