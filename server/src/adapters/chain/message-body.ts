import type { Cell } from '@ton/core';
import type { ChainTx } from './chain-adapter';

/** Op of a text comment. */
export const OP_COMMENT = 0;
/** Op a bounced message body starts with. */
export const OP_BOUNCED = 0xffffffff;

/** The op and, for op 0, the text comment of an inbound message body. */
export function readMessageBody(body: Cell | null): { op: number | null; comment: string | null } {
  if (body === null) return { op: null, comment: null };
  const slice = body.beginParse();
  if (slice.remainingBits < 32) return { op: null, comment: null };
  const op = slice.loadUint(32);
  if (op !== OP_COMMENT || slice.remainingBits % 8 !== 0) return { op, comment: null };
  try {
    return { op, comment: slice.loadStringTail() };
  } catch {
    // A comment whose snake of cells is broken: keep the op, drop the text.
    return { op, comment: null };
  }
}

/** The signed part of a highload wallet v3 external message. */
export interface HighloadExternalQuery {
  subwalletId: number;
  sendMode: number;
  /** u23: shift (13 bits) << 10 | bit number (10 bits). */
  queryId: number;
  createdAt: number;
  timeout: number;
}

const SIGNATURE_BITS = 512;
const INNER_BITS = 32 + 8 + 23 + 64 + 22;

/**
 * Reads query_id and created_at from a highload wallet v3 external body:
 * `signature:bits512 ^[subwallet_id:u32 ^message send_mode:u8 query_id:u23 created_at:u64 timeout:u22]`.
 * Null for anything not shaped like that.
 */
export function readHighloadExternalQuery(body: Cell | null): HighloadExternalQuery | null {
  if (body === null || body.bits.length !== SIGNATURE_BITS || body.refs.length !== 1) return null;
  const inner = body.refs[0];
  if (inner === undefined || inner.bits.length !== INNER_BITS || inner.refs.length !== 1) return null;
  const slice = inner.beginParse();
  const subwalletId = slice.loadUint(32);
  const sendMode = slice.loadUint(8);
  const queryId = slice.loadUint(23);
  const createdAt = Number(slice.loadUintBig(64));
  const timeout = slice.loadUint(22);
  return { subwalletId, sendMode, queryId, createdAt, timeout };
}

/** What a transaction's inbound message says, as ChainTx has it. */
type Inbound = Pick<ChainTx, 'inKind' | 'src' | 'value' | 'bounce' | 'bounced' | 'op' | 'comment' | 'externalQuery'>;

/** The inbound side of a transaction no message started (tick-tock). */
export const NO_INBOUND: Inbound = { inKind: 'none', src: null, value: 0n, bounce: false, bounced: false, op: null, comment: null };

/**
 * The inbound side of a transaction a signed external message started: no sender, no value, no op
 * (an external body starts with a signature), and the highload query it names when it has one.
 */
export function externalInbound(body: Cell | null): Inbound {
  const query = readHighloadExternalQuery(body);
  return {
    ...NO_INBOUND,
    inKind: 'external-in',
    ...(query === null ? {} : { externalQuery: { queryId: query.queryId, createdAt: query.createdAt } }),
  };
}
