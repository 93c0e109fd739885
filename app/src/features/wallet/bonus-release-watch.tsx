import type { HistoryItem } from '@arcade/api-client/wallet';
import { useAtomValue } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { useEffect, useRef } from 'react';
import { i18n } from '../../i18n/i18n';
import { formatTon } from '../../lib/format';
import { toast } from '../../lib/toast';
import { balancesAtom } from '../../state/balances';
import { apiAtom, sessionAtom } from '../../state/session';

/** A release older than this when it is found was told already (or happened on another device). */
export const RELEASE_FRESH_MS = 5 * 60_000;
const SEEN_KEY = 'arcade:wallet:bonus-release-seen';

function isZero(amount: string): boolean {
  return !/[1-9]/.test(amount);
}

function seenRelease(userId: string): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(SEEN_KEY) ?? 'null') as { userId?: unknown; id?: unknown } | null;
    return saved?.userId === userId && typeof saved.id === 'string' ? saved.id : null;
  } catch {
    return null;
  }
}

function markSeen(userId: string, id: string): void {
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify({ userId, id }));
  } catch {
    // No storage: the release may be told again after a reload, nothing worse.
  }
}

/** The newest bonus release in the first rows of the history, if it is new to this player. */
export function freshRelease(items: readonly HistoryItem[], seen: string | null, now: number): HistoryItem | null {
  const release = items.find((item) => item.kind === 'bonus_release');
  if (!release || release.id === seen) return null;
  const at = Date.parse(release.createdAt);
  return Number.isFinite(at) && now - at <= RELEASE_FRESH_MS ? release : null;
}

/**
 * Tells the player when the end of wagering turned their bonus into TON. The bonus balance
 * dropping to zero (after a bet, wherever the balances come from) is the cue; the history then
 * says whether a release did it (a lost bonus bet empties the balance too), and by how much.
 */
export function BonusReleaseWatch() {
  const bonus = useAtomValue(balancesAtom)?.bonusTon ?? null;
  const session = useAtomValue(sessionAtom);
  const api = useAtomValue(apiAtom);
  const client = useAtomValue(queryClientAtom);
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = bonus;
    if (!session || !api || before === null || bonus === null) return;
    if (isZero(before) || !isZero(bonus)) return;
    let cancelled = false;
    void (async () => {
      try {
        const [page] = await Promise.all([api.wallet.history({ limit: 5 }), import('./wallet-texts')]);
        const release = freshRelease(page.items, seenRelease(session.userId), Date.now());
        if (cancelled || !release) return;
        markSeen(session.userId, release.id);
        toast.success(i18n.t('wallet.toast.bonusReleased', { amount: `${formatTon(release.amount, i18n.language)} TON` }), {
          toastId: `bonus-release-${release.id}`,
        });
        void client.invalidateQueries({ queryKey: ['wallet'] });
      } catch {
        // The history could not be read: the release still shows there as its own row.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [bonus, session, api, client]);

  return null;
}
