import { createContext, createElement, useContext } from 'react';
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

/** The content inside the layout `kind`, or the content alone when the route names no layout. */
export function useWithinLayout(kind: LayoutKind | undefined, content: ReactNode): ReactNode {
  const layout = useContext(LayoutSlot);
  if (layout === null) throw new Error('PortalRouter needs a layout (createPortal passes the shell layouts)');
  return kind === undefined ? content : createElement(layout, { kind, children: content });
}
