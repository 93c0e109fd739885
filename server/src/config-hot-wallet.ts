import { Address } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { highloadWalletAddress } from './adapters/chain/highload-wallet';

/*
 * The hot wallet's settings' rules (config.ts parses them): where the seed may be, and the
 * address a process without it watches. Each problem names the variable and the rule, never a value.
 */

const SIGNER_OFF = 'WITHDRAWAL_SIGNER=off';

/**
 * A replica that does not sign (WITHDRAWAL_SIGNER=off) holds no seed, knows the wallet by its
 * address, and needs a signer elsewhere: refused where none could ever exist (an emulated chain
 * lives in one process, the embedded database is one process's). Whether a signer runs elsewhere
 * cannot be seen from here: the queued withdrawals' age shows it (the runbook's alerts).
 */
export function signerProblems(present: Record<string, string>, malformed: Set<string>, production: boolean): string[] {
  if (present.WITHDRAWAL_SIGNER !== 'off' || malformed.has('WITHDRAWAL_SIGNER')) return [];
  const problems: string[] = [];
  if (present.HOT_WALLET_SEED !== undefined) {
    problems.push(`HOT_WALLET_SEED must not be set with ${SIGNER_OFF} (a replica that does not sign must not hold the key)`);
  }
  if (present.HOT_WALLET_ADDRESS === undefined) {
    problems.push(`HOT_WALLET_ADDRESS is required with ${SIGNER_OFF} (the deposit address, watched without the seed)`);
  }
  const chain = present.TON_CHAIN ?? (production ? 'toncenter' : 'sandbox');
  if (chain === 'sandbox' && !production) {
    problems.push(
      `${SIGNER_OFF} needs TON_CHAIN=toncenter: an emulated chain lives in one process, so no signer could pay its withdrawals`,
    );
  }
  if (present.DATABASE_URL === undefined && !production) {
    problems.push(`${SIGNER_OFF} needs DATABASE_URL: the embedded database is one process's, so no signer could share it`);
  }
  return problems;
}

/** The hot wallet's address from HOT_WALLET_SEED (the highload wallet v3 of its key, with HIGHLOAD_TIMEOUT). */
export function hotWalletAddressOfSeed(seed: string, timeout: number): Address {
  return highloadWalletAddress({ publicKey: keyPairFromSeed(Buffer.from(seed, 'hex')).publicKey, timeout });
}

/** Parses HOT_WALLET_ADDRESS (raw `0:<hex>` or friendly); null when it is not a TON address. */
export function parseHotWalletAddress(text: string): { address: Address; testOnly: boolean } | null {
  try {
    if (Address.isFriendly(text)) {
      const friendly = Address.parseFriendly(text);
      return { address: friendly.address, testOnly: friendly.isTestOnly };
    }
    return Address.isRaw(text) ? { address: Address.parseRaw(text), testOnly: false } : null;
  } catch {
    return null;
  }
}

/** HOT_WALLET_ADDRESS: a basechain address, of the network, of the seed's wallet when both are given. Names rules, never values. */
export function hotWalletProblems(
  present: Record<string, string>,
  malformed: Set<string>,
  production: boolean,
  defaultTimeout: number,
): string[] {
  const text = present.HOT_WALLET_ADDRESS;
  if (text === undefined || malformed.has('HOT_WALLET_ADDRESS')) return [];
  const parsed = parseHotWalletAddress(text.trim());
  if (parsed === null) return ['HOT_WALLET_ADDRESS must be a TON address (raw 0:<64 hex> or the 48-character friendly form)'];
  if (parsed.address.workChain !== 0) return ['HOT_WALLET_ADDRESS must be in the basechain (workchain 0)'];
  const network = present.TON_NETWORK ?? (production ? 'mainnet' : 'testnet');
  if (parsed.testOnly && network === 'mainnet')
    return ['HOT_WALLET_ADDRESS is a testnet address (its friendly form says so) but TON_NETWORK is mainnet'];
  const seed = present.HOT_WALLET_SEED;
  const timeout = Number(present.HIGHLOAD_TIMEOUT ?? defaultTimeout);
  if (seed === undefined || malformed.has('HOT_WALLET_SEED') || malformed.has('HIGHLOAD_TIMEOUT')) return [];
  if (!hotWalletAddressOfSeed(seed.toLowerCase(), timeout).equals(parsed.address)) {
    return ["HOT_WALLET_ADDRESS is not the address of HOT_WALLET_SEED's wallet (with HIGHLOAD_TIMEOUT): one of them is wrong"];
  }
  return [];
}
