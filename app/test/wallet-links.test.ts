import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '@arcade/api-client/wallet';
import { freshRelease, RELEASE_FRESH_MS } from '../src/features/wallet/bonus-release-watch';
import { depositLink } from '../src/features/wallet/deposit-qr';
import { explorerUrl } from '../src/features/wallet/history-list';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const item = (id: string, kind: HistoryItem['kind'], ago: number): HistoryItem => ({
  id,
  kind,
  currency: 'ton',
  amount: '1.5',
  balanceAfter: '3',
  createdAt: new Date(NOW - ago).toISOString(),
});

describe('deposit link', () => {
  it('carries the address, the amount in nanotons and the memo, percent-encoded', () => {
    expect(depositLink('kQAbc-_d', 'arc 7/x', 1_500_000_000n)).toBe('ton://transfer/kQAbc-_d?amount=1500000000&text=arc%207%2Fx');
    expect(depositLink('kQAbc', 'memo1', null)).toBe('ton://transfer/kQAbc?text=memo1');
  });
});

describe('explorer links', () => {
  it('point at tonviewer for the server’s network', () => {
    expect(explorerUrl('mainnet', 'ab12')).toBe('https://tonviewer.com/transaction/ab12');
    expect(explorerUrl('testnet', 'ab12')).toBe('https://testnet.tonviewer.com/transaction/ab12');
  });
});

describe('bonus release toast', () => {
  it('is told for a new, recent release only', () => {
    const rows = [item('9', 'bet', 1000), item('8', 'bonus_release', 1000)];
    expect(freshRelease(rows, null, NOW)?.id).toBe('8');
    expect(freshRelease(rows, '8', NOW)).toBeNull();
    expect(freshRelease([item('8', 'bonus_release', RELEASE_FRESH_MS + 1000)], null, NOW)).toBeNull();
    expect(freshRelease([item('9', 'bet', 10)], null, NOW)).toBeNull();
  });
});
