import { createContext, use, useEffect, useRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { whenIdle } from '../lib/idle';

/**
 * How a link warms its screen's code (spec section 2: on hover, viewport entry or render).
 * `<Link prefetch>` only works in React Router's framework mode, so we do it ourselves.
 */
export type PrefetchMode = 'intent' | 'viewport' | 'render' | 'none';

export type RoutePreloader = (pathname: string) => void;

/** Provided by the app layer with the route table's module map. */
export const RoutePreloadContext = createContext<RoutePreloader>(() => undefined);

/** Spec section 9: preload delay 50 ms, preload root margin 100 px. */
export const PRELOAD_DELAY_MS = 50;
export const PRELOAD_ROOT_MARGIN = '100px';

function pathnameOf(to: LinkProps['to']): string {
  if (typeof to !== 'string') return to.pathname ?? '';
  return to.split(/[?#]/)[0] ?? '';
}

type PrefetchLinkProps = LinkProps & { prefetch?: PrefetchMode };

export function PrefetchLink({
  prefetch = 'intent',
  to,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onTouchStart,
  ...rest
}: PrefetchLinkProps) {
  const preload = use(RoutePreloadContext);
  const path = pathnameOf(to);
  const anchor = useRef<HTMLAnchorElement>(null);
  const timer = useRef<number | undefined>(undefined);

  // Render and viewport preloads wait for an idle moment: the screen showing the link (often
  // the first screen) comes first, its code and data are not slowed down by the next one's.
  useEffect(() => {
    if (prefetch === 'render' && path) return whenIdle(() => preload(path));
  }, [prefetch, path, preload]);

  useEffect(() => {
    const element = anchor.current;
    if (prefetch !== 'viewport' || !path || !element || typeof IntersectionObserver === 'undefined') return;
    let cancel = () => undefined as void;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        cancel = whenIdle(() => preload(path));
      },
      { rootMargin: PRELOAD_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [prefetch, path, preload]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const intent = prefetch === 'intent' && path !== '';
  const schedule = () => {
    if (!intent) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => preload(path), PRELOAD_DELAY_MS);
  };
  const cancel = () => window.clearTimeout(timer.current);

  return (
    <Link
      ref={anchor}
      to={to}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        schedule();
      }}
      onPointerLeave={(event) => {
        onPointerLeave?.(event);
        cancel();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        schedule();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        // A touch is followed by a tap: no reason to wait.
        if (intent) preload(path);
      }}
      {...rest}
    />
  );
}
