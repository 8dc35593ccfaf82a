'use client';

import { useEffect, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import Link from 'next/link';

/** A link is prefetched once it comes this close to the viewport, CSS pixels (SPEC.md section 9). */
export const LINK_PREFETCH_MARGIN_PX = 200;
/** A below-the-fold image or card is rendered this long after it comes near the viewport, ms (SPEC.md section 9). */
export const LAZY_LOAD_DELAY_MS = 200;

/**
 * True once the element of `ref` has come within `marginPx` of the
 * viewport (IntersectionObserver `rootMargin`) and `delayMs` has passed
 * since; it stays true after that. Where IntersectionObserver is missing it
 * turns true after the delay (the content must never be withheld).
 * @param marginPx distance from the viewport's edges, CSS pixels (default 200).
 * @param delayMs wait after coming near, ms (default 0).
 */
export function useNearViewport(
  ref: RefObject<Element | null>, { marginPx = LINK_PREFETCH_MARGIN_PX, delayMs = 0 }: { marginPx?: number; delayMs?: number } = {},
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arrive = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => setNear(true), delayMs);
    };
    if (typeof IntersectionObserver === 'undefined') {
      arrive();
      return () => clearTimeout(timer);
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        arrive();
      }
    }, { rootMargin: `${marginPx}px` });
    io.observe(el);
    return () => {
      io.disconnect();
      clearTimeout(timer);
    };
  }, [ref, marginPx, delayMs, near]);
  return near;
}

/**
 * A next/link that prefetches its page only once it comes within 200 px of
 * the viewport (SPEC.md section 9 "link prefetch margin"): until then its
 * prefetching is off (`prefetch={false}`); from then on it is next/link's
 * default ('auto'), which fetches the page's prefetchable part at once (the
 * link is in view). A link never scrolled near fetches nothing. Takes
 * next/link's props except `prefetch`.
 */
export function NearViewportLink(props: Omit<ComponentProps<typeof Link>, 'prefetch'>) {
  const ref = useRef<HTMLAnchorElement>(null);
  const near = useNearViewport(ref);
  return <Link ref={ref} {...props} prefetch={near ? 'auto' : false} data-prefetch={near ? 'auto' : 'off'} />;
}

/**
 * Renders `children` only once this spot comes within 200 px of the
 * viewport and 200 ms have passed (SPEC.md section 9 "lazy-load delay");
 * until then `placeholder` (nothing by default) holds its place. For
 * below-the-fold images and cards: the first screen's stay server-rendered.
 */
export function LazyWhenNear({ children, placeholder = null, className }: {
  children: ReactNode;
  placeholder?: ReactNode;
  /** Classes of the wrapper, which keeps the space (e.g. `absolute inset-0`). */
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, { delayMs: LAZY_LOAD_DELAY_MS });
  return (
    <div ref={ref} className={className} data-lazy={near ? 'loaded' : 'waiting'}>
      {near ? children : placeholder}
    </div>
  );
}
