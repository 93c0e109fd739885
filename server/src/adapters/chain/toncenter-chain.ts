import { Address, Cell } from '@ton/core';
import { type } from 'arktype';
import {
  ChainRejectedError,
  ChainUnavailableError,
  type AccountStatus,
  type ChainAdapter,
  type ChainCursor,
  type ChainTx,
} from './chain-adapter';
import { externalInbound, NO_INBOUND, readMessageBody } from './message-body';
import { toncenterErrors } from '../../metrics';

/**
 * ChainAdapter over the toncenter API v3 (the TON Index, toncenter.com/api/v3). Transient failures
 * (network, timeout, 429, 5xx) are retried with capped exponential backoff and jitter, then
 * surface as ChainUnavailableError; replies are validated, and anything unreadable is a
 * ChainUnavailableError too. Only transactions in a masterchain block and not emulated are returned.
 */

export interface ToncenterChainOptions {
  /** `https://toncenter.com` or `https://testnet.toncenter.com` (no trailing `/api/v3`). */
  baseUrl: string;
  /** Sent as `X-API-Key`; without one toncenter allows 1 request per second. */
  apiKey?: string | null;
  /** Per request, including reading the reply. Default 10 s. */
  timeoutMs?: number;
  /** Tries per call, the first included. Default 5. */
  attempts?: number;
  /** First backoff step; doubles per retry up to maxDelayMs. Defaults 500 ms and 8 s. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Rows per transactions page, at most 1000 (the API's maximum). */
  pageSize?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1): the jitter source. */
  random?: () => number;
}

const MAX_PAGE_SIZE = 1000;

const Digits = type(/^\d+$/);

const ApiMessage = type({
  'source?': 'string | null',
  'value?': type(/^\d+$/).or('null'),
  'bounce?': 'boolean | null',
  'bounced?': 'boolean | null',
  'message_content?': type({ 'body?': 'string | null' }).or('null'),
});

const ApiTransaction = type({
  account: 'string',
  hash: 'string',
  lt: Digits,
  now: 'number.integer',
  'mc_block_seqno?': 'number.integer | null',
  'emulated?': 'boolean | null',
  description: {
    'aborted?': 'boolean | null',
    'compute_ph?': type({ 'skipped?': 'boolean | null', 'success?': 'boolean | null' }).or('null'),
  },
  'in_msg?': ApiMessage.or('null'),
  out_msgs: ApiMessage.array(),
});
type ApiTransaction = typeof ApiTransaction.infer;

const TransactionsReply = type({ transactions: ApiTransaction.array() });

const AccountStatesReply = type({
  accounts: type({
    address: 'string',
    'balance?': type(/^\d+$/).or('null'),
    'status?': 'string | null',
  }).array(),
});

const MasterchainInfoReply = type({
  last: { gen_utime: type(/^\d+$/).or('number.integer') },
});

const STATUS = new Map<string, AccountStatus>([
  ['active', 'active'],
  ['uninit', 'uninit'],
  ['uninitialized', 'uninit'],
  ['frozen', 'frozen'],
  ['nonexist', 'nonexist'],
]);

/** Error text a liteserver gives for an external message the account would not accept. */
const REJECTION =
  /cannot apply external message|external message was not accepted|failed to parse external message|not a valid bag of cells|inbound external message rejected/i;
const EXIT_CODE = /exit ?code[=:\s]+(-?\d+)/i;

interface Reply {
  status: number;
  text: string;
}

