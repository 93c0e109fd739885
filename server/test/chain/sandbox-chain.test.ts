import { createHash } from 'node:crypto';
import { Address } from '@ton/core';
import { keyPairFromSeed, type KeyPair } from '@ton/crypto';
import { describe, expect, it } from 'vitest';
import { ChainRejectedError, ChainUnavailableError, type ChainTx } from '../../src/adapters/chain/chain-adapter';
import { OP_BOUNCED, OP_COMMENT } from '../../src/adapters/chain/message-body';
import { SandboxChain } from '../../src/adapters/chain/sandbox-chain';
import { buildDepositRequest } from '../../src/domain/ton/deposit-request';
import {
  HIGHLOAD_WALLET_V3_CODE_HASH,
  highloadWalletAddress,
  queryIdFromSequence,
  signHighloadDeploy,
  signHighloadTransfer,
  type HighloadTransfer,
} from '../../src/adapters/chain/highload-wallet';
import { newDepositMemo, parseMemo } from '../../src/domain/ton/memo';

const TON = 1_000_000_000n;
const START = 1_750_000_000;
const TIMEOUT = 3600;

function hotKeys(seed = 'hot wallet'): KeyPair {
  return keyPairFromSeed(createHash('sha256').update(seed).digest());
}

interface Setup {
  chain: SandboxChain;
  keys: KeyPair;
  hot: Address;
  /** Next free query sequence number (0 went to the deploy). */
  nextQuery: number;
}

async function newChain(): Promise<{ chain: SandboxChain; keys: KeyPair; hot: Address }> {
  const chain = await SandboxChain.create({ now: START });
  const keys = hotKeys();
  const hot = highloadWalletAddress({ publicKey: keys.publicKey, timeout: TIMEOUT });
  return { chain, keys, hot };
}

/** A chain with the hot wallet funded with 100 TON and deployed. */
async function deployedHotWallet(): Promise<Setup> {
  const { chain, keys, hot } = await newChain();
  await chain.fund(hot, 100n * TON);
  const deploy = signHighloadDeploy(keys, { queryId: queryIdFromSequence(0), createdAt: chain.now - 30, timeout: TIMEOUT });
  expect(deploy.wallet.equals(hot)).toBe(true);
  await chain.sendExternalMessage(deploy.boc);
  return { chain, keys, hot, nextQuery: 1 };
}

function withdrawal(setup: Setup, fields: Partial<HighloadTransfer> & Pick<HighloadTransfer, 'to' | 'amount'>): HighloadTransfer {
  return {
    queryId: queryIdFromSequence(setup.nextQuery++),
    createdAt: setup.chain.now - 30,
    timeout: TIMEOUT,
    bounce: false,
    comment: null,
    ...fields,
  };
}

async function everything(chain: SandboxChain, account: Address): Promise<ChainTx[]> {
  return chain.getTransactionsAfter(account.toString(), null, 1000);
}

async function last(chain: SandboxChain, account: Address): Promise<ChainTx> {
  const all = await everything(chain, account);
  const tx = all.at(-1);
  if (tx === undefined) throw new Error('no transactions');
  return tx;
}

function cursorOf(tx: ChainTx): { lt: bigint; hash: string } {
  return { lt: tx.lt, hash: tx.hash };
}

async function balanceOf(chain: SandboxChain, address: Address): Promise<bigint> {
  return (await chain.getAccountState(address.toRawString())).balance;
}

