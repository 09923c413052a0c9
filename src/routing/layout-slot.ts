import { Fragment, createContext, createElement, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { RouteConfig } from '../../kernel/schemas/portal-config.ts';

export type LayoutKind = NonNullable<RouteConfig['layout']>;

/** The component that draws a manifest layout (SPEC 2) around a page; the shell provides it. */
export type PortalLayoutComponent = ComponentType<{ kind: LayoutKind; children: ReactNode }>;

/*
 * Routing sits below the shell (the shell reads the current route), so the route tree does not import
 * the layouts: the composition root hands them in through <PortalRouter layout={…}>.
 */
export const LayoutSlot = createContext<PortalLayoutComponent | null>(null);

/**
 * The engine's home widget grid, drawn under the page of a route that sets `homeGrid` (the grid sits
 * above routing too, so it is handed in the same way). Null: such a route shows its page alone (tests).
 */
export const HomeGridSlot = createContext<ComponentType | null>(null);

/** The page's content followed by the home grid when the route asks for it and the grid is provided. */
export function useWithHomeGrid(homeGrid: boolean | undefined, content: ReactNode): ReactNode {
  const Grid = useContext(HomeGridSlot);
  if (homeGrid !== true || Grid === null) return content;
  return createElement(Fragment, null, content, createElement(Grid));
}

/** The content inside the layout `kind`, or the content alone when the route names no layout. */
export function useWithinLayout(kind: LayoutKind | undefined, content: ReactNode): ReactNode {
  const layout = useContext(LayoutSlot);
  if (layout === null) throw new Error('PortalRouter needs a layout (createPortal passes the shell layouts)');
  return kind === undefined ? content : createElement(layout, { kind, children: content });
}
