import { createHash } from 'node:crypto';
import { Address, Cell, comment as commentCell, internal, loadMessage, SendMode, type Transaction } from '@ton/core';
import { keyPairFromSeed, type KeyPair } from '@ton/crypto';
import { Blockchain, EmulationError, type SandboxContract, type SendMessageResult, type TreasuryContract } from '@ton/sandbox';
import { WalletContractV5R1 } from '@ton/ton';
import {
  ChainRejectedError,
  ChainUnavailableError,
  type AccountStatus,
  type ChainAdapter,
  type ChainCursor,
  type ChainTx,
} from './chain-adapter';
import { externalInbound, NO_INBOUND, readMessageBody } from './message-body';

/** A player's wallet on the emulated chain (V5R1, what Tonkeeper and Wallet create today). */
export interface SandboxUserWallet {
  address: Address;
  keyPair: KeyPair;
  contract: SandboxContract<WalletContractV5R1>;
}

export interface SandboxTransfer {
  /** Any address form. */
  to: Address | string;
  /** Nanoton. */
  amount: bigint;
  /** A text comment (op 0), as a wallet app writes it. */
  comment?: string;
  /** Or a ready body, base64 BOC: the `payload` of a TON Connect message. */
  payload?: string;
  /** Defaults to the flag of a user-friendly `to` (EQ… bounceable, UQ… not), else true, as wallets do. */
  bounce?: boolean;
}

export interface SandboxChainOptions {
  /** Starting chain time, unix seconds. Default: the wall clock. */
  now?: number;
  /** Keep chain time at least at the wall clock before every call (offline start mode). Default false: time moves only by advanceTime. */
  followWallClock?: boolean;
  /** Balance of the faucet that funds test wallets. */
  faucetBalance?: bigint;
}

const DEFAULT_USER_BALANCE = 1_000_000_000_000n; // 1000 TON
/** What the faucet keeps beyond a transfer, for its fees. */
const FAUCET_FEE_RESERVE = 1_000_000_000_000n; // 1000 TON

/**
 * ChainAdapter over @ton/sandbox: the real wallet contracts (highload v3, V5R1) run on an emulated
 * chain, no network. Everything that happens goes through this object, which keeps its own list
 * of transactions sorted by lt: the sandbox's `getTransactions` reverses its internal list in
 * place on every call and compares hash Buffers by identity, so it is not used for reading.
 */
export class SandboxChain implements ChainAdapter {
  private readonly transactions = new Map<string, Transaction>();
  private readonly followWallClock: boolean;

  private constructor(
    readonly blockchain: Blockchain,
    private readonly faucet: SandboxContract<TreasuryContract>,
    options: SandboxChainOptions,
  ) {
    this.followWallClock = options.followWallClock ?? false;
  }

  static async create(options: SandboxChainOptions = {}): Promise<SandboxChain> {
    const blockchain = await Blockchain.create();
    blockchain.verbosity = { ...blockchain.verbosity, print: false, blockchainLogs: false, vmLogs: 'none', debugLogs: false };
    blockchain.now = options.now ?? Math.floor(Date.now() / 1000);
    const faucet = await blockchain.treasury(
      'arcade-sandbox-faucet',
      options.faucetBalance === undefined ? {} : { balance: options.faucetBalance },
    );
    return new SandboxChain(blockchain, faucet, options);
  }

  // ---- ChainAdapter ----

  getTransactionsAfter(account: string, after: ChainCursor | null, limit: number): Promise<ChainTx[]> {
    // Through a promise, so that a bad address rejects like it would over the network.
    return Promise.resolve().then(() => this.readAfter(Address.parse(account), after, limit));
  }

  async sendExternalMessage(boc: string): Promise<void> {
    let message;
    try {
      message = loadMessage(Cell.fromBase64(boc).beginParse());
    } catch (error) {
      throw new ChainRejectedError('not a message BOC', undefined, { cause: error });
    }
    if (message.info.type !== 'external-in') throw new ChainRejectedError('not an external message');
    this.syncClock();
    try {
      this.record(await this.blockchain.sendMessage(message));
    } catch (error) {
      if (error instanceof EmulationError) {
        throw new ChainRejectedError(`external message rejected: ${error.error}`, error.exitCode, { cause: error });
      }
      throw error;
    }
  }

  async getAccountState(address: string): Promise<{ status: AccountStatus; balance: bigint }> {
    const contract = await this.blockchain.getContract(Address.parse(address));
    const state = contract.accountState;
    // The sandbox hands out an empty uninit account for any address; one that never had a transaction does not exist yet.
    const untouched = contract.lastTransactionLt === 0n && contract.balance === 0n;
    const status = state === undefined || (state.type === 'uninit' && untouched) ? 'nonexist' : state.type;
    return { status, balance: contract.balance };
  }

  chainTime(): Promise<number> {
    this.syncClock();
    return Promise.resolve(this.now);
  }

  // ---- test and development helpers ----

  get now(): number {
    const now = this.blockchain.now;
    if (now === undefined) throw new Error('sandbox chain time is not set');
    return now;
  }

  /** Moves chain time forward (never back: accounts refuse transactions older than their last). */
  advanceTime(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError(`advanceTime needs a whole number of seconds >= 0, got ${seconds}`);
    this.blockchain.now = this.now + seconds;
  }

