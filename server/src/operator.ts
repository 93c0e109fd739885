import { fromNano } from '@arcade/api-client/money';
import { loadDatabaseConfig, type DatabaseConfig } from './config';
import type { Db } from './db/db';
import { migrate, readMigrations } from './db/migrator';
import { readFileSync } from 'node:fs';
import { audit } from './domain/ledger';
import { liftSelfExclusion } from './domain/play/play';
import { importGiftStock } from './domain/market/import';
import { dismissUnknownDeposit, listUnknownDeposits, resolveUnknownDeposit } from './domain/wallet/deposits';
import { approveWithdrawal, rejectWithdrawal } from './domain/wallet/withdrawals';
import { walletUsage } from './wallet-operator';
import { backupVerifyUsage } from './backup-verify';

export const operatorUsage = `Operator commands:
  migrate                                 apply this release's pending migrations, then exit (the deploy runs it first)
  audit                                   check the ledger's invariants (exit code 1 on any problem)
  deposits:unknown                        list deposits whose memo matched no player
  deposits:resolve <deposit> <player> <note...>   credit such a deposit to a player
  deposits:dismiss <deposit> <note...>    close such a deposit without crediting anyone
  withdrawals:review                      list withdrawals waiting for approval
  withdrawals:approve <withdrawal>        let the sender pay it
  withdrawals:reject <withdrawal> <note...>       refuse it and refund the player
  users:ban <player>                      block every money action of a player
  users:unban <player>                    lift the block
  play:lift-exclusion <player> <operator> <reason...>   end a player's self-exclusion (recorded: who, when, why)
  play:lifts <player>                     list the self-exclusion lifts recorded for a player
  gifts:import <file.json>                import house gift stock (collections, gifts, optional prices)
${backupVerifyUsage}
  bot:webhook                             point Telegram's webhook at PUBLIC_URL/telegram/webhook with BOT_WEBHOOK_SECRET
  bot:menu                                set the bot's menu button to open the mini app
${walletUsage}`;

/**
 * What each command does to the book: `reads` only look (the audit, the review lists), `writes`
 * credit, refund, approve, ban or import, `migrates` changes the schema. Each needs the database
 * and nothing else: no bot token, session secret, hot wallet seed or chain key (the hot wallet's
 * commands, wallet-operator.ts, and the bot's, operator-bot.ts, declare their own needs).
 */
export const operatorCommands = {
  migrate: 'migrates',
  audit: 'reads',
  'deposits:unknown': 'reads',
  'withdrawals:review': 'reads',
  'deposits:resolve': 'writes',
  'deposits:dismiss': 'writes',
  'withdrawals:approve': 'writes',
  'withdrawals:reject': 'writes',
  'users:ban': 'writes',
  'users:unban': 'writes',
  'gifts:import': 'writes',
  'play:lift-exclusion': 'writes',
  'play:lifts': 'reads',
} as const satisfies Record<string, 'reads' | 'writes' | 'migrates'>;

/**
 * The database a command runs on, from the environment: every book command (and the usage) asks
 * only for the database settings, so an operator can audit, ban or resolve a deposit in production
 * with DATABASE_URL alone, from a place that holds no other secret. Throws a ConfigError naming
 * what is missing.
 */
export function operatorDatabase(
  _argv: string[],
  env: Record<string, string | undefined> = process.env,
  repoRoot?: string,
): DatabaseConfig {
  return loadDatabaseConfig(env, repoRoot);
}

export class OperatorError extends Error {
  override readonly name = 'OperatorError';
}

function id(value: string | undefined, what: string): bigint {
  if (!value || !/^\d{1,19}$/.test(value)) throw new OperatorError(`${what} must be a number, got ${JSON.stringify(value ?? '')}`);
  return BigInt(value);
}

function note(words: string[]): string {
  const text = words.join(' ').trim();
  if (!text) throw new OperatorError('say why in a note (it is kept with the record)');
  return text;
}

