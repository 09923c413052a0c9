import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WidgetDefinition, WidgetProps } from '../plugin-host/plugin-definition.ts';
import { forgetWidget, preloadWidget, widgetComponent } from './lazy-widget.ts';

afterEach(cleanup);

function Hello({ size }: WidgetProps<unknown>) {
  return <p>hello {size}</p>;
}

function definitionOf(component: WidgetDefinition['component']): WidgetDefinition {
  const definition: WidgetDefinition = { name: 'hello', title: 'hello.title', sizes: [1, 2], component };
  return definition;
}

/** A frame as WidgetFrame mounts it: the component chosen when it mounts. */
function renderFrame(definition: WidgetDefinition) {
  const Widget = widgetComponent(definition);
  render(
    <Suspense fallback={<p>loading</p>}>
      <Widget widgetId="x/hello" size={2} options={{}} />
    </Suspense>,
  );
}

describe("a widget's code", () => {
  it('is imported once, whether the warm-up or the frame asks first', async () => {
    const load = vi.fn<WidgetDefinition['component']>(() => Promise.resolve({ default: Hello }));
    const definition = definitionOf(load);
    await Promise.all([preloadWidget(definition), preloadWidget(definition)]);
    renderFrame(definition);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('warmed up, renders at once: no loading state shown', async () => {
    const definition = definitionOf(() => Promise.resolve({ default: Hello }));
    await preloadWidget(definition);
    renderFrame(definition);
    expect(screen.getByText('hello 2')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('not warmed up, shows the loading state until it arrives', async () => {
    const definition = definitionOf(() => Promise.resolve({ default: Hello }));
    renderFrame(definition);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('hello 2')).toBeInTheDocument();
  });

  it('a failed warm-up never rejects; once forgotten, the next ask imports again', async () => {
    const load = vi
      .fn<WidgetDefinition['component']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Hello });
    const definition = definitionOf(load);
    await expect(preloadWidget(definition)).resolves.toBeUndefined();
    forgetWidget(definition);
    await act(() => preloadWidget(definition));
    expect(load).toHaveBeenCalledTimes(2);
    renderFrame(definition);
    expect(screen.getByText('hello 2')).toBeInTheDocument();
  });
});
