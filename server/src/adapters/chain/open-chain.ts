import type { Address } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import type { TonConfig } from '../../config';
import type { TonNetwork } from './address';
import {
  highloadWalletAddress,
  QUERY_IDS_PER_WINDOW,
  queryIdFromSequence,
  signHighloadDeploy,
  type HighloadWalletKeys,
} from './highload-wallet';
import type { ChainAdapter } from './chain-adapter';
import type { SandboxChain } from './sandbox-chain';
import { ToncenterChain } from './toncenter-chain';

export interface HotWallet {
  address: Address;
  /** User-friendly, bounceable: where deposits go. */
  friendly: string;
  keys: HighloadWalletKeys;
  /** The highload wallet's timeout: how long a signed withdrawal stays valid. */
  timeout: number;
}

/** Everything the deposit watcher and the withdrawal sender need to know about the chain. */
export interface Ton {
  /** Names the chain in cursors and rows: an emulated chain is new on every start. */
  chainId: string;
  chain: ChainAdapter;
  network: TonNetwork;
  hotWallet: HotWallet;
  /** Only on the emulated chain: sends a player's transfer for a development test deposit. */
  sandbox: SandboxChain | null;
}

/** The last query id of the window, never handed out by the sequence: reserved for deploying. */
export const DEPLOY_QUERY_SEQUENCE = QUERY_IDS_PER_WINDOW - 1;

/** Float the emulated hot wallet starts with, so withdrawals can be paid before any deposit. */
const SANDBOX_HOT_WALLET_FLOAT = 10_000n * 1_000_000_000n;

export function hotWalletFor(config: TonConfig): HotWallet {
  const keys = keyPairFromSeed(Buffer.from(config.hotWalletSeed, 'hex'));
  const address = highloadWalletAddress({ publicKey: keys.publicKey, timeout: config.highloadTimeout });
  return {
    address,
    friendly: address.toString({ urlSafe: true, bounceable: true, testOnly: config.network === 'testnet' }),
    keys,
    timeout: config.highloadTimeout,
  };
}

/**
 * Opens the configured chain. The emulated one (development, tests, the offline start) is loaded
 * only here, on demand, and gets a deployed, funded hot wallet at once.
 */
export async function openTon(config: TonConfig, options: { now?: number } = {}): Promise<Ton> {
  const hotWallet = hotWalletFor(config);
  if (config.chain === 'toncenter') {
    return {
      chainId: `toncenter:${config.network}`,
      chain: new ToncenterChain({ baseUrl: config.toncenterUrl, apiKey: config.toncenterApiKey }),
      network: config.network,
      hotWallet,
      sandbox: null,
    };
  }
  const { SandboxChain } = await import('./sandbox-chain');
  const sandbox = await SandboxChain.create({
    ...(options.now === undefined ? { followWallClock: true } : { now: options.now }),
  });
  await sandbox.fund(hotWallet.address, SANDBOX_HOT_WALLET_FLOAT);
  const createdAt = (await sandbox.chainTime()) - 30;
  const deploy = signHighloadDeploy(hotWallet.keys, {
    queryId: queryIdFromSequence(DEPLOY_QUERY_SEQUENCE),
    createdAt,
    timeout: hotWallet.timeout,
  });
  await sandbox.sendExternalMessage(deploy.boc);
  return {
    chainId: `sandbox:${Date.now().toString(36)}:${Math.random().toString(36).slice(2, 8)}`,
    chain: sandbox,
    network: config.network,
    hotWallet,
    sandbox,
  };
}