export class ToncenterChain implements ChainAdapter {
  private readonly baseUrl: string;
  private readonly apiKey: string | null;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly pageSize: number;
  private readonly fetch: typeof globalThis.fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(options: ToncenterChainOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey ?? null;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.attempts = Math.max(1, options.attempts ?? 5);
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 8_000;
    this.pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, options.pageSize ?? MAX_PAGE_SIZE));
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
  }

  async getTransactionsAfter(account: string, after: ChainCursor | null, limit: number): Promise<ChainTx[]> {
    const address = parseAddress(account);
    const found: ChainTx[] = [];
    let offset = 0;
    while (found.length < limit) {
      // +1: start_lt is inclusive, so the cursor's own transaction comes back first.
      const pageLimit = Math.min(this.pageSize, limit - found.length + 1);
      const query = new URLSearchParams({
        account: address.toRawString(),
        start_lt: (after?.lt ?? 0n).toString(),
        sort: 'asc',
        limit: String(pageLimit),
        offset: String(offset),
      });
      const reply = this.parse(TransactionsReply, await this.get('/api/v3/transactions', query), 'transactions');
      for (const raw of reply.transactions) {
        // Nothing after a transaction that is not final yet: the cursor must not jump over it.
        if (!isFinal(raw)) return found;
        const tx = toChainTx(raw, address);
        const previous = found.at(-1);
        if (previous !== undefined && tx.lt <= previous.lt)
          throw new ChainUnavailableError('toncenter returned transactions out of lt order');
        if (after !== null && tx.lt <= after.lt) {
          if (tx.lt === after.lt && tx.hash !== after.hash.toLowerCase()) {
            throw new ChainUnavailableError(`transaction at lt ${after.lt} is ${tx.hash}, not the cursor's ${after.hash}`);
          }
          continue;
        }
        found.push(tx);
        if (found.length === limit) return found;
      }
      if (reply.transactions.length < pageLimit) return found;
      offset += reply.transactions.length;
    }
    return found;
  }

  async sendExternalMessage(boc: string): Promise<void> {
    const reply = await this.call('POST', '/api/v3/message', null, JSON.stringify({ boc }), isRejection);
    if (reply.status >= 200 && reply.status < 300) return;
    if (isRejection(reply) || (reply.status >= 400 && reply.status < 500 && ![401, 403, 404, 429].includes(reply.status))) {
      const detail = errorText(reply);
      const exit = EXIT_CODE.exec(detail);
      throw new ChainRejectedError(`message rejected: ${detail}`, exit?.[1] === undefined ? undefined : Number(exit[1]));
    }
    if (reply.status < 429) toncenterErrors.inc({ reason: 'http_4xx' });
    throw unavailable(reply);
  }

  async getAccountState(address: string): Promise<{ status: AccountStatus; balance: bigint }> {
    const wanted = parseAddress(address);
    const query = new URLSearchParams({ address: wanted.toRawString(), include_boc: 'false' });
    const reply = this.parse(AccountStatesReply, await this.get('/api/v3/accountStates', query), 'accountStates');
    const account = reply.accounts.find((row) => tryParseAddress(row.address)?.equals(wanted) ?? false);
    // The index has no row for an address that never had a transaction.
    if (account === undefined) return { status: 'nonexist', balance: 0n };
    const status = STATUS.get(account.status ?? 'nonexist');
    if (status === undefined) throw new ChainUnavailableError(`unknown account status ${JSON.stringify(account.status)}`);
    return { status, balance: BigInt(account.balance ?? '0') };
  }

  async chainTime(): Promise<number> {
    const reply = this.parse(MasterchainInfoReply, await this.get('/api/v3/masterchainInfo', null), 'masterchainInfo');
    return Number(reply.last.gen_utime);
  }

  // ---- HTTP ----

  private async get(path: string, query: URLSearchParams | null): Promise<unknown> {
    const reply = await this.call('GET', path, query, null, () => false);
    if (reply.status < 200 || reply.status >= 300) {
      // 429 and 5xx were counted at each try.
      if (reply.status < 429) toncenterErrors.inc({ reason: 'http_4xx' });
      throw unavailable(reply);
    }
    try {
      return JSON.parse(reply.text) as unknown;
    } catch (error) {
      toncenterErrors.inc({ reason: 'malformed' });
      throw new ChainUnavailableError(`toncenter ${path} replied with something that is not JSON: ${clip(reply.text)}`, reply.status, {
        cause: error,
      });
    }
  }

  private parse<T>(schema: (data: unknown) => T | InstanceType<typeof type.errors>, data: unknown, what: string): T {
    const parsed = schema(data);
    if (parsed instanceof type.errors) {
      toncenterErrors.inc({ reason: 'malformed' });
      throw new ChainUnavailableError(`toncenter ${what} reply is malformed: ${parsed.summary}`);
    }
    return parsed;
  }

  /**
   * One API call with retries. Retries network errors, timeouts, 429 and 5xx, unless `final` says
   * the reply is an answer (a rejected message is not worth sending again). Other replies return as is.
   */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    query: URLSearchParams | null,
    body: string | null,
    final: (reply: Reply) => boolean,
  ): Promise<Reply> {
    const url = `${this.baseUrl}${path}${query === null ? '' : `?${query.toString()}`}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== null) headers['content-type'] = 'application/json';
    if (this.apiKey !== null) headers['X-API-Key'] = this.apiKey;

    let problem: ChainUnavailableError | null = null;
    let retryAfterMs = 0;
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      if (attempt > 0) await this.sleep(this.backoff(attempt, retryAfterMs));
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.timeoutMs);
      let reply: Reply;
      try {
        const response = await this.fetch(url, { method, headers, body, signal: controller.signal });
        reply = { status: response.status, text: await response.text() };
        retryAfterMs = retryAfterToMs(response.headers.get('retry-after'));
      } catch (error) {
        const what = controller.signal.aborted ? `timed out after ${this.timeoutMs} ms` : `network error: ${describe(error)}`;
        problem = new ChainUnavailableError(`toncenter ${method} ${path} ${what}`, undefined, { cause: error });
        toncenterErrors.inc({ reason: controller.signal.aborted ? 'timeout' : 'network' });
        retryAfterMs = 0;
        continue;
      } finally {
        clearTimeout(timer);
      }
      const transient = reply.status === 429 || reply.status >= 500;
      if (!transient || final(reply)) return reply;
      problem = unavailable(reply);
      toncenterErrors.inc({ reason: reply.status === 429 ? 'rate_limited' : 'server_error' });
    }
    throw problem ?? new ChainUnavailableError(`toncenter ${method} ${path} was not tried`);
  }

  /** Capped exponential backoff with jitter (half fixed, half random), and at least what Retry-After asked (capped too). */
  private backoff(attempt: number, retryAfterMs: number): number {
    const cap = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1));
    const jittered = cap / 2 + (this.random() * cap) / 2;
    return Math.round(Math.max(jittered, Math.min(this.maxDelayMs, retryAfterMs)));
  }
}

function retryAfterToMs(header: string | null): number {
  return header !== null && /^\d{1,6}$/.test(header.trim()) ? Number(header.trim()) * 1000 : 0;
}

function isFinal(tx: ApiTransaction): boolean {
  return typeof tx.mc_block_seqno === 'number' && tx.mc_block_seqno > 0 && tx.emulated !== true;
}

function toChainTx(raw: ApiTransaction, account: Address): ChainTx {
  const accountOfTx = tryParseAddress(raw.account);
  if (accountOfTx === null || !accountOfTx.equals(account))
    throw new ChainUnavailableError(`toncenter returned a transaction of ${raw.account}`);
  const hash = hashToHex(raw.hash);
  const base = {
    hash,
    lt: BigInt(raw.lt),
    utime: raw.now,
    outCount: raw.out_msgs.length,
    aborted: raw.description.aborted ?? false,
    computeOk: raw.description.compute_ph?.skipped !== true && raw.description.compute_ph?.success === true,
  };
  const inMsg = raw.in_msg ?? null;
  if (inMsg === null) return { ...base, ...NO_INBOUND };

  let body: Cell | null = null;
  const boc = inMsg.message_content?.body;
  if (typeof boc === 'string' && boc !== '') {
    try {
      body = Cell.fromBase64(boc);
    } catch (error) {
      throw new ChainUnavailableError(`transaction ${hash} has a message body that is not a BOC`, undefined, { cause: error });
    }
  }
  const source = inMsg.source ?? null;
  if (source === null) return { ...base, ...externalInbound(body) };
  const src = tryParseAddress(source);
  if (src === null) throw new ChainUnavailableError(`transaction ${hash} has a source that is not an address: ${source}`);
  return {
    ...base,
    inKind: 'internal',
    src: src.toRawString(),
    value: BigInt(inMsg.value ?? '0'),
    bounce: inMsg.bounce ?? false,
    bounced: inMsg.bounced ?? false,
    ...readMessageBody(body),
  };
}

/** toncenter v3 gives hashes in base64; the adapter speaks lowercase hex. */
function hashToHex(hash: string): string {
  if (/^[0-9a-fA-F]{64}$/.test(hash)) return hash.toLowerCase();
  const bytes = Buffer.from(hash, 'base64');
  if (bytes.length !== 32 || !/^[A-Za-z0-9+/_-]{43}=?$/.test(hash)) throw new ChainUnavailableError(`not a transaction hash: ${hash}`);
  return bytes.toString('hex');
}

function tryParseAddress(text: string): Address | null {
  try {
    return Address.parse(text);
  } catch {
    return null;
  }
}

function parseAddress(text: string): Address {
  const address = tryParseAddress(text);
  if (address === null) throw new RangeError(`not a TON address: ${text}`);
  return address;
}

function isRejection(reply: Reply): boolean {
  return REJECTION.test(reply.text);
}

function errorText(reply: Reply): string {
  try {
    const parsed = JSON.parse(reply.text) as unknown;
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'string') return clip(parsed.error);
  } catch {
    // Not JSON: use the text.
  }
  return clip(reply.text);
}

function unavailable(reply: Reply): ChainUnavailableError {
  return new ChainUnavailableError(`toncenter replied HTTP ${reply.status}: ${errorText(reply)}`, reply.status);
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
