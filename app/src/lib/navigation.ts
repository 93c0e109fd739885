import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Bottom-tab roots: no back button there. */
export const TAB_ROOTS: ReadonlySet<string> = new Set(['/bonus', '/flip', '/roll', '/road', '/market', '/wallet', '/referral']);

export function isTabRoot(pathname: string): boolean {
  return TAB_ROOTS.has(pathname);
}

/** Where back leads when there is no history to go back to (the app was opened by a deep link). */
export function parentPath(pathname: string): string {
  if (pathname === '/deposit' || pathname === '/withdraw') return '/wallet';
  if (pathname.startsWith('/profile/')) return '/profile';
  return '/bonus';
}

function historyIndex(): number {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number') return state.idx;
  return 0;
}

/** Goes back in history, or up to the parent screen when this is the first entry. */
export function useGoBack(pathname: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (historyIndex() > 0) void navigate(-1);
    else void navigate(parentPath(pathname), { replace: true });
  }, [navigate, pathname]);
}
