import { fromNano } from '@arcade/api-client/money';
import type { Db } from './db/db';
import { NoSigningKeyError, type Ton } from './adapters/chain/open-chain';
import { RetiredWalletError } from './domain/wallet/retired-wallets';
import { ChainError } from './adapters/chain/chain-adapter';
import { planDeploy, reconcile, sendDeploy, MIN_DEPLOY_BALANCE } from './domain/wallet/hot-wallet';
import { planSweep, sendSweep, SweepInputError, type SweepPlan } from './domain/wallet/sweeps';
import { EMPTY_BELOW, planRotation, sendRotation, type RotationPlan } from './domain/wallet/rotation';

/**
 * The hot wallet's operator commands, each with what it needs, and production asks for nothing
 * more: `chain` reads toncenter (TONCENTER_API_KEY), `signs` signs for the wallet (HOT_WALLET_SEED;
 * the others know the wallet by HOT_WALLET_ADDRESS or the seed), `database` reads the book
 * (DATABASE_URL). None needs the bot token or the session secret.
 */
export const walletCommands = {
  'wallet:address': { database: false, chain: false, signs: false },
  'wallet:balance': { database: false, chain: true, signs: false },
  'wallet:deploy': { database: false, chain: true, signs: true },
  'wallet:reconcile': { database: true, chain: true, signs: false },
  'wallet:sweep': { database: true, chain: true, signs: true },
  'wallet:rotate': { database: true, chain: true, signs: true },
  // Long-running: the withdrawal sender alone (signer.ts), not a one-shot command.
  'withdrawals:sign': { database: true, chain: true, signs: true },
} as const satisfies Record<string, { database: boolean; chain: boolean; signs: boolean }>;

export type WalletCommand = keyof typeof walletCommands;

export function isWalletCommand(name: string | undefined): name is WalletCommand {
  return name !== undefined && Object.hasOwn(walletCommands, name);
}

export const walletUsage = `  wallet:address                          the hot wallet's address (friendly and raw) on the configured network
  wallet:balance                          its balance and state on chain
  wallet:deploy [--yes]                   show the deploy of the hot wallet; send it with --yes (refused once deployed)
  wallet:reconcile                        balance on chain against the players' liabilities (exit code 1 when short, 3 when the chain cannot be read)
  wallet:sweep <cold address> <amount> [--yes] [--key=<key>] [--operator <name>]
                                          move TON to a cold address, never below liabilities + HOT_WALLET_FLOAT
  wallet:rotate <new wallet address> [--yes] [--operator <name>]
                                          with the old seed: move everything to the new (deployed) wallet, watch the old one until empty
  withdrawals:sign                        run the withdrawal signer here until stopped (no HTTP; beside replicas with WITHDRAWAL_SIGNER=off)`;

export interface WalletDeps {
  ton: Ton;
  /** The book; required by reconcile and sweep. */
  db: Db | null;
  /** HOT_WALLET_FLOAT in nanotons. */
  float: bigint;
  now?: () => Date;
  /**
   * Who runs the command, recorded with a sweep: OPERATOR_NAME, or in development the OS user
   * (the CLI's choice); `--operator <name>` wins. Without either a sweep is refused.
   */
  requestedBy?: string | null;
  /** How long wallet:deploy waits for the chain to show the wallet active, and how. */
  deployWait?: { waitMs?: number; pollMs?: number; sleep?: (ms: number) => Promise<void> };
}

const ton = (nano: bigint) => `${fromNano(nano)} TON`;

/** `--yes`, `--key=<k>` or `--key <k>`, `--operator=<name>` or `--operator <name>`, and the rest in order. */
function parseArgs(args: string[]): { positional: string[]; yes: boolean; key?: string; operator?: string; unknown: string[] } {
  const positional: string[] = [];
  const unknown: string[] = [];
  let yes = false;
  let key: string | undefined;
  let operator: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--yes' || arg === '-y') yes = true;
    else if (arg.startsWith('--key=')) key = arg.slice('--key='.length);
    else if (arg === '--key') key = args[++i] ?? '';
    else if (arg.startsWith('--operator=')) operator = arg.slice('--operator='.length);
    else if (arg === '--operator') operator = args[++i] ?? '';
    else if (arg.startsWith('-') && !/^-\d/.test(arg)) unknown.push(arg);
    else positional.push(arg);
  }
  return { positional, yes, unknown, ...(key === undefined ? {} : { key }), ...(operator === undefined ? {} : { operator }) };
}

/** A person's name as a record keeps it: letters and digits first, then those, spaces, `.`, `_`, `@` or `-`; 64 at most. */
export const OPERATOR_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._@-]{0,63}$/u;

