import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { WidgetDefinition, WidgetProps } from '../runtime/plugin-definition.ts';

type LazyWidget = LazyExoticComponent<ComponentType<WidgetProps<unknown>>>;

// One lazy component per widget definition, so every frame of the same widget shares one chunk load.
const loaded = new WeakMap<WidgetDefinition, LazyWidget>();

export function lazyWidget(definition: WidgetDefinition): LazyWidget {
  let component = loaded.get(definition);
  if (component === undefined) {
    component = lazy(definition.component);
    loaded.set(definition, component);
  }
  return component;
}

/** After a failed import, the next render calls the loader again instead of replaying the failure. */
export function forgetWidget(definition: WidgetDefinition): void {
  loaded.delete(definition);
}
