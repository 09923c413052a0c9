import { Ajv } from 'ajv';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';

type Validator = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/** Bodies are validated strictly (a number is not a string: 422); params and query strings are coerced from text. */
export function installValidators(app: FastifyInstance): void {
  const strict = new Ajv({ coerceTypes: false, useDefaults: true, allErrors: false, strict: false });
  const coercing = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: false, strict: false });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart !== 'body') return coercing.compile(schema);
    const validate = strict.compile(schema);
    // A request without a body is validated as null, so "no body" is a clear 422 unless the schema allows null.
    const wrapper: Validator = (data) => {
      const valid = validate(data ?? null);
      wrapper.errors = validate.errors ?? null;
      return valid;
    };
    return wrapper;
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // The portal posts refreshToken with a JSON content type and no body: an empty body is null, not an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, null);
      return;
    }
    void parseJson(request, text, done);
  });
}
