/**
 * Waits until the gateway started by a bench answers its health check (up to 30 s, or `timeoutMs`: a
 * gateway that seeds a firm's volume first takes longer).
 */
export async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  for (let attempt = 0; attempt < timeoutMs / 100; attempt += 1) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the gateway did not answer on ${url}`);
}
