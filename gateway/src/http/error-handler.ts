import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

const CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'invalid_body',
  429: 'too_many_requests',
};

/** Every error is `{ error, message }` with the right status; never a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, error: error.code, message: error.message });
    }
    if (error.validation) {
      const status = error.validationContext === 'body' ? 422 : 400;
      const code = error.validationContext === 'body' ? 'invalid_body' : 'invalid_request';
      return reply.code(status).send({ error: code, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'malformed_json' : (CODES[status] ?? 'bad_request');
      return reply.code(status).send({ error: code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'internal_error', message: 'An unexpected error occurred.' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: 'not_found',
      message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`,
    }),
  );
}
