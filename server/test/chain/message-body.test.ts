import { Address, beginCell, Cell, comment } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { OP_BOUNCED, readHighloadExternalQuery, readMessageBody } from '../../src/adapters/chain/message-body';

describe('reading inbound message bodies', () => {
  it('reads a text comment, also one long enough to continue in further cells', () => {
    expect(readMessageBody(comment('P98QJ98B'))).toEqual({ op: 0, comment: 'P98QJ98B' });
    const long = 'é'.repeat(300);
    const cell = comment(long);
    expect(cell.refs.length).toBeGreaterThan(0);
    expect(readMessageBody(cell)).toEqual({ op: 0, comment: long });
  });

  it('gives the op without a comment for other bodies, and nothing for empty or short ones', () => {
    expect(readMessageBody(null)).toEqual({ op: null, comment: null });
    expect(readMessageBody(Cell.EMPTY)).toEqual({ op: null, comment: null });
    expect(readMessageBody(beginCell().storeUint(7, 16).endCell())).toEqual({ op: null, comment: null });
    expect(readMessageBody(beginCell().storeUint(0x0f8a7ea5, 32).storeUint(1, 64).endCell())).toEqual({ op: 0x0f8a7ea5, comment: null });
    expect(readMessageBody(beginCell().storeUint(OP_BOUNCED, 32).storeUint(0, 32).endCell())).toEqual({ op: OP_BOUNCED, comment: null });
    expect(readMessageBody(beginCell().storeUint(0, 32).storeUint(1, 3).endCell())).toEqual({ op: 0, comment: null });
  });

  it('reads a highload external query only from a body of that exact shape', () => {
    const inner = beginCell()
      .storeUint(0x10ad, 32)
      .storeRef(
        beginCell()
          .storeAddress(new Address(0, Buffer.alloc(32)))
          .endCell(),
      )
      .storeUint(3, 8)
      .storeUint((12 << 10) | 34, 23)
      .storeUint(1_750_000_000, 64)
      .storeUint(86_400, 22)
      .endCell();
    const body = beginCell().storeBuffer(Buffer.alloc(64, 1)).storeRef(inner).endCell();
    expect(readHighloadExternalQuery(body)).toEqual({
      subwalletId: 0x10ad,
      sendMode: 3,
      queryId: (12 << 10) | 34,
      createdAt: 1_750_000_000,
      timeout: 86_400,
    });
    // A wallet v4/v5 external: signature and fields inline, no such ref.
    expect(readHighloadExternalQuery(beginCell().storeBuffer(Buffer.alloc(64, 1)).storeUint(1, 32).endCell())).toBeNull();
    expect(readHighloadExternalQuery(null)).toBeNull();
  });
});
