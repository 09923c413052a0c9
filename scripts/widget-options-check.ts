// The check of a widget placement's `options` against the schema its plugin declares, for Node callers
// (`npm run validate`, the manifest tests): it compiles schemas with ajv, which the browser never ships.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { safeUrlSchema } from '../kernel/schemas/url.schema.ts';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { WidgetOptionsCheck } from '../kernel/manifest/lint.ts';
import { schemaErrorsToProblems } from '../kernel/manifest/schema-errors.ts';

export function createWidgetOptionsCheck(): WidgetOptionsCheck {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addSchema(safeUrlSchema);
  const compiled = new WeakMap<object, ValidateFunction>();
  return (_widget, schema, options) => {
    let validate = compiled.get(schema);
    if (validate === undefined) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    if (validate(options)) return [];
    return schemaErrorsToProblems(validate.errors ?? [], options).map(({ pointer, message }) => ({
      pointer,
      message,
    }));
  };
}
