import { beginCell, storeStateInit } from '@ton/core';
import { keyPairFromSeed, sign } from '@ton/crypto';
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { describe, expect, it } from 'vitest';
import type { WalletInfo } from '@arcade/api-client/wallet';
import { proofDigest } from '../src/domain/ton/ton-proof';
import { callApi, databases, logIn, newUserId, PUBLIC_URL, suiteServer, TestClock } from './helpers';

const DOMAIN = new URL(PUBLIC_URL).host;

/** What a wallet app answers to a TON Connect connect that asked for ton_proof with `payload`. */
function walletProof(payload: string, options: { seed?: string; timestamp: number; domain?: string; v4?: boolean; signWith?: Buffer }) {
  const keys = keyPairFromSeed(Buffer.alloc(32, options.seed ?? 'a'));
  const wallet = options.v4
    ? WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey })
    : WalletContractV5R1.create({ workchain: 0, publicKey: keys.publicKey });
  const domain = options.domain ?? DOMAIN;
  const proof = { timestamp: options.timestamp, domain: { lengthBytes: Buffer.byteLength(domain), value: domain }, payload };
  const signature = sign(proofDigest(wallet.address, proof), options.signWith ?? keys.secretKey);
  return {
    address: wallet.address.toRawString(),
    network: '-3' as const,
    publicKey: keys.publicKey.toString('hex'),
    proof: {
      ...proof,
      signature: signature.toString('base64'),
      stateInit: beginCell().store(storeStateInit(wallet.init)).endCell().toBoc().toString('base64'),
    },
    friendly: wallet.address.toString({ bounceable: false, testOnly: true }),
  };
}

describe.each(databases())('linking a TON Connect wallet with ton_proof on $name', (database) => {
  const clock = TestClock.following();

  const call = <T>(token: string, path: string, body: unknown = {}) => callApi<T>(suite.app, `/api/v3/wallet/${path}`, body, token);
  const payload = async (token: string) => (await call<{ payload: string }>(token, 'proof-payload')).data.payload;
  const now = () => Math.floor(clock.ms / 1000);
  const link = (token: string, proof: ReturnType<typeof walletProof>) => {
    const { friendly: _friendly, ...body } = proof;
    return call<{ linkedWallet: string }>(token, 'link', body);
  };

  const suite = suiteServer(database, { start: () => ({ clock }) });

  it('links a V5R1 or V4 wallet whose proof checks out and offers it for withdrawals', async () => {
    for (const v4 of [false, true]) {
      const token = await logIn(suite.app, { id: newUserId() });
      const proof = walletProof(await payload(token), { timestamp: now(), v4, seed: v4 ? 'b' : 'c' });
      const linked = await link(token, proof);
      expect(linked.data).toEqual({ linkedWallet: proof.friendly });
      expect((await call<WalletInfo>(token, 'info')).data.linkedWallet).toBe(proof.friendly);
    }
  });

  it('uses each payload once', async () => {
    const token = await logIn(suite.app, { id: newUserId() });
    const proof = walletProof(await payload(token), { timestamp: now() });
    expect((await link(token, proof)).success).toBe(true);
    expect((await link(token, proof)).code).toBe('link.payload-unknown');
  });

  it("refuses another player's payload, a made-up one, and one past its 15 minutes", async () => {
    const mine = await logIn(suite.app, { id: newUserId() });
    const theirs = await logIn(suite.app, { id: newUserId() });
    expect((await link(mine, walletProof(await payload(theirs), { timestamp: now() }))).code).toBe('link.payload-unknown');
    expect((await link(mine, walletProof('f'.repeat(64), { timestamp: now() }))).code).toBe('link.payload-unknown');
    const old = await payload(mine);
    clock.advance(16 * 60);
    expect((await link(mine, walletProof(old, { timestamp: now() }))).code).toBe('link.payload-unknown');
  });

  it('refuses a forged signature, a foreign domain, a stale or future timestamp and the wrong network', async () => {
    const token = await logIn(suite.app, { id: newUserId() });
    const p = await payload(token);
    const cases: Array<[ReturnType<typeof walletProof>, string]> = [
      [walletProof(p, { timestamp: now(), signWith: keyPairFromSeed(Buffer.alloc(32, 'z')).secretKey }), 'link.proof-invalid'],
      [walletProof(p, { timestamp: now(), domain: 'evil.example' }), 'link.domain'],
      [walletProof(p, { timestamp: now() - 16 * 60 }), 'link.expired'],
      [walletProof(p, { timestamp: now() + 5 * 60 }), 'link.expired'],
      [{ ...walletProof(p, { timestamp: now() }), network: '-239' as never }, 'link.network'],
      [{ ...walletProof(p, { timestamp: now() }), publicKey: 'ab'.repeat(32) }, 'link.proof-invalid'],
      [{ ...walletProof(p, { timestamp: now() }), address: walletProof(p, { timestamp: now(), seed: 'q' }).address }, 'link.proof-invalid'],
    ];
    for (const [proof, code] of cases) {
      const refused = await link(token, proof);
      expect(refused.status).toBe(400);
      expect(refused.code).toBe(code);
    }
    // None of the refusals used the payload up.
    expect((await link(token, walletProof(p, { timestamp: now() }))).success).toBe(true);
  });
});