describe('sandbox chain: the highload v3 hot wallet', () => {
  it('deploys from an offline-signed first message carrying the official code', async () => {
    const { chain, hot } = await deployedHotWallet();
    const state = await chain.getAccountState(hot.toString());
    expect(state.status).toBe('active');
    expect(state.balance).toBeGreaterThan(99n * TON);
    const contract = await chain.blockchain.getContract(hot);
    const active = contract.accountState;
    expect(active?.type === 'active' ? active.state.code?.hash().toString('hex') : null).toBe(HIGHLOAD_WALLET_V3_CODE_HASH);

    const [funding, deploy, echo, ...rest] = await everything(chain, hot);
    expect(funding).toMatchObject({ inKind: 'internal', bounce: false, outCount: 0 });
    expect(deploy).toMatchObject({
      inKind: 'external-in',
      src: null,
      computeOk: true,
      outCount: 1,
      externalQuery: { queryId: 0, createdAt: START - 30 },
    });
    // The deploy message sends an empty zero-value message to the wallet itself.
    expect(echo).toMatchObject({ inKind: 'internal', src: hot.toRawString(), value: 0n, op: null, comment: null, outCount: 0 });
    expect(rest).toEqual([]);
  });

  it("shows a player's TON Connect deposit as one internal, non-bounced transfer with the memo, and nothing new after it", async () => {
    const { chain, hot } = await deployedHotWallet();
    const player = await chain.createUserWallet('player-1');
    const memo = newDepositMemo();
    const before = await last(chain, hot);

    const request = buildDepositRequest({ hotWallet: hot, network: 'mainnet', memo, amount: 5n * TON, now: chain.now });
    const [message] = request.messages;
    await chain.sendFromUser(player, { to: message.address, amount: BigInt(message.amount), payload: message.payload });

    const seen = await chain.getTransactionsAfter(hot.toString(), cursorOf(before), 100);
    expect(seen).toHaveLength(1);
    const [deposit] = seen;
    expect(deposit).toMatchObject({
      inKind: 'internal',
      src: player.address.toRawString(),
      value: 5n * TON,
      bounce: true,
      bounced: false,
      op: OP_COMMENT,
      comment: memo,
      outCount: 0,
      aborted: false,
      computeOk: true,
      utime: START,
    });
    expect(deposit?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(parseMemo(deposit?.comment)).toEqual({ ok: true, memo });

    expect(await chain.getTransactionsAfter(hot.toString(), cursorOf(deposit!), 100)).toEqual([]);
  });

  it('keeps a deposit with a mistyped or missing memo visible, for the review list', async () => {
    const { chain, hot } = await deployedHotWallet();
    const player = await chain.createUserWallet('player-2');
    const memo = newDepositMemo();
    const typo = (memo.startsWith('A') ? 'B' : 'A') + memo.slice(1);
    const before = await last(chain, hot);

    await chain.sendFromUser(player, { to: hot, amount: 2n * TON, comment: ` ${typo.toLowerCase()} ` });
    await chain.sendFromUser(player, { to: hot, amount: 3n * TON });

    const [mistyped, bare] = await chain.getTransactionsAfter(hot.toString(), cursorOf(before), 100);
    expect(mistyped).toMatchObject({
      inKind: 'internal',
      bounced: false,
      outCount: 0,
      op: 0,
      comment: ` ${typo.toLowerCase()} `,
      value: 2n * TON,
    });
    expect(parseMemo(mistyped?.comment)).toEqual({ ok: false, reason: 'checksum' });
    expect(bare).toMatchObject({ inKind: 'internal', bounced: false, outCount: 0, op: null, comment: null, value: 3n * TON });
  });

  it('pages in lt order by limit, without gaps or repeats, and refuses a cursor the chain does not know', async () => {
    const { chain, hot } = await deployedHotWallet();
    const player = await chain.createUserWallet('player-3');
    for (let i = 0; i < 5; i++) await chain.sendFromUser(player, { to: hot, amount: TON + BigInt(i), comment: `deposit ${i}` });

    const all = await everything(chain, hot);
    expect(all).toHaveLength(3 + 5); // funding, deploy, its echo, then the deposits
    const paged: ChainTx[] = [];
    let cursor: { lt: bigint; hash: string } | null = null;
    for (;;) {
      const page = await chain.getTransactionsAfter(hot.toRawString(), cursor, 2);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      paged.push(...page);
      cursor = cursorOf(page.at(-1)!);
    }
    expect(paged.map((tx) => tx.hash)).toEqual(all.map((tx) => tx.hash));
    for (let i = 1; i < all.length; i++) expect(all[i]!.lt).toBeGreaterThan(all[i - 1]!.lt);

    const wrongHash = { lt: all[3]!.lt, hash: 'ab'.repeat(32) };
    await expect(chain.getTransactionsAfter(hot.toString(), wrongHash, 10)).rejects.toBeInstanceOf(ChainUnavailableError);
  });

  it('bounces a deposit sent before the hot wallet is deployed: aborted, one message out, money back', async () => {
    const { chain, hot } = await newChain();
    const player = await chain.createUserWallet('early-bird');
    await chain.sendFromUser(player, { to: hot, amount: 10n * TON, comment: newDepositMemo(), bounce: true });
    const playerBalance = await balanceOf(chain, player.address);

    const [early] = await everything(chain, hot);
    expect(early).toMatchObject({ inKind: 'internal', bounce: true, bounced: false, aborted: true, computeOk: false, outCount: 1 });
    expect((await chain.getAccountState(hot.toString())).status).not.toBe('active');
    // Back on the player's wallet, less fees.
    const [, , refund] = await everything(chain, player.address);
    expect(refund).toMatchObject({ inKind: 'internal', bounced: true, src: hot.toRawString(), op: OP_BOUNCED });
    expect(refund!.value).toBeGreaterThan(10n * TON - TON / 100n);
    expect(playerBalance).toBeGreaterThan(1000n * TON - TON / 10n);
  });
});

describe('sandbox chain: withdrawals signed offline', () => {
  it('pays the recipient exactly once; the identical message again is refused with exit code 36', async () => {
    const setup = await deployedHotWallet();
    const { chain, keys, hot } = setup;
    const recipient = await chain.createUserWallet('recipient');
    const recipientBefore = await balanceOf(chain, recipient.address);
    const before = await last(chain, hot);

    const transfer = withdrawal(setup, { to: recipient.address, amount: 3n * TON, comment: 'w:42' });
    const signed = signHighloadTransfer(keys, transfer);
    await chain.sendExternalMessage(signed.boc);
    expect(await balanceOf(chain, recipient.address)).toBe(recipientBefore + 3n * TON);

    const [sent] = await chain.getTransactionsAfter(hot.toString(), cursorOf(before), 10);
    expect(sent).toMatchObject({
      inKind: 'external-in',
      src: null,
      value: 0n,
      computeOk: true,
      aborted: false,
      outCount: 1,
      externalQuery: { queryId: transfer.queryId, createdAt: transfer.createdAt },
    });

    const rejected = await chain.sendExternalMessage(signed.boc).then(
      () => null,
      (error: unknown) => error,
    );
    expect(rejected).toBeInstanceOf(ChainRejectedError);
    expect((rejected as ChainRejectedError).exitCode).toBe(36);
    expect(await balanceOf(chain, recipient.address)).toBe(recipientBefore + 3n * TON);
    expect(await chain.getTransactionsAfter(hot.toString(), cursorOf(sent!), 10)).toEqual([]);
  });

  it('refuses a message past createdAt + timeout with exit code 35; a new query id then goes through', async () => {
    const setup = await deployedHotWallet();
    const { chain, keys } = setup;
    const recipient = chain.undeployedAddress('late');
    const stale = signHighloadTransfer(keys, withdrawal(setup, { to: recipient, amount: TON }));

    chain.advanceTime(TIMEOUT + 1);
    expect(await chain.chainTime()).toBe(START + TIMEOUT + 1);
    await expect(chain.sendExternalMessage(stale.boc)).rejects.toMatchObject({ name: 'ChainRejectedError', exitCode: 35 });
    expect(await balanceOf(chain, recipient)).toBe(0n);

    const reissued = signHighloadTransfer(keys, withdrawal(setup, { to: recipient, amount: TON }));
    await chain.sendExternalMessage(reissued.boc);
    expect(await balanceOf(chain, recipient)).toBe(TON);
  });

  it('refuses a message signed with another key (exit code 33)', async () => {
    const setup = await deployedHotWallet();
    const stranger = hotKeys('someone else');
    // Same wallet address (our public key), wrong secret key.
    const forged = signHighloadTransfer(
      { publicKey: setup.keys.publicKey, secretKey: stranger.secretKey },
      withdrawal(setup, { to: setup.chain.undeployedAddress('thief'), amount: TON }),
    );
    await expect(setup.chain.sendExternalMessage(forged.boc)).rejects.toMatchObject({ exitCode: 33 });
  });

  it('executes an over-balance withdrawal without sending anything (outCount 0), and its query id is spent', async () => {
    const setup = await deployedHotWallet();
    const { chain, keys, hot } = setup;
    const recipient = chain.undeployedAddress('greedy');
    const before = await last(chain, hot);

    const transfer = withdrawal(setup, { to: recipient, amount: 1_000_000n * TON });
    const signed = signHighloadTransfer(keys, transfer);
    await chain.sendExternalMessage(signed.boc);

    const [tx] = await chain.getTransactionsAfter(hot.toString(), cursorOf(before), 10);
    expect(tx).toMatchObject({ inKind: 'external-in', computeOk: true, outCount: 0, externalQuery: { queryId: transfer.queryId } });
    expect(await balanceOf(chain, recipient)).toBe(0n);
    await expect(chain.sendExternalMessage(signed.boc)).rejects.toMatchObject({ exitCode: 36 });
  });

  it('sees a bounceable withdrawal to an undeployed address come back as a bounced internal message', async () => {
    const setup = await deployedHotWallet();
    const { chain, keys, hot } = setup;
    const nobody = chain.undeployedAddress('nobody');
    const before = await last(chain, hot);

    await chain.sendExternalMessage(
      signHighloadTransfer(keys, withdrawal(setup, { to: nobody, amount: 2n * TON, bounce: true, comment: 'w:7' })).boc,
    );

    const [sent, bounce] = await chain.getTransactionsAfter(hot.toString(), cursorOf(before), 10);
    expect(sent).toMatchObject({ inKind: 'external-in', outCount: 1 });
    expect(bounce).toMatchObject({
      inKind: 'internal',
      src: nobody.toRawString(),
      bounced: true,
      bounce: false,
      op: OP_BOUNCED,
      outCount: 0,
    });
    expect(bounce!.value).toBeGreaterThan(2n * TON - TON / 100n);
    expect(bounce!.value).toBeLessThan(2n * TON);
    expect((await chain.getAccountState(nobody.toString())).status).not.toBe('active');
  });
});

describe('sandbox chain: accounts and time', () => {
  it('reports nonexist, uninit and active accounts, and moves time only forward', async () => {
    const { chain } = await newChain();
    const nobody = chain.undeployedAddress('void');
    expect(await chain.getAccountState(nobody.toString())).toEqual({ status: 'nonexist', balance: 0n });
    const wallet = await chain.createUserWallet('states');
    expect((await chain.getAccountState(wallet.address.toString())).status).toBe('uninit');
    await chain.sendFromUser(wallet, { to: nobody, amount: TON, bounce: false });
    expect((await chain.getAccountState(wallet.address.toString())).status).toBe('active');
    expect(await chain.getAccountState(nobody.toString())).toEqual({ status: 'uninit', balance: TON });

    expect(await chain.chainTime()).toBe(START);
    chain.advanceTime(90);
    expect(await chain.chainTime()).toBe(START + 90);
    expect(() => chain.advanceTime(-1)).toThrow(RangeError);
  });

  it('can keep chain time up with the wall clock (offline start mode)', async () => {
    const chain = await SandboxChain.create({ now: START, followWallClock: true });
    expect(await chain.chainTime()).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 1);
  });

  it('refuses bytes that are not an external message', async () => {
    const { chain } = await newChain();
    await expect(chain.sendExternalMessage('not a boc')).rejects.toBeInstanceOf(ChainRejectedError);
    expect(Address.isAddress(chain.undeployedAddress('x'))).toBe(true);
  });
});
