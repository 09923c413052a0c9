// A sign-in call to the portal's origin from another loopback address (all of 127.0.0.0/8 is this
// machine), outside the browser: its failures count under that address only, as another machine's would.
import http from 'node:http';
import { PORTAL_URL } from './fixtures';

/** Posts the credentials from `localAddress` with `headers`; answers the status and headers. */
export function loginFrom(
  localAddress: string,
  credentials: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const url = new URL('/authentication/api/login', PORTAL_URL);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers });
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(credentials));
  });
}
