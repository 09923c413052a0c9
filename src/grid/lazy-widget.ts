import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { WidgetDefinition, WidgetProps } from '../plugin-host/plugin-definition.ts';

type WidgetComponent = ComponentType<WidgetProps<unknown>>;
type LazyWidget = LazyExoticComponent<WidgetComponent>;

type Loaded = {
  lazy: LazyWidget;
  /** The one import of the widget's code, started by the first of the warm-up and the frame. */
  load: () => Promise<{ default: WidgetComponent }>;
  /** The component once its code has arrived. */
  arrived: WidgetComponent | null;
};

// One load per widget definition, so every frame of the same widget (and the warm-up) shares one import.
const loaded = new WeakMap<WidgetDefinition, Loaded>();

function loadedOf(definition: WidgetDefinition): Loaded {
  let entry = loaded.get(definition);
  if (entry === undefined) {
    let promise: Promise<{ default: WidgetComponent }> | undefined;
    const created: Loaded = {
      arrived: null,
      load: () =>
        (promise ??= definition.component().then((module) => {
          created.arrived = module.default;
          return module;
        })),
      lazy: lazy(() => created.load()),
    };
    entry = created;
    loaded.set(definition, entry);
  }
  return entry;
}

/**
 * The widget's component: its code itself when it has already arrived (a frame then renders it at once,
 * with no loading state and no second render), else a lazy component that suspends until it has.
 */
export function widgetComponent(definition: WidgetDefinition): WidgetComponent | LazyWidget {
  const entry = loadedOf(definition);
  return entry.arrived ?? entry.lazy;
}

/**
 * Starts loading the widget's code before its frame renders (the home's warm-up); answers a promise
 * settled once it is in or has failed (never rejects).
 */
export function preloadWidget(definition: WidgetDefinition): Promise<void> {
  return loadedOf(definition)
    .load()
    .then(
      () => undefined,
      () => {
        // The frame's own load of the same import shows the error card.
      },
    );
}

/** After a failed import, the next render calls the loader again instead of replaying the failure. */
export function forgetWidget(definition: WidgetDefinition): void {
  loaded.delete(definition);
}
