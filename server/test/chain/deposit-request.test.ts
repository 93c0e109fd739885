import { Address, Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { readMessageBody } from '../../src/adapters/chain/message-body';
import { buildDepositRequest } from '../../src/domain/ton/deposit-request';
import { newDepositMemo } from '../../src/domain/ton/memo';

const hot = new Address(0, Buffer.alloc(32, 0x42));
const NOW = 1_750_000_000;

describe('buildDepositRequest', () => {
  it('asks the wallet to send the amount to the bounceable hot wallet with the memo as a text comment, on mainnet', () => {
    const memo = newDepositMemo();
    const request = buildDepositRequest({ hotWallet: hot.toRawString(), network: 'mainnet', memo, amount: 2_500_000_000n, now: NOW });
    expect(request.validUntil).toBe(NOW + 300);
    expect(request.network).toBe('-239');
    const [message] = request.messages;
    expect(message.address).toBe(hot.toString({ bounceable: true, urlSafe: true }));
    expect(message.address.startsWith('EQ')).toBe(true);
    expect(message.amount).toBe('2500000000');
    expect(readMessageBody(Cell.fromBase64(message.payload))).toEqual({ op: 0, comment: memo });
  });

  it('uses the testnet chain id and a test-only address on testnet', () => {
    const request = buildDepositRequest({
      hotWallet: hot,
      network: 'testnet',
      memo: newDepositMemo(),
      amount: 1n,
      now: NOW,
      ttlSeconds: 60,
    });
    expect(request.network).toBe('-3');
    expect(request.validUntil).toBe(NOW + 60);
    expect(request.messages[0].address.startsWith('kQ')).toBe(true);
    expect(Address.parse(request.messages[0].address).equals(hot)).toBe(true);
  });

  it('refuses a memo that is not one and an amount that is not positive', () => {
    expect(() => buildDepositRequest({ hotWallet: hot, network: 'mainnet', memo: 'hello', amount: 1n, now: NOW })).toThrow(RangeError);
    expect(() => buildDepositRequest({ hotWallet: hot, network: 'mainnet', memo: newDepositMemo(), amount: 0n, now: NOW })).toThrow(
      RangeError,
    );
  });
});
