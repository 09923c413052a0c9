// What the several-instances stage started (start-instances.ts), as its tests read it: the two gateway
// processes (name, direct address, process id) and where the takeover figure goes.
import path from 'node:path';
import type { APIResponse, Response } from '@playwright/test';

export type Instance = { name: string; url: string; pid: number };

/** The environment variable through which the global set-up hands the instances to the tests. */
export const INSTANCES_VARIABLE = 'E2E_INSTANCES';

/** Where the kill test writes the takeover time, which the stage prints once it ends. */
export const TAKEOVER_FILE = path.resolve(import.meta.dirname, '../../../.data/instances/takeover.json');

export type Takeover = {
  /** From SIGKILL to the first successful answer through nginx (ms). */
  firstAnswerMs: number;
  /** From SIGKILL to the portal's event stream open again on the surviving instance (ms). */
  streamBackMs: number;
  killed: string;
  survivor: string;
};

/** The header each instance names itself in (GATEWAY_INSTANCE_NAME). */
export const INSTANCE_HEADER = 'x-gateway-instance';

export function startedInstances(): readonly [Instance, Instance] {
  const text = process.env[INSTANCES_VARIABLE];
  if (text === undefined)
    throw new Error(`${INSTANCES_VARIABLE} is not set: run the stage with npm run test:e2e:instances`);
  const [first, second] = JSON.parse(text) as Instance[];
  if (first === undefined || second === undefined) throw new Error(`${INSTANCES_VARIABLE}: two instances`);
  return [first, second];
}

/** The instance that answered, from its header ('' when none, e.g. a static file or nginx's own 502). */
export function answeredBy(response: Response | APIResponse): string {
  return response.headers()[INSTANCE_HEADER] ?? '';
}