/** Runs one operator command against the database; returns the exit code. */
export async function runOperator(db: Db, argv: string[], out: (line: string) => void): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrate(db);
        for (const name of applied) out(`applied ${name}`);
        const total = readMigrations().length;
        out(
          applied.length > 0
            ? `database migrated: ${applied.length} applied, ${total} in all`
            : `database up to date: ${total} migrations applied`,
        );
        return 0;
      }
      case 'audit': {
        const report = await audit(db);
        out(
          `accounts ${report.accounts}, movements ${report.transactions}, journal rows ${report.entries}, journal sum ${report.journalSum}`,
        );
        for (const problem of report.problems) out(`PROBLEM ${problem}`);
        out(report.ok ? 'audit clean: 0 invariant breaks' : `audit FAILED: ${report.problems.length} invariant breaks`);
        return report.ok ? 0 : 1;
      }
      case 'deposits:unknown': {
        const list = await listUnknownDeposits(db);
        for (const d of list)
          out(
            `#${d.id}  ${fromNano(d.amount)} TON  comment ${JSON.stringify(d.comment)}  from ${d.source ?? '?'}  tx ${d.txHash}  ${d.createdAt.toISOString()}`,
          );
        out(`${list.length} deposit(s) waiting for review`);
        return 0;
      }
      case 'deposits:resolve':
        await resolveUnknownDeposit(db, id(args[0], 'deposit'), id(args[1], 'player'), note(args.slice(2)));
        out(`deposit #${args[0]} credited to player ${args[1]}`);
        return 0;
      case 'deposits:dismiss':
        await dismissUnknownDeposit(db, id(args[0], 'deposit'), note(args.slice(1)));
        out(`deposit #${args[0]} dismissed`);
        return 0;
      case 'withdrawals:review': {
        const { rows } = await db.query<{ id: bigint; user_id: bigint; to_friendly: string; amount: bigint; created_at: Date }>(
          "SELECT id, user_id, to_friendly, amount, created_at FROM withdrawals WHERE status = 'review' ORDER BY id",
        );
        for (const w of rows)
          out(`#${w.id}  player ${w.user_id}  ${fromNano(w.amount)} TON to ${w.to_friendly}  ${w.created_at.toISOString()}`);
        out(`${rows.length} withdrawal(s) waiting for review`);
        return 0;
      }
      case 'withdrawals:approve':
        await approveWithdrawal(db, id(args[0], 'withdrawal'));
        out(`withdrawal #${args[0]} approved: the sender pays it on its next pass`);
        return 0;
      case 'withdrawals:reject':
        await rejectWithdrawal(db, id(args[0], 'withdrawal'), note(args.slice(1)));
        out(`withdrawal #${args[0]} rejected and refunded`);
        return 0;
      case 'users:ban':
      case 'users:unban': {
        const banned = command === 'users:ban';
        const { rowCount } = await db.query('UPDATE users SET is_banned = $2 WHERE id = $1', [id(args[0], 'player'), banned]);
        if (rowCount === 0) throw new OperatorError(`no player ${args[0]}`);
        out(`player ${args[0]} ${banned ? 'banned' : 'unbanned'}`);
        return 0;
      }
      case 'play:lift-exclusion': {
        const player = id(args[0], 'player');
        const by = args[1]?.trim();
        if (!by) throw new OperatorError('say who lifts it: play:lift-exclusion <player> <operator> <reason...>');
        const lift = await liftSelfExclusion(db, { userId: player, operator: by, reason: note(args.slice(2)), now: new Date() }).catch(
          (error: unknown) => {
            throw error instanceof Error && /not self-excluded/.test(error.message) ? new OperatorError(error.message) : error;
          },
        );
        out(
          `player ${player}: self-exclusion of ${lift.excludedAt.toISOString()} lifted by ${lift.operator} at ${lift.liftedAt.toISOString()}`,
        );
        return 0;
      }
      case 'play:lifts': {
        const { rows } = await db.query<{ excluded_at: Date; operator: string; reason: string; lifted_at: Date }>(
          'SELECT excluded_at, operator, reason, lifted_at FROM play_exclusion_lifts WHERE user_id = $1 ORDER BY id',
          [id(args[0], 'player')],
        );
        for (const r of rows) out(`${r.lifted_at.toISOString()}  by ${r.operator}  (excluded ${r.excluded_at.toISOString()}): ${r.reason}`);
        out(`${rows.length} lift(s) recorded`);
        return 0;
      }
      case 'gifts:import': {
        if (!args[0]) throw new OperatorError('name the stock file: gifts:import <file.json>');
        let input: unknown;
        try {
          input = JSON.parse(readFileSync(args[0], 'utf8'));
        } catch (error) {
          throw new OperatorError(`cannot read ${args[0]}: ${error instanceof Error ? error.message : String(error)}`);
        }
        try {
          const result = await importGiftStock(db, input);
          out(`imported ${result.collections} collection(s), ${result.gifts} gift(s), ${result.listed} listed for sale`);
          return 0;
        } catch (error) {
          throw new OperatorError(error instanceof Error ? error.message : String(error));
        }
      }
      default:
        out(command ? `unknown command ${JSON.stringify(command)}\n\n${operatorUsage}` : operatorUsage);
        return command ? 2 : 0;
    }
  } catch (error) {
    if (error instanceof OperatorError || (error instanceof Error && /not waiting for review/.test(error.message))) {
      out(`refused: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
