import { Address } from '@ton/core';

export type TonNetwork = 'mainnet' | 'testnet';

export type WithdrawalAddressRefusal = 'empty' | 'invalid' | 'workchain' | 'testnet-address' | 'own-wallet';

export type ParsedWithdrawalAddress =
  | {
      ok: true;
      /** `0:<hex>`: what is stored and compared. */
      raw: string;
      /** Non-bounceable, url-safe (UQ…, 0Q… on testnet): what is shown. */
      friendly: string;
      /** What the address form asked for; raw input carries no flag and counts as bounceable. */
      bounceable: boolean;
    }
  | { ok: false; code: WithdrawalAddressRefusal; reason: string };

export const withdrawalAddressMessages: Record<WithdrawalAddressRefusal, string> = {
  empty: 'Enter the TON address to send to.',
  invalid: 'This is not a valid TON address. Check it for typos or copy it again.',
  workchain: 'Only basechain addresses (workchain 0) are supported.',
  'testnet-address': 'This is a testnet address. Enter a mainnet address.',
  'own-wallet': 'This is the address of our own wallet. Enter the address of your wallet.',
};

const RAW = /^(-?\d{1,3}):([0-9a-fA-F]{64})$/;

function refuse(code: WithdrawalAddressRefusal): ParsedWithdrawalAddress {
  return { ok: false, code, reason: withdrawalAddressMessages[code] };
}

/** Reads a user-friendly (url-safe or standard base64) or raw `wc:hex` address; null if it is neither. */
function readAddress(text: string): { address: Address; bounceable: boolean; testOnly: boolean } | null {
  const raw = RAW.exec(text);
  if (raw !== null) {
    return { address: new Address(Number(raw[1]), Buffer.from(raw[2] ?? '', 'hex')), bounceable: true, testOnly: false };
  }
  if (!Address.isFriendly(text)) return null;
  try {
    const friendly = Address.parseFriendly(text);
    return { address: friendly.address, bounceable: friendly.isBounceable, testOnly: friendly.isTestOnly };
  } catch {
    // Bad checksum or an unknown tag byte (the library throws a bare string for the latter).
    return null;
  }
}

/** Checks an address a player wants to withdraw to. */
export function parseWithdrawalAddress(
  input: string,
  options: { network: TonNetwork; ownAddresses: readonly (Address | string)[] },
): ParsedWithdrawalAddress {
  const text = input.trim();
  if (text === '') return refuse('empty');
  const read = readAddress(text);
  if (read === null) return refuse('invalid');
  if (read.address.workChain !== 0) return refuse('workchain');
  if (read.testOnly && options.network === 'mainnet') return refuse('testnet-address');
  const own = options.ownAddresses.map((address) => (typeof address === 'string' ? Address.parse(address) : address));
  if (own.some((address) => address.equals(read.address))) return refuse('own-wallet');
  return {
    ok: true,
    raw: read.address.toRawString(),
    friendly: read.address.toString({ urlSafe: true, bounceable: false, testOnly: options.network === 'testnet' }),
    bounceable: read.bounceable,
  };
}
