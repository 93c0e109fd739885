import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { parseWithdrawalAddress, withdrawalAddressMessages } from '../../src/adapters/chain/address';

const player = new Address(0, Buffer.from('5f'.repeat(32), 'hex'));
const hotWallet = new Address(0, Buffer.from('a1'.repeat(32), 'hex'));
const mainnet = { network: 'mainnet', ownAddresses: [hotWallet.toString()] } as const;
const testnet = { network: 'testnet', ownAddresses: [hotWallet.toRawString()] } as const;

const PLAYER_UQ = player.toString({ bounceable: false });

describe('parseWithdrawalAddress', () => {
  it('accepts url-safe and standard base64 friendly forms and raw 0:hex, trimmed, and shows the non-bounceable url-safe form', () => {
    const forms = [
      player.toString({ bounceable: true }),
      PLAYER_UQ,
      player.toString({ bounceable: true, urlSafe: false }),
      player.toRawString(),
      player.toRawString().toUpperCase(),
      `  ${PLAYER_UQ}\n`,
    ];
    for (const input of forms) {
      const parsed = parseWithdrawalAddress(input, mainnet);
      expect(parsed, input).toMatchObject({ ok: true, raw: player.toRawString(), friendly: PLAYER_UQ });
    }
    expect(PLAYER_UQ.startsWith('UQ')).toBe(true);
  });

  it('keeps the bounce flag the address form asked for; raw input counts as bounceable', () => {
    expect(parseWithdrawalAddress(player.toString({ bounceable: true }), mainnet)).toMatchObject({ ok: true, bounceable: true });
    expect(parseWithdrawalAddress(PLAYER_UQ, mainnet)).toMatchObject({ ok: true, bounceable: false });
    expect(parseWithdrawalAddress(player.toRawString(), mainnet)).toMatchObject({ ok: true, bounceable: true });
  });

  it('refuses an empty input', () => {
    for (const input of ['', '   ', '\n\t']) {
      expect(parseWithdrawalAddress(input, mainnet)).toEqual({ ok: false, code: 'empty', reason: withdrawalAddressMessages.empty });
    }
  });

  it('refuses text that is not an address, including a friendly address with a typo (bad checksum)', () => {
    const friendly = player.toString({ bounceable: false });
    const typo = friendly.slice(0, 20) + (friendly[20] === 'A' ? 'B' : 'A') + friendly.slice(21);
    const inputs = [
      'hello',
      typo,
      friendly.slice(0, 47),
      `${friendly}x`,
      '0:1234',
      `0:${'zz'.repeat(32)}`,
      'UQ' + ' '.repeat(46),
      `0: ${'ab'.repeat(32)}`,
    ];
    for (const input of inputs) {
      expect(parseWithdrawalAddress(input, mainnet), input).toEqual({
        ok: false,
        code: 'invalid',
        reason: withdrawalAddressMessages.invalid,
      });
    }
    // A 36-byte base64 string with a correct checksum but an unknown tag byte.
    const bytes = Buffer.from(Address.parse(friendly).toStringBuffer({ bounceable: false }));
    bytes[0] = 0x22;
    expect(parseWithdrawalAddress(bytes.toString('base64url'), mainnet)).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('refuses masterchain and other workchains', () => {
    const master = new Address(-1, Buffer.from('5f'.repeat(32), 'hex'));
    for (const input of [master.toString(), master.toString({ bounceable: false }), master.toRawString(), `7:${'5f'.repeat(32)}`]) {
      expect(parseWithdrawalAddress(input, mainnet), input).toEqual({
        ok: false,
        code: 'workchain',
        reason: withdrawalAddressMessages.workchain,
      });
    }
  });

  it('refuses a test-only address on mainnet and accepts it on testnet', () => {
    const testOnly = player.toString({ bounceable: false, testOnly: true });
    expect(testOnly.startsWith('0Q')).toBe(true);
    expect(parseWithdrawalAddress(testOnly, mainnet)).toEqual({
      ok: false,
      code: 'testnet-address',
      reason: withdrawalAddressMessages['testnet-address'],
    });
    expect(parseWithdrawalAddress(testOnly, testnet)).toEqual({
      ok: true,
      raw: player.toRawString(),
      friendly: testOnly,
      bounceable: false,
    });
  });

  it('refuses our own wallet in any form', () => {
    for (const input of [
      hotWallet.toString(),
      hotWallet.toString({ bounceable: false }),
      hotWallet.toRawString(),
      hotWallet.toString({ testOnly: true }),
    ]) {
      expect(parseWithdrawalAddress(input, testnet), input).toEqual({
        ok: false,
        code: 'own-wallet',
        reason: withdrawalAddressMessages['own-wallet'],
      });
    }
    expect(parseWithdrawalAddress(hotWallet.toRawString(), mainnet)).toMatchObject({ ok: false, code: 'own-wallet' });
  });

  it('has a distinct message for every refusal', () => {
    const messages = Object.values(withdrawalAddressMessages);
    expect(new Set(messages).size).toBe(messages.length);
  });
});
