import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType, MouseEvent, RefObject } from 'react';
import { useRuntime } from '../plugin-host/runtime.tsx';

/**
 * A header control whose code loads when the person reaches for it (pointer over, focus, press) rather
 * than with the first page. Until it arrives the caller keeps showing its light stand-in in the same
 * place, so a press in flight still lands on it; a chunk that will not load leaves the stand-in, and the
 * next reach tries again.
 */
export function useLoadOnIntent<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): [ComponentType<P> | null, () => void] {
  const { logger } = useRuntime();
  const [loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    loader().then(
      (module) => {
        setLoaded(() => module.default);
      },
      (error: unknown) => {
        started.current = false;
        logger.error('A header control did not load', error);
      },
    );
  }, [loader, logger]);
  return [loaded, load];
}

/** What a stand-in button needs to hand over to the real control on a press. */
export type PressHandOver<P extends object> = {
  /** The real control, once its code is here and the person has pressed the stand-in. */
  Loaded: ComponentType<P> | null;
  /** Whether the stand-in had the focus when pressed: the real control then takes it. */
  focused: boolean;
  standIn: {
    onPointerEnter: () => void;
    onFocus: () => void;
    onClick: (event: MouseEvent<HTMLElement>) => void;
  };
};

/**
 * useLoadOnIntent for a stand-in that gives way on a press (mouse, Enter or Space), not on a hover, so the
 * press lands on it. The focus is read at the press: once the stand-in leaves the page the browser may
 * already have said it lost the focus.
 */
export function usePressHandOver<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): PressHandOver<P> {
  const [Real, load] = useLoadOnIntent(loader);
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  return {
    Loaded: pressed ? Real : null,
    focused,
    standIn: {
      onPointerEnter: load,
      onFocus: load,
      onClick: (event) => {
        setFocused(document.activeElement === event.currentTarget);
        setPressed(true);
        load();
      },
    },
  };
}

/**
 * The real control taking over from its pressed stand-in: it takes the focus if the stand-in had it, then
 * opens. Opening only once the focus is on the target, not at mount, lets Mantine's popovers and menus
 * note where the focus was, and give it back there when they close.
 */
export function useTakeOver(focused: boolean): {
  target: RefObject<HTMLButtonElement | null>;
  opened: boolean;
  setOpened: (opened: boolean) => void;
} {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (focused) target.current?.focus();
    // The focus is an outside system: the opening has to follow it, one render later.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpened(true);
    // Only when taking over from the stand-in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { target, opened, setOpened };
}