  /**
   * Sends TON from the faucet, non-bounceable: how a wallet is funded before it is deployed. The
   * faucet is the emulator's own money and never runs dry: short of the amount (a large test
   * deposit, or many), it is topped up first rather than failing the transfer (a 500).
   */
  async fund(to: Address | string, amount: bigint): Promise<void> {
    this.syncClock();
    const faucet = await this.blockchain.getContract(this.faucet.address);
    if (faucet.balance < amount + FAUCET_FEE_RESERVE) faucet.balance = amount + FAUCET_FEE_RESERVE;
    this.record(await this.faucet.send({ to: typeof to === 'string' ? Address.parse(to) : to, value: amount, bounce: false }));
  }

  /** A funded, not yet deployed V5R1 wallet whose key is derived from `seed` (same seed, same wallet). */
  async createUserWallet(seed: string, balance: bigint = DEFAULT_USER_BALANCE): Promise<SandboxUserWallet> {
    const keyPair = keyPairFromSeed(createHash('sha256').update(`arcade-sandbox-user:${seed}`).digest());
    const contract = this.blockchain.openContract(WalletContractV5R1.create({ workchain: 0, publicKey: keyPair.publicKey }));
    await this.fund(contract.address, balance);
    return { address: contract.address, keyPair, contract };
  }

  /**
   * The player's wallet signs and sends one transfer (a TON Connect deposit). Deploys the wallet
   * on first use. Returns the hash (hex) of the transaction in which the recipient received it.
   */
  async sendFromUser(wallet: SandboxUserWallet, transfer: SandboxTransfer): Promise<string | null> {
    if (transfer.comment !== undefined && transfer.payload !== undefined) throw new Error('give a comment or a payload, not both');
    const body =
      transfer.payload !== undefined
        ? Cell.fromBase64(transfer.payload)
        : transfer.comment !== undefined
          ? commentCell(transfer.comment)
          : null;
    this.syncClock();
    const seqno = await wallet.contract.getSeqno();
    const result = await wallet.contract.sendTransfer({
      seqno,
      secretKey: wallet.keyPair.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
      // Valid for a minute of chain time (the library's default counts from the wall clock).
      timeout: (this.blockchain.now ?? Math.floor(Date.now() / 1000)) + 60,
      messages: [internal({ to: transfer.to, value: transfer.amount, bounce: transfer.bounce ?? bounceFlagOf(transfer.to), body })],
    });
    this.record(result);
    const to = typeof transfer.to === 'string' ? Address.parse(transfer.to) : transfer.to;
    const received = result.transactions.find((tx) => accountOf(tx)?.equals(to) ?? false);
    return received ? received.hash().toString('hex') : null;
  }

  /** An address no contract lives at: a bounceable message there comes back as a bounce. */
  undeployedAddress(seed: string): Address {
    return new Address(0, createHash('sha256').update(`arcade-sandbox-nobody:${seed}`).digest());
  }

  /** Adds what a direct `blockchain` call produced to the list the adapter reads from. */
  record(result: SendMessageResult): void {
    for (const tx of result.transactions) this.transactions.set(tx.hash().toString('hex'), tx);
  }

  private readAfter(address: Address, after: ChainCursor | null, limit: number): ChainTx[] {
    const mine = [...this.transactions.values()]
      .filter((tx) => accountOf(tx)?.equals(address) ?? false)
      .sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0));
    if (after !== null) {
      const atCursor = mine.find((tx) => tx.lt === after.lt);
      if (atCursor !== undefined && atCursor.hash().toString('hex') !== after.hash.toLowerCase()) {
        throw new ChainUnavailableError(`transaction at lt ${after.lt} is not the cursor's ${after.hash}`);
      }
    }
    const newer = after === null ? mine : mine.filter((tx) => tx.lt > after.lt);
    return newer.slice(0, Math.max(0, limit)).map(toChainTx);
  }

  private syncClock(): void {
    if (!this.followWallClock) return;
    const wall = Math.floor(Date.now() / 1000);
    if (wall > this.now) this.blockchain.now = wall;
  }
}

function bounceFlagOf(to: Address | string): boolean {
  if (typeof to === 'string' && Address.isFriendly(to)) return Address.parseFriendly(to).isBounceable;
  return true;
}

function accountOf(tx: Transaction): Address | null {
  const info = tx.inMessage?.info;
  if (info === undefined) return null;
  return info.type === 'internal' || info.type === 'external-in' ? info.dest : null;
}

function toChainTx(tx: Transaction): ChainTx {
  const info = tx.inMessage?.info;
  const body = tx.inMessage?.body ?? null;
  const description = tx.description;
  const aborted = 'aborted' in description ? description.aborted : false;
  const compute = 'computePhase' in description ? description.computePhase : null;
  const base = {
    hash: tx.hash().toString('hex'),
    lt: tx.lt,
    utime: tx.now,
    outCount: tx.outMessagesCount,
    aborted,
    computeOk: compute !== null && compute.type === 'vm' && compute.success,
  };
  if (info?.type === 'internal') {
    return {
      ...base,
      inKind: 'internal',
      src: info.src.toRawString(),
      value: info.value.coins,
      bounce: info.bounce,
      bounced: info.bounced,
      ...readMessageBody(body),
    };
  }
  if (info?.type === 'external-in') return { ...base, ...externalInbound(body) };
  return { ...base, ...NO_INBOUND };
}
