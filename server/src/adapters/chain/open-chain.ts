import type { Address } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { ConfigError, type TonConfig } from '../../config';
import { parseHotWalletAddress } from '../../config-hot-wallet';
import type { TonNetwork } from './address';
import {
  highloadWalletAddress,
  QUERY_IDS_PER_WINDOW,
  queryIdFromSequence,
  signHighloadDeploy,
  type HighloadWalletKeys,
} from './highload-wallet';
import { ChainUnavailableError, type ChainAdapter } from './chain-adapter';
import type { SandboxChain } from './sandbox-chain';
import { ToncenterChain } from './toncenter-chain';

export interface HotWallet {
  address: Address;
  /** User-friendly, bounceable: where deposits go. */
  friendly: string;
  /**
   * The signing keys, from HOT_WALLET_SEED; null in a process that does not sign (a public
   * replica with WITHDRAWAL_SIGNER=off, an operator command that only reads): it knows the address.
   */
  keys: HighloadWalletKeys | null;
  /** The highload wallet's timeout: how long a signed withdrawal stays valid. */
  timeout: number;
}

/** Signing was asked of a process that holds no seed. */
export class NoSigningKeyError extends Error {
  override readonly name = 'NoSigningKeyError';
}

/** The hot wallet's keys, for whatever signs (the withdrawal sender, a sweep, a deploy); throws without the seed. */
export function signingKeys(hotWallet: HotWallet): HighloadWalletKeys {
  if (hotWallet.keys === null) {
    throw new NoSigningKeyError('this process holds no HOT_WALLET_SEED: only the signer (WITHDRAWAL_SIGNER on) signs for the hot wallet');
  }
  return hotWallet.keys;
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

/**
 * The hot wallet this configuration names: from the seed when it holds one (HOT_WALLET_ADDRESS, if
 * also given, was checked to be the same), else from HOT_WALLET_ADDRESS alone, without keys.
 */
export function hotWalletFor(config: TonConfig): HotWallet {
  const keys = config.hotWalletSeed === null ? null : keyPairFromSeed(Buffer.from(config.hotWalletSeed, 'hex'));
  const given = config.hotWalletAddress === null ? null : parseHotWalletAddress(config.hotWalletAddress.trim());
  const address = keys ? highloadWalletAddress({ publicKey: keys.publicKey, timeout: config.highloadTimeout }) : given?.address;
  if (!address) throw new ConfigError('HOT_WALLET_ADDRESS or HOT_WALLET_SEED is required (the hot wallet is known by one of them)');
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
/** A chain for commands that read none (wallet:address): every call refuses. */
const NO_CHAIN: ChainAdapter = {
  getTransactionsAfter: () => Promise.reject(new ChainUnavailableError('this command reads no chain')),
  sendExternalMessage: () => Promise.reject(new ChainUnavailableError('this command reads no chain')),
  getAccountState: () => Promise.reject(new ChainUnavailableError('this command reads no chain')),
  chainTime: () => Promise.reject(new ChainUnavailableError('this command reads no chain')),
};

/** The hot wallet without a chain: for a command that only shows the address (no toncenter key needed). */
export function offlineTon(config: TonConfig): Ton {
  return { chainId: 'offline', chain: NO_CHAIN, network: config.network, hotWallet: hotWalletFor(config), sandbox: null };
}

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
  // The emulated chain deploys its hot wallet at once, which takes the keys.
  const keys = signingKeys(hotWallet);
  const { SandboxChain } = await import('./sandbox-chain');
  const sandbox = await SandboxChain.create({
    ...(options.now === undefined ? { followWallClock: true } : { now: options.now }),
  });
  await sandbox.fund(hotWallet.address, SANDBOX_HOT_WALLET_FLOAT);
  const createdAt = (await sandbox.chainTime()) - 30;
  const deploy = signHighloadDeploy(keys, {
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
