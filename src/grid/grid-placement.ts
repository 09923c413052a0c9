import type { WidgetDefinition } from '../plugin-host/plugin-definition.ts';
import type { GridPlacement } from './layout.ts';

/** A widget of the session's set, with what its cell and its frame need. */
export type Placed = GridPlacement & { pluginId: string; definition: WidgetDefinition; options: unknown };
