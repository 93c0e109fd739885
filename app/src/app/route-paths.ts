/** Paths of the route table, in their canonical spelling. */
export const APP_PATHS = [
  '/',
  '/profile',
  '/profile/play',
  '/bonus',
  '/deposit',
  '/withdraw',
  '/wallet',
  '/market',
  '/referral',
  '/achievements',
  '/flip',
  '/roll',
  '/road',
  '/fairness',
  '/terms',
  '/privacy',
] as const;
export type AppPath = (typeof APP_PATHS)[number];

const canonicalByLowerCase = new Map<string, string>(APP_PATHS.map((path) => [path.toLowerCase(), path]));

/**
 * The canonical spelling of a path: never a trailing slash, repeated slashes collapsed, and a
 * known route in its own case (/BONUS/ -> /bonus). Unknown paths keep their case.
 */
export function canonicalPath(pathname: string): string {
  let path = pathname.replace(/\/{2,}/g, '/');
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
  return canonicalByLowerCase.get(path.toLowerCase()) ?? path;
}

/** The canonical form of a whole location (search and hash kept), or null if it already is. */
export function canonicalLocation(location: { pathname: string; search: string; hash: string }): string | null {
  const path = canonicalPath(location.pathname);
  return path === location.pathname ? null : `${path}${location.search}${location.hash}`;
}
