// The widgets' options checked without a schema compiler (issue 27, item 13): the validators
// `npm run generate:schema` precompiles from the plugins' declarations, for the studio, the portal's
// check of a publication and the gateway. Its own chunk in the browser (the studio, or a publication
// met for the first time), like the manifest validator.
import validators from '../schemas/generated/validate-widget-options.js';
import type { KnownPlugins, WidgetOptionsCheck } from './lint.ts';
import { schemaErrorsToProblems } from './schema-errors.ts';
import { validateManifest } from './validate.ts';
import type { ManifestValidation } from './validate.ts';

export const checkWidgetOptions: WidgetOptionsCheck = (widget, _schema, options) => {
  const validate = validators[widget];
  // A widget whose schema came after the last generation: refused rather than let through unchecked.
  if (validate === undefined)
    return [{ pointer: '', message: 'its options have no precompiled check (run npm run generate:schema)' }];
  if (validate(options)) return [];
  return schemaErrorsToProblems(validate.errors ?? [], options).map(({ pointer, message }) => ({
    pointer,
    message,
  }));
};

/** The schema, the lint and each placement's options, with the precompiled checks. */
export function validateWithWidgetOptions(data: unknown, known: KnownPlugins): ManifestValidation {
  return validateManifest(data, { ...known, checkOptions: checkWidgetOptions });
}
