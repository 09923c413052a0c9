// Calls of the several-instances stage made by HTTP rather than by the browser: through nginx (the portal's
// origin, where the balancer picks an instance) or straight to one instance's own port (to pin a call to it).
import { PORTAL_URL } from '../fixtures';
import { loginFrom } from '../login-from';
import { PASSWORD } from '../sign-in';
import { INSTANCE_HEADER } from './instances';

export type Answer = { status: number; instance: string; body: unknown };

type CallOptions = {
  token?: string;
  body?: unknown;
  form?: FormData;
  /** The instance's own address; through nginx when absent. */
  base?: string;
};

export async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${options.base ?? PORTAL_URL}${path}`, {
    method,
    headers,
    ...(options.form !== undefined
      ? { body: options.form }
      : options.body !== undefined
        ? { body: JSON.stringify(options.body) }
        : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (nginx's own error page): kept as text.
  }
  return { status: response.status, instance: response.headers.get(INSTANCE_HEADER) ?? '', body };
}

/** A portal session token, signed in through nginx (or one instance with `base`). */
export async function signIn(email: string, base?: string): Promise<string> {
  const answer = await call('POST', '/authentication/api/login', {
    body: { email, password: PASSWORD },
    ...(base === undefined ? {} : { base }),
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${String(answer.status)}`);
  return (answer.body as { token: string }).token;
}

/** A small PDF the gateway accepts (its first bytes say PDF). */
export function pdfForm(name: string): FormData {
  const form = new FormData();
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20)]);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  return form;
}

/**
 * A sign-in attempt through nginx from another loopback address (all of 127.0.0.0/8 is this machine), so
 * its failures count under that address only and the browser's sign-ins stay unaffected.
 */
export async function signInFrom(localAddress: string, email: string, password: string): Promise<Answer> {
  const answer = await loginFrom(localAddress, { email, password });
  const instance = answer.headers[INSTANCE_HEADER];
  return { status: answer.status, instance: typeof instance === 'string' ? instance : '', body: null };
}
