import { createHash } from 'node:crypto';
import { Address, Cell, contractAddress, loadStateInit, type StateInit } from '@ton/core';
import { signVerify } from '@ton/crypto';
import { WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';

/** A proof older than this is refused (TON Connect's own recommendation). */
export const PROOF_WINDOW_SECONDS = 15 * 60;
/** Tolerated clock skew for a proof dated ahead of us. */
export const PROOF_FUTURE_SECONDS = 60;

export interface TonProof {
  address: string;
  network: '-239' | '-3';
  publicKey: string;
  proof: {
    timestamp: number;
    domain: { lengthBytes: number; value: string };
    payload: string;
    signature: string;
    stateInit: string;
  };
}

export type ProofRefusal = 'proof-invalid' | 'expired' | 'domain' | 'network';

export const proofMessages: Record<ProofRefusal | 'payload-unknown', string> = {
  'proof-invalid': 'The wallet proof does not check out. Reconnect the wallet and try again.',
  expired: 'The wallet proof is too old. Reconnect the wallet and try again.',
  domain: 'The wallet proof was made for another site.',
  network: 'The wallet is on the other TON network.',
  'payload-unknown': 'The wallet proof was not requested here or was already used. Reconnect the wallet and try again.',
};

const ZERO_KEY = Buffer.alloc(32);

/** Wallet contracts we can read a public key from: code hash -> where the key sits in the data. */
const KNOWN_WALLETS: Array<{ code: Cell; readKey: (data: Cell) => Buffer }> = [
  {
    code: WalletContractV5R1.create({ workchain: 0, publicKey: ZERO_KEY }).init.code,
    readKey: (data) => {
      const s = data.beginParse();
      s.skip(1 + 32 + 32); // is_signature_allowed, seqno, wallet_id
      return s.loadBuffer(32);
    },
  },
  ...[WalletContractV4.create({ workchain: 0, publicKey: ZERO_KEY }), WalletContractV3R2.create({ workchain: 0, publicKey: ZERO_KEY })].map(
    (w) => ({
      code: w.init.code,
      readKey: (data: Cell) => {
        const s = data.beginParse();
        s.skip(32 + 32); // seqno, subwallet id
        return s.loadBuffer(32);
      },
    }),
  ),
];

function publicKeyOf(init: StateInit): Buffer | null {
  if (!init.code || !init.data) return null;
  const known = KNOWN_WALLETS.find((w) => w.code.hash().equals(init.code!.hash()));
  if (!known) return null;
  try {
    return known.readKey(init.data);
  } catch {
    return null;
  }
}

const sha256 = (...parts: Buffer[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** The bytes a wallet signs for ton_proof (TON Connect spec: "ton-proof-item-v2/"). */
export function proofDigest(
  address: Address,
  proof: { timestamp: number; domain: { lengthBytes: number; value: string }; payload: string },
): Buffer {
  const wc = Buffer.alloc(4);
  wc.writeInt32BE(address.workChain);
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(proof.domain.lengthBytes);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(proof.timestamp));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/'),
    wc,
    address.hash,
    domainLength,
    Buffer.from(proof.domain.value),
    timestamp,
    Buffer.from(proof.payload),
  ]);
  return sha256(Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha256(message));
}

/**
 * Checks a ton_proof (everything but the payload's single use, which the caller owns): the
 * state init is a known wallet whose key is the one given and whose address is the one given,
 * the network and the domain are ours, the proof is fresh and the signature is the key's.
 */
export function checkTonProof(
  input: TonProof,
  expected: { network: 'mainnet' | 'testnet'; domains: readonly string[]; nowSeconds: number },
): { ok: true; address: Address } | { ok: false; reason: ProofRefusal } {
  if (input.network !== (expected.network === 'mainnet' ? '-239' : '-3')) return { ok: false, reason: 'network' };
  const { proof } = input;
  if (!expected.domains.includes(proof.domain.value) || Buffer.byteLength(proof.domain.value) !== proof.domain.lengthBytes) {
    return { ok: false, reason: 'domain' };
  }
  if (proof.timestamp < expected.nowSeconds - PROOF_WINDOW_SECONDS || proof.timestamp > expected.nowSeconds + PROOF_FUTURE_SECONDS) {
    return { ok: false, reason: 'expired' };
  }
  try {
    const address = Address.parse(input.address);
    const init = loadStateInit(Cell.fromBase64(proof.stateInit).beginParse());
    const key = publicKeyOf(init);
    if (!key || !key.equals(Buffer.from(input.publicKey, 'hex'))) return { ok: false, reason: 'proof-invalid' };
    if (!contractAddress(address.workChain, init).equals(address)) return { ok: false, reason: 'proof-invalid' };
    const signature = Buffer.from(proof.signature, 'base64');
    if (signature.length !== 64 || !signVerify(proofDigest(address, proof), signature, key)) return { ok: false, reason: 'proof-invalid' };
    return { ok: true, address };
  } catch {
    return { ok: false, reason: 'proof-invalid' };
  }
}
