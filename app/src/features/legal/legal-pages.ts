/** The two legal pages: their paths are the ones the TON Connect manifest names (server/src/routes/manifest.ts). */
export const LEGAL_PAGES = { terms: '/terms', privacy: '/privacy' } as const;
export type LegalPage = keyof typeof LEGAL_PAGES;

/** The legal page at a path, or null: these open before onboarding and outside the messenger. */
export function legalPageAt(pathname: string): LegalPage | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === LEGAL_PAGES.terms) return 'terms';
  if (path === LEGAL_PAGES.privacy) return 'privacy';
  return null;
}