/** Who runs a command that records its operator: the flag, else what the CLI knows; refused (a reason) when neither. */
function operatorOf(args: { operator?: string }, deps: WalletDeps): { name: string } | { refusal: string } {
  const name = (args.operator ?? deps.requestedBy ?? '').trim();
  if (name === '') return { refusal: 'say who runs it: --operator <your name> or OPERATOR_NAME (kept with the sweep)' };
  if (!OPERATOR_NAME.test(name))
    return { refusal: '--operator must be 1 to 64 letters, digits, spaces, ".", "_", "@" or "-", starting with a letter or digit' };
  return { name };
}

function describeChain(deps: WalletDeps): string {
  if (deps.ton.chainId === 'offline') return `${deps.ton.network} (no chain read)`;
  return deps.ton.sandbox
    ? `${deps.ton.network}, emulated chain (made for this command: not the server's chain)`
    : `${deps.ton.network} via toncenter`;
}

function needDb(deps: WalletDeps): Db {
  if (!deps.db) throw new Error('this command needs the database');
  return deps.db;
}

function printSweepPlan(plan: SweepPlan, out: (line: string) => void): void {
  const l = plan.liabilities;
  out(`sweep ${ton(plan.amount)} to ${plan.to.friendly} (raw ${plan.to.raw})`);
  out(
    `  cold address on chain: ${plan.to.status}; sent ${plan.to.bounce ? 'bounceable (comes back if the address refuses it)' : 'non-bounceable (stays there even with no contract)'}`,
  );
  if (plan.to.status !== 'active') out('  WARNING: no wallet contract at this address yet: check it character by character before sending');
  out(`  hot wallet balance          ${ton(plan.chainBalance)} (${plan.chainStatus})`);
  out(`  liabilities                 ${ton(l.total)}`);
  out(`  float kept                  ${ton(plan.float)} (HOT_WALLET_FLOAT)`);
  if (plan.inFlight > 0n) out(`  sweeps on their way         ${ton(plan.inFlight)}`);
  out(`  most that can be swept now  ${plan.most > 0n ? ton(plan.most) : '0 TON'} (after ${ton(plan.float)} float and a fee reserve)`);
  out(`  idempotency key             ${plan.key}`);
}

function printRotationPlan(plan: RotationPlan, out: (line: string) => void): void {
  out(`rotate the hot wallet ${plan.old.friendly} (raw ${plan.old.raw})`);
  out(`  to ${plan.new.friendly} (raw ${plan.new.raw})`);
  out(
    `  old wallet on chain         ${plan.old.status}, ${ton(plan.old.balance)}${plan.old.balance >= EMPTY_BELOW ? ': all of it moves (the transfer fee comes out of it)' : ': nothing to move'}`,
  );
  out(`  new wallet on chain         ${plan.new.status}`);
  out(`  liabilities                 ${ton(plan.liabilities)} (the new wallet covers them once the sweep lands)`);
  if (plan.withdrawalsOnTheirWay > 0) {
    out(
      `  withdrawals on their way    ${plan.withdrawalsOnTheirWay} (one that runs after the sweep finds the old wallet empty and is refunded to its player)`,
    );
  }
  const r = plan.existing;
  if (r !== null) {
    out(
      `  already recorded            rotation #${r.id} by ${r.requested_by} at ${r.created_at.toISOString()}, ${r.emptied_at === null ? 'the old address still watched' : 'no longer watched: this watches it again'}`,
    );
  }
  if (plan.sweepOnItsWay !== null)
    out(`  sweep on its way            #${plan.sweepOnItsWay.id}: sent again, the same message, not a new one`);
}

/** What a wallet command's exit code says (a configuration or database error exits 1 from the CLI, its message on stderr). */
export const WALLET_EXIT = { done: 0, short: 1, refused: 2, chainUnreachable: 3 } as const;

/**
 * Runs one wallet command; returns the exit code: 0 done (reconcile: covered), 1 the hot wallet is
 * short (reconcile; deploy: not active yet), 2 refused, 3 the chain could not be read.
 */
