import type { FastifyInstance } from 'fastify';

const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/;

export function isLoopbackOrigin(origin: string | undefined): origin is string {
  return origin !== undefined && LOOPBACK_ORIGIN.test(origin);
}

/** CORS for any loopback origin (the portal's dev and preview servers run on changing ports). */
export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!isLoopbackOrigin(origin)) return;
    // The test and demo tools never answer a web page, not even its preflight.
    if (/^\/(__admin|authentication\/api\/dev)(\/|\?|$)/.test(request.url)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-User-Origin');
      reply.header('Access-Control-Max-Age', '600');
      await reply.code(204).send();
    }
  });
  // Preflights for any path; the hook above has already answered loopback origins.
  app.options('/*', async (_request, reply) => reply.code(204).send());
}
