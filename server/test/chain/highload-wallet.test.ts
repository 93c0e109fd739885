import { Address, Cell, loadMessage, loadMessageRelaxed, SendMode } from '@ton/core';
import { keyPairFromSeed, signVerify } from '@ton/crypto';
import { HighloadWalletV3 } from '@tonkite/highload-wallet-v3';
import { describe, expect, it } from 'vitest';
import { readMessageBody } from '../../src/adapters/chain/message-body';
import {
  HIGHLOAD_SUBWALLET_ID,
  HIGHLOAD_WALLET_V3_CODE,
  HIGHLOAD_WALLET_V3_CODE_HASH,
  QUERY_IDS_PER_WINDOW,
  highloadWalletAddress,
  isValidQueryId,
  parseExternalQuery,
  queryIdFromSequence,
  signHighloadDeploy,
  signHighloadTransfer,
  splitQueryId,
} from '../../src/adapters/chain/highload-wallet';

const keys = keyPairFromSeed(Buffer.alloc(32, 5));
const recipient = new Address(0, Buffer.alloc(32, 0x33));

describe('highload wallet v3', () => {
  it('uses the official contract code', () => {
    expect(HIGHLOAD_WALLET_V3_CODE.hash().toString('hex')).toBe(HIGHLOAD_WALLET_V3_CODE_HASH);
  });

  it('derives the same address as the @tonkite wrapper, and a different one per timeout and subwallet', () => {
    const ours = highloadWalletAddress({ publicKey: keys.publicKey, timeout: 3600 });
    const theirs = new HighloadWalletV3(HighloadWalletV3.newSequence(), keys.publicKey, 3600, HIGHLOAD_SUBWALLET_ID).address;
    expect(ours.equals(theirs)).toBe(true);
    expect(highloadWalletAddress({ publicKey: keys.publicKey, timeout: 7200 }).equals(ours)).toBe(false);
    expect(highloadWalletAddress({ publicKey: keys.publicKey, timeout: 3600, subwalletId: 1 }).equals(ours)).toBe(false);
  });

  it('maps a counter onto query ids without ever using bit 1023', () => {
    expect(queryIdFromSequence(0)).toBe(0);
    expect(queryIdFromSequence(1022)).toBe(1022);
    expect(queryIdFromSequence(1023)).toBe(1 << 10);
    expect(splitQueryId(queryIdFromSequence(1023 * 5 + 7))).toEqual({ shift: 5, bitNumber: 7 });
    expect(queryIdFromSequence(QUERY_IDS_PER_WINDOW - 1)).toBe((8191 << 10) | 1022);
    expect(() => queryIdFromSequence(QUERY_IDS_PER_WINDOW)).toThrow(RangeError);
    expect(() => queryIdFromSequence(-1)).toThrow(RangeError);
    expect(isValidQueryId(1023)).toBe(false);
    expect(isValidQueryId(2 ** 23)).toBe(false);
  });

  it('signs a transfer offline: one external to the wallet, signed body, mode 3, the payment inside, and reads the query back', () => {
    const transfer = {
      queryId: queryIdFromSequence(4242),
      createdAt: 1_750_000_000,
      timeout: 3600,
      to: recipient,
      amount: 1_500_000_000n,
      bounce: false,
      comment: 'w:17',
    };
    const signed = signHighloadTransfer(keys, transfer);
    const again = signHighloadTransfer(keys, transfer);
    expect(again.boc).toBe(signed.boc); // deterministic: the stored BOC is the one re-broadcast

    const message = loadMessage(Cell.fromBase64(signed.boc).beginParse());
    expect(message.info.type).toBe('external-in');
    expect(message.info.dest?.toString()).toBe(highloadWalletAddress({ publicKey: keys.publicKey, timeout: 3600 }).toString());
    expect(message.init).toBeFalsy();
    expect(Cell.fromBase64(signed.boc).hash().toString('hex')).toBe(signed.messageHash);

    const body = message.body;
    const signedPart = body.refs[0]!;
    expect(signVerify(signedPart.hash(), body.beginParse().loadBuffer(64), keys.publicKey)).toBe(true);
    const inner = signedPart.beginParse();
    expect(inner.loadUint(32)).toBe(HIGHLOAD_SUBWALLET_ID);
    const payment = loadMessageRelaxed(inner.loadRef().beginParse());
    expect(inner.loadUint(8)).toBe(SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS);
    expect(payment.info.type === 'internal' && payment.info).toMatchObject({ bounce: false, value: { coins: 1_500_000_000n } });
    expect(payment.info.dest?.toString()).toBe(recipient.toString());
    expect(payment.init).toBeFalsy();
    expect(readMessageBody(payment.body)).toEqual({ op: 0, comment: 'w:17' });

    expect(parseExternalQuery(body)).toEqual({
      subwalletId: HIGHLOAD_SUBWALLET_ID,
      sendMode: 3,
      queryId: transfer.queryId,
      createdAt: transfer.createdAt,
      timeout: 3600,
    });
    expect(parseExternalQuery(body.toBoc().toString('base64'))).toMatchObject({ queryId: transfer.queryId });
    expect(parseExternalQuery(Cell.EMPTY)).toBeNull();
    expect(parseExternalQuery('garbage')).toBeNull();
  });

  it('attaches the state init only to the deploy message', () => {
    const deploy = signHighloadDeploy(keys, { queryId: 0, createdAt: 1_750_000_000, timeout: 3600 });
    const message = loadMessage(Cell.fromBase64(deploy.boc).beginParse());
    expect(message.init?.code?.hash().toString('hex')).toBe(HIGHLOAD_WALLET_V3_CODE_HASH);
    expect(deploy.normalizedHash).not.toBe(deploy.messageHash);
  });

  it('refuses invalid query ids, timeouts and amounts', () => {
    const base = { queryId: 0, createdAt: 1_750_000_000, timeout: 3600, to: recipient, amount: 1n, bounce: false };
    expect(() => signHighloadTransfer(keys, { ...base, queryId: 1023 })).toThrow(RangeError);
    expect(() => signHighloadTransfer(keys, { ...base, timeout: 0 })).toThrow(RangeError);
    expect(() => signHighloadTransfer(keys, { ...base, timeout: 2 ** 22 })).toThrow(RangeError);
    expect(() => signHighloadTransfer(keys, { ...base, amount: -1n })).toThrow(RangeError);
    expect(() => signHighloadTransfer(keys, { ...base, createdAt: 0 })).toThrow(RangeError);
  });
});
