/**
 * A stand-in for src/lib/ton-connect with the connection restored and no wallet connected, for
 * screens that show the wallet widget without testing it: `vi.mock('../src/lib/ton-connect', () =>
 * import('./ton-connect-stub'))`.
 */

import type { ReactNode } from 'react';

/**
 * A stand-in for src/lib/ton-connect with the connection restored and no wallet connected, for
 * screens that show the wallet widget without testing it: `vi.mock('../src/lib/ton-connect', () =>
 * import('./ton-connect-stub'))`.
 */
class TonConnectError extends Error {}

const ui = {
  connected: false,
  openModal: () => Promise.resolve(),
  setConnectRequestParameters: () => undefined,
  onStatusChange: () => () => undefined,
};

export const TonConnectScope = ({ children }: { children: ReactNode }) => children;
export const useTonConnectUI = () => [ui, () => undefined];
export const useIsConnectionRestored = () => true;
export const useTonAddress = () => '';
export const useTonWallet = () => null;
export {
  TonConnectError as TonConnectUIError,
  TonConnectError as UserRejectsError,
  TonConnectError as WalletWrongNetworkError,
  TonConnectError as WalletNotSupportFeatureError,
};
