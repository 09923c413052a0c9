import { urlOption } from '@portal/plugin-api';
import type { WidgetOptionsSchema } from '@portal/plugin-api';

/** The widget's options in the manifest: the address of the page explaining single sign-on. */
export const ssoOptions = {
  type: 'object',
  properties: {
    url: urlOption,
  },
  required: ['url'],
  additionalProperties: false,
} as const satisfies WidgetOptionsSchema;
