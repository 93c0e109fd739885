import type { AppApi } from '../../lib/api';
import type { RevealedPair } from '@arcade/api-client/games';

/** Pairs per page when everything is fetched for the export (the API's largest page). */
const EXPORT_PAGE = 100;

/** Every revealed pair of the player, newest first, page after page. */
export async function allRevealedPairs(api: AppApi): Promise<RevealedPair[]> {
  const pairs: RevealedPair[] = [];
  let before: string | null = null;
  do {
    const page = await api.fairness.revealed(before ? { before, limit: EXPORT_PAGE } : { limit: EXPORT_PAGE });
    pairs.push(...page.items);
    before = page.next;
  } while (before);
  return pairs;
}

/** The export file: what is needed to recompute every round of every revealed pair. */
export function exportDocument(pairs: RevealedPair[], now: Date): string {
  const document = {
    exportedAt: now.toISOString(),
    algorithm: 'HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${round}`); nonces 0 .. bets-1',
    pairs: pairs.map(({ id, serverSeed, serverSeedHash, clientSeed, bets, rotatedAt }) => ({
      id,
      serverSeed,
      serverSeedHash,
      clientSeed,
      bets,
      rotatedAt,
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Hands the file to the browser as a download. */
export function downloadJson(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
