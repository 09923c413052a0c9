import type { WidgetOptionsSchema } from '@portal/plugin-api';

/** The widget's options in the manifest: how many of the feed's latest items it lists. */
export const newsOptions = {
  type: 'object',
  properties: {
    maxItems: { type: 'integer', minimum: 1, maximum: 20 },
  },
  required: ['maxItems'],
  additionalProperties: false,
} as const satisfies WidgetOptionsSchema;