export async function runWalletCommand(deps: WalletDeps, argv: string[], out: (line: string) => void): Promise<number> {
  const [command, ...rest] = argv;
  const args = parseArgs(rest);
  const now = deps.now ?? (() => new Date());
  const { hotWallet } = deps.ton;
  if (args.unknown.length > 0) {
    out(`refused: unknown option ${args.unknown.join(' ')}`);
    return 2;
  }
  try {
    switch (command) {
      case 'wallet:address': {
        const testOnly = deps.ton.network === 'testnet';
        out(`network      ${describeChain(deps)}`);
        out(
          `bounceable   ${hotWallet.address.toString({ urlSafe: true, bounceable: true, testOnly })}   (the deposit address the app shows)`,
        );
        out(
          `non-bounce   ${hotWallet.address.toString({ urlSafe: true, bounceable: false, testOnly })}   (fund the wallet with this form before it is deployed)`,
        );
        out(`raw          ${hotWallet.address.toRawString()}`);
        out(
          hotWallet.keys === null
            ? 'public key   (not known here: HOT_WALLET_ADDRESS without HOT_WALLET_SEED)'
            : `public key   ${hotWallet.keys.publicKey.toString('hex')}`,
        );
        out(`contract     highload wallet v3, timeout ${hotWallet.timeout} s (HIGHLOAD_TIMEOUT)`);
        return 0;
      }
      case 'wallet:balance': {
        const state = await deps.ton.chain.getAccountState(hotWallet.address.toRawString());
        out(`hot wallet ${hotWallet.friendly} on ${describeChain(deps)}`);
        out(`balance ${ton(state.balance)}, ${state.status}${state.status === 'active' ? '' : ' (not deployed: see wallet:deploy)'}`);
        return 0;
      }
      case 'wallet:deploy': {
        const plan = await planDeploy(deps.ton);
        const testOnly = deps.ton.network === 'testnet';
        out(`hot wallet ${hotWallet.friendly} (raw ${hotWallet.address.toRawString()}) on ${describeChain(deps)}`);
        out(`on chain: ${plan.status}, balance ${ton(plan.balance)}`);
        if (plan.refusal === 'the hot wallet is already deployed') {
          out(`refused: ${plan.refusal}`);
          return 2;
        }
        out('state init (what the first message carries):');
        out(`  code   highload wallet v3, hash ${plan.codeHash}`);
        out(`  data   public key ${plan.publicKey}, subwallet ${plan.subwalletId}, timeout ${plan.timeout} s, empty query dictionaries`);
        out(`  BOC    ${plan.stateInit}`);
        out('funding: the wallet pays its own deploy fee from its balance; nobody else signs anything. Fund it first with');
        out(
          `  at least ${ton(MIN_DEPLOY_BALANCE)}, non-bounceable, from any wallet, to ${hotWallet.address.toString({ urlSafe: true, bounceable: false, testOnly })}`,
        );
        if (plan.refusal !== null || plan.message === null) {
          out(`refused: ${plan.refusal ?? 'nothing to send'}`);
          return 2;
        }
        out(
          `will send: one external message to ${hotWallet.friendly} with the state init, query id ${plan.message.queryId}, created at ${plan.message.createdAt}`,
        );
        out(
          `  (valid for ${plan.timeout} s); the wallet sends 0 TON to itself (the contract sends exactly one message); its fee comes from the ${ton(plan.balance)} there`,
        );
        out(`  message hash ${plan.message.normalizedHash}`);
        if (!args.yes) {
          out('nothing sent: run again with --yes to deploy');
          return 0;
        }
        const status = await sendDeploy(deps.ton, plan, deps.deployWait);
        if (status === 'active') {
          out(`deployed: the hot wallet is active at ${hotWallet.friendly}`);
          return 0;
        }
        out(
          `sent, but the chain still shows the wallet ${status}: check wallet:balance in a minute (running wallet:deploy --yes again is harmless)`,
        );
        return 1;
      }
      case 'wallet:reconcile': {
        const r = await reconcile(needDb(deps), deps.ton);
        const l = r.liabilities;
        out(`hot wallet ${hotWallet.friendly} on ${describeChain(deps)}`);
        out(`balance on chain            ${ton(r.chainBalance)} (${r.chainStatus})`);
        for (const old of r.retiring)
          out(`  of which old wallet        ${ton(old.balance)} at ${old.friendly} (rotated away, watched until empty)`);
        out(`players' TON balances       ${ton(l.playersTon)}`);
        out(`referral earnings           ${ton(l.referral)} (${ton(l.referralClaimable)} claimable now; all counted)`);
        out(`unknown-memo deposits       ${ton(l.unknownDeposits)} (${l.unknownDepositCount} waiting for review)`);
        out(
          `pending withdrawals         ${ton(l.pendingWithdrawals)} (amount + fee; review ${l.pendingCount.review}, queued ${l.pendingCount.queued}, sent ${l.pendingCount.sent})`,
        );
        out(`liabilities                 ${ton(l.total)}`);
        out(
          `margin                      ${ton(r.margin)} (float wanted ${ton(deps.float)}: ${r.margin >= deps.float ? 'above' : 'below'} it)`,
        );
        out(
          `not counted: bonus balances ${ton(l.bonus)} (TON only once wagered)${r.sweepsInFlight > 0n ? `; sweeps on their way ${ton(r.sweepsInFlight)}` : ''}`,
        );
        if (r.margin < 0n) {
          out(`SHORT: the hot wallet is ${ton(-r.margin)} short of what it owes`);
          return 1;
        }
        out('covered: the hot wallet holds what it owes');
        return 0;
      }
      case 'wallet:sweep': {
        const [to, amount, ...extra] = args.positional;
        if (!to || !amount || extra.length > 0) {
          out('refused: wallet:sweep <cold address> <amount in TON> [--yes] [--key=<key>] [--operator <name>]');
          return 2;
        }
        const by = operatorOf(args, deps);
        if ('refusal' in by) {
          out(`refused: ${by.refusal}`);
          return 2;
        }
        const db = needDb(deps);
        const plan = await planSweep(db, deps.ton, {
          to,
          amount,
          float: deps.float,
          now: now(),
          ...(args.key === undefined ? {} : { key: args.key }),
        });
        printSweepPlan(plan, out);
        if (plan.existing !== null) {
          const e = plan.existing;
          out(
            `already recorded under this key: sweep #${e.id}, ${ton(e.amount)} to ${e.to_friendly}, ${e.status}${e.tx_hash ? `, tx ${e.tx_hash}` : ''}, at ${e.created_at.toISOString()}`,
          );
          out('  (another sweep of the same amount to the same address today needs its own --key)');
        } else if (plan.refusal !== null) {
          out(`refused: ${plan.refusal}`);
          return 2;
        }
        if (!args.yes) {
          out(plan.existing !== null ? 'nothing sent' : 'nothing sent: run again with --yes to send it');
          return 0;
        }
        const sent = await sendSweep(db, deps.ton, plan, by.name);
        if (sent.kind === 'refused') {
          out(`refused: ${sent.reason}`);
          return 2;
        }
        const s = sent.sweep;
        if (sent.kind === 'already' && s.status !== 'sent') {
          out(`nothing sent: sweep #${s.id} is ${s.status}`);
          return 0;
        }
        out(
          `${sent.kind === 'sent' ? 'sent' : 'broadcast again (the same message: it can execute once)'}: sweep #${s.id}, ${ton(s.amount)} to ${s.to_friendly}, query id ${s.query_id}, valid until chain time ${Number(s.created_at_chain) + hotWallet.timeout}`,
        );
        if (sent.broadcast?.exitCode === 36) {
          out('  the chain refused it as already run (exit code 36): the sweep has gone through');
        } else if (sent.broadcast !== null) {
          out(`  the broadcast failed (${sent.broadcast.message}): run the same command again to send the same message`);
        }
        out('  the deposit watcher marks it done when the chain shows it');
        return 0;
      }
      case 'wallet:rotate': {
        const [to, ...extra] = args.positional;
        if (!to || extra.length > 0) {
          out("refused: wallet:rotate <new wallet address> [--yes] [--operator <name>] (run with the OLD wallet's HOT_WALLET_SEED)");
          return 2;
        }
        const by = operatorOf(args, deps);
        if ('refusal' in by) {
          out(`refused: ${by.refusal}`);
          return 2;
        }
        const db = needDb(deps);
        const plan = await planRotation(db, deps.ton, { to });
        printRotationPlan(plan, out);
        if (plan.refusal !== null) {
          out(`refused: ${plan.refusal}`);
          return 2;
        }
        if (!args.yes) {
          out('nothing sent: run again with --yes to record the rotation and send the sweep');
          return 0;
        }
        const sent = await sendRotation(db, deps.ton, plan, by.name);
        if (sent.kind === 'refused') {
          out(`refused: ${sent.reason}`);
          return 2;
        }
        out(`rotation #${sent.rotation.id} recorded: the watcher watches ${plan.old.friendly} until it is empty`);
        const s = sent.sweep;
        if (s === null) out(`  nothing to sweep: the old wallet holds less than ${ton(EMPTY_BELOW)}`);
        else {
          out(
            `  ${sent.already ? 'sweep already on its way, broadcast again (the same message: it can run once)' : 'sent'}: sweep #${s.id}, the whole balance (${ton(s.amount)} when signed) to ${s.to_friendly}, query id ${s.query_id}`,
          );
          if (sent.broadcast?.exitCode === 36) out('  the chain refused it as already run (exit code 36): the sweep has gone through');
          else if (sent.broadcast !== null) {
            out(`  the broadcast failed (${sent.broadcast.message}): run the same command again to send the same message`);
          }
        }
        out(
          'next: restart every process on the new wallet (the signer with its HOT_WALLET_SEED, the replicas with its HOT_WALLET_ADDRESS)',
        );
        return 0;
      }
      default:
        out(`unknown wallet command ${JSON.stringify(command ?? '')}\n${walletUsage}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof SweepInputError || error instanceof RetiredWalletError || error instanceof NoSigningKeyError) {
      out(`refused: ${error.message}`);
      return 2;
    }
    if (error instanceof ChainError) {
      out(`the chain could not be read: ${error.message} (exit code 3: nothing was decided; try again)`);
      return WALLET_EXIT.chainUnreachable;
    }
    throw error;
  }
}
