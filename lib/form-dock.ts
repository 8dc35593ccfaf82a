import { useSyncExternalStore } from 'react';

/**
 * A form docked at the bottom of the screen (the assistant's question box)
 * and what floats over the page (the mini player) agree here: the form
 * publishes how far its top is from the bottom of the window, in CSS px,
 * as `--form-dock-h` on `<html>` and in this store, and whether one of its
 * fields has the focus (the on-screen keyboard is then up). Floating
 * things sit above that line, and step aside while the form is in use.
 */
export interface FormDock {
  /** Distance from the docked form's top edge to the window's bottom edge, px; 0 when no form is docked. */
  height: number;
  /** A field of the docked form has the focus. */
  focused: boolean;
}

const NONE: FormDock = { height: 0, focused: false };
let state: FormDock = NONE;
const listeners = new Set<() => void>();

function set(next: FormDock) {
  if (next.height === state.height && next.focused === state.focused) return;
  state = next;
  if (typeof document !== 'undefined') {
    const root = document.documentElement;
    if (next.height > 0) root.style.setProperty('--form-dock-h', `${next.height}px`);
    else root.style.removeProperty('--form-dock-h');
  }
  for (const l of listeners) l();
}

/**
 * Docks `form` for as long as it is on the page: measures it now, on its
 * own resizes, on window and visual-viewport resizes, and follows the focus
 * of its fields. Returns the undock function (call it on unmount); only one
 * form is docked at a time (the latest).
 */
export function dockForm(form: HTMLElement): () => void {
  const measure = () => {
    const top = form.getBoundingClientRect().top;
    const height = Math.max(0, Math.ceil(window.innerHeight - top));
    set({ height, focused: state.focused });
  };
  const onFocusIn = () => set({ ...state, focused: true });
  const onFocusOut = (e: FocusEvent) => {
    // Focus moving between the form's own fields (box -> Send) keeps it in use.
    if (e.relatedTarget instanceof Node && form.contains(e.relatedTarget)) return;
    set({ ...state, focused: false });
  };
  measure();
  if (form.contains(document.activeElement)) onFocusIn();
  const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
  ro?.observe(form);
  window.addEventListener('resize', measure);
  window.visualViewport?.addEventListener('resize', measure);
  form.addEventListener('focusin', onFocusIn);
  form.addEventListener('focusout', onFocusOut);
  return () => {
    ro?.disconnect();
    window.removeEventListener('resize', measure);
    window.visualViewport?.removeEventListener('resize', measure);
    form.removeEventListener('focusin', onFocusIn);
    form.removeEventListener('focusout', onFocusOut);
    set(NONE);
  };
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The docked form's place and focus; no form (height 0, not focused) during server rendering. */
export function useFormDock(): FormDock {
  return useSyncExternalStore(subscribe, () => state, () => NONE);
}
