import { Address, comment } from '@ton/core';
import type { TonNetwork } from '../../adapters/chain/address';
import { isDepositMemo } from './memo';

/** TON Connect chain ids. */
export const TON_CONNECT_NETWORK = { mainnet: '-239', testnet: '-3' } as const;

/** How long the wallet may still send the transfer once the player opens it. */
export const DEPOSIT_REQUEST_TTL_SECONDS = 5 * 60;

/** The `sendTransaction` request the app hands to TON Connect, built here so the app needs no TON library. */
export interface DepositRequest {
  /** Unix seconds. */
  validUntil: number;
  /** The wallet refuses the request when it is on the other network. */
  network: '-239' | '-3';
  messages: [
    {
      /** The hot wallet, user-friendly and bounceable: if it were ever missing, the TON comes back. */
      address: string;
      /** Nanoton, decimal string. */
      amount: string;
      /** Base64 BOC of a text comment (op 0) holding the player's memo. */
      payload: string;
    },
  ];
}

export function buildDepositRequest(args: {
  hotWallet: Address | string;
  network: TonNetwork;
  memo: string;
  /** Nanoton. */
  amount: bigint;
  /** Unix seconds. */
  now: number;
  ttlSeconds?: number;
}): DepositRequest {
  if (!isDepositMemo(args.memo)) throw new RangeError(`not a deposit memo: ${JSON.stringify(args.memo)}`);
  if (args.amount <= 0n) throw new RangeError('deposit amount must be positive');
  const hotWallet = typeof args.hotWallet === 'string' ? Address.parse(args.hotWallet) : args.hotWallet;
  return {
    validUntil: Math.floor(args.now) + (args.ttlSeconds ?? DEPOSIT_REQUEST_TTL_SECONDS),
    network: TON_CONNECT_NETWORK[args.network],
    messages: [
      {
        address: hotWallet.toString({ urlSafe: true, bounceable: true, testOnly: args.network === 'testnet' }),
        amount: args.amount.toString(),
        payload: comment(args.memo).toBoc().toString('base64'),
      },
    ],
  };
}
