import { fromNano, toNano } from '@arcade/api-client/money';
import { formatCount, formatHundredths, formatTon } from '../../lib/format';
import { maxStake, parseStake, type StakeContext } from './stake';

/**
 * Auto-bet: the same bet placed round after round, each an ordinary bet with its own key.
 * This module is the rules only (no React, no calls): what the player set, the running
 * counters, the next stake, and why it stopped.
 */

/** After a win or a loss: back to the first stake, or the last stake changed by a percentage. */
export type StakeChange =
  { mode: 'reset' } | { mode: 'change'; /** Hundredths of a percent: 5000 = +50 %, -2500 = −25 %. */ basisPoints: number };

export interface AutoBetSettings {
  /** Rounds to play; null: until stopped. */
  rounds: number | null;
  /** Stop once the net result reaches this profit (nanotons), or null. */
  stopProfit: bigint | null;
  /**
   * The most the run may lose (nanotons, positive), or null: a stake that could take the loss
   * past it is never placed (the run stops before it), so the loss never goes beyond it.
   */
  stopLoss: bigint | null;
  /** Stop after one round that won more than this (its profit, nanotons), or null. */
  stopWinAbove: bigint | null;
  onWin: StakeChange;
  onLoss: StakeChange;
}

export const MAX_AUTO_ROUNDS = 1000;
/** A change may at most multiply the stake by 11 (+1000 %) or cut it by 99 %. */
export const MAX_CHANGE_BASIS_POINTS = 100_000;
export const MIN_CHANGE_BASIS_POINTS = -9_900;
/** Rounds the panel lists (newest first); the counters cover all of them. */
export const AUTO_LIST_LENGTH = 8;

/** Why auto-bet ended. */
export type StopReason =
  | 'rounds' // the rounds asked for were played
  | 'profit' // the net reached the profit target
  | 'loss' // the next stake, if lost, would take the loss past the limit (or it is reached)
  | 'bigWin' // one win was above the set amount
  | 'balance' // the balance does not cover the next stake
  | 'refused' // the server refused a bet (a responsible-play limit among them)
  | 'failed' // a bet's outcome is unknown (a lost connection)
  | 'player' // the player pressed Stop
  | 'hidden' // the app went to the background or the screen was left
  | 'invalid'; // the stake cannot be bet at all (below the minimum)

export interface AutoRound {
  id: string;
  won: boolean;
  stake: bigint;
  payout: bigint;
}

export interface AutoBetState {
  running: boolean;
  /** The stake the run started with (a 'reset' goes back to it). */
  baseStake: bigint;
  /** The stake of the next round. */
  stake: bigint;
  rounds: number;
  wins: number;
  /** Sum of payouts minus stakes of the rounds played. */
  net: bigint;
  /** The last rounds, newest first. */
  recent: AutoRound[];
  stopReason: StopReason | null;
}

/** A stake as the games allow it: at least the minimum, at most the config's and the payout's caps and the balance. */
export function withinLimits(stake: bigint, context: StakeContext): bigint {
  const min = toNano(context.limits.minBet);
  const max = maxStake(context);
  if (stake > max) stake = max;
  if (stake < min) stake = min;
  return stake;
}

/** The stake changed by `basisPoints` (floored to a nanoton), before the limits. */
export function changedStake(stake: bigint, basisPoints: number): bigint {
  return (stake * BigInt(10_000 + basisPoints)) / 10_000n;
}

/** The balance's amount in the bet's currency, or null when not known. */
function available(context: StakeContext): bigint | null {
  if (!context.balance) return null;
  return toNano(context.currency === 'bonus' ? context.balance.bonusTon : context.balance.ton);
}

/** Null when `stake` can be bet from this balance, else why not. */
function stakeProblem(stake: bigint, context: StakeContext): StopReason | null {
  if (stake < toNano(context.limits.minBet)) return 'invalid';
  const have = available(context);
  if (have !== null && stake > have) return 'balance';
  return null;
}

/**
 * True when losing `stake` after a net of `net` would take the loss past the stop-loss: the
 * stake is not placed. A loss of exactly the limit is allowed.
 */
export function passesStopLoss(net: bigint, stake: bigint, stopLoss: bigint | null): boolean {
  return stopLoss !== null && -net + stake > stopLoss;
}

/**
 * The first round's state, or stopped at once when the stake cannot be bet from this balance
 * or alone could lose more than the stop-loss (reason 'loss', no round placed).
 */
export function startAutoBet(baseStake: bigint, context: StakeContext, stopLoss: bigint | null = null): AutoBetState {
  const problem = stakeProblem(baseStake, context) ?? (passesStopLoss(0n, baseStake, stopLoss) ? 'loss' : null);
  return {
    running: problem === null,
    baseStake,
    stake: baseStake,
    rounds: 0,
    wins: 0,
    net: 0n,
    recent: [],
    stopReason: problem,
  };
}

/**
 * Takes one settled round into the state: the counters, the list, the next stake (reset or
 * changed, then kept within the limits and the balance now in `context`) and the stop rules.
 * The loss rule looks ahead: the run stops before a stake whose loss would go past the limit.
 */
export function recordRound(state: AutoBetState, settings: AutoBetSettings, round: AutoRound, context: StakeContext): AutoBetState {
  const net = state.net + round.payout - round.stake;
  const next: AutoBetState = {
    ...state,
    rounds: state.rounds + 1,
    wins: state.wins + (round.won ? 1 : 0),
    net,
    recent: [round, ...state.recent].slice(0, AUTO_LIST_LENGTH),
  };
  const change = round.won ? settings.onWin : settings.onLoss;
  next.stake = change.mode === 'reset' ? state.baseStake : withinLimits(changedStake(round.stake, change.basisPoints), context);
  const stop = (reason: StopReason): AutoBetState => ({ ...next, running: false, stopReason: reason });
  if (!state.running) return stop(state.stopReason ?? 'player');
  if (round.won && settings.stopWinAbove !== null && round.payout - round.stake > settings.stopWinAbove) return stop('bigWin');
  if (settings.stopProfit !== null && net >= settings.stopProfit) return stop('profit');
  if (settings.rounds !== null && next.rounds >= settings.rounds) return stop('rounds');
  if (passesStopLoss(net, next.stake, settings.stopLoss)) return stop('loss');
  const problem = stakeProblem(next.stake, context);
  if (problem) return stop(problem);
  return next;
}

/** Ends a run (Stop pressed, the app hidden, a refused bet); a stopped run keeps its first reason. */
export function stopAutoBet(state: AutoBetState, reason: StopReason): AutoBetState {
  if (!state.running) return state;
  return { ...state, running: false, stopReason: reason };
}

// ---- The settings as typed ----

/** The panel's fields as typed (kept per player with the game's settings). */
export interface AutoBetForm {
  /** Empty: until stopped. */
  rounds: string;
  stopProfit: string;
  stopLoss: string;
  stopWinAbove: string;
  onWin: 'reset' | 'change';
  onWinPercent: string;
  onLoss: 'reset' | 'change';
  onLossPercent: string;
}

export const DEFAULT_AUTO_FORM: AutoBetForm = {
  rounds: '10',
  stopProfit: '',
  stopLoss: '',
  stopWinAbove: '',
  onWin: 'reset',
  onWinPercent: '100',
  onLoss: 'reset',
  onLossPercent: '100',
};

export type AutoField = 'rounds' | 'stopProfit' | 'stopLoss' | 'stopWinAbove' | 'onWinPercent' | 'onLossPercent';
export type AutoFieldProblem = 'rounds' | 'amount' | 'percent' | 'lossBelowStake';

export type CheckedAutoForm = { ok: true; settings: AutoBetSettings } | { ok: false; field: AutoField; problem: AutoFieldProblem };

/** The values a problem's text names, each from the rule it states and in the player's number form. */
export function autoProblemValues(problem: AutoFieldProblem, stake: string | null, locale: string): Record<string, string> {
  const percent = (basisPoints: number) => `${basisPoints < 0 ? '−' : ''}${formatHundredths(Math.abs(basisPoints), locale)}`;
  if (problem === 'rounds') return { max: formatCount(MAX_AUTO_ROUNDS, locale) };
  if (problem === 'percent') return { min: percent(MIN_CHANGE_BASIS_POINTS), max: percent(MAX_CHANGE_BASIS_POINTS) };
  return { stake: stake === null ? '' : formatTon(stake, locale) };
}

const PERCENT = /^([+-]?)(\d{1,4})(?:[.,](\d{1,2}))?$/;

/** A typed percentage in hundredths of a percent, or null when it is not one within the bounds. */
export function parsePercent(text: string): number | null {
  const match = PERCENT.exec(text.replace(/[\s%]/g, ''));
  if (!match) return null;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  const signed = match[1] === '-' ? -value : value;
  if (signed === 0 || signed < MIN_CHANGE_BASIS_POINTS || signed > MAX_CHANGE_BASIS_POINTS) return null;
  return signed;
}

/** An optional amount: empty is null; anything else must be a positive TON amount. */
function optionalAmount(text: string): bigint | null | undefined {
  if (text.trim() === '') return null;
  const parsed = parseStake(text);
  return parsed.ok ? parsed.nano : undefined;
}

/**
 * Reads the panel's fields into settings, or names the first field that is wrong. With the
 * first round's stake, a stop-loss below it is wrong too: not one round could be played.
 */
export function checkAutoForm(form: AutoBetForm, firstStake: bigint | null = null): CheckedAutoForm {
  let rounds: number | null = null;
  if (form.rounds.trim() !== '') {
    const text = form.rounds.trim();
    rounds = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_AUTO_ROUNDS) return { ok: false, field: 'rounds', problem: 'rounds' };
  }
  const amounts = {} as Record<'stopProfit' | 'stopLoss' | 'stopWinAbove', bigint | null>;
  for (const field of ['stopProfit', 'stopLoss', 'stopWinAbove'] as const) {
    const value = optionalAmount(form[field]);
    if (value === undefined) return { ok: false, field, problem: 'amount' };
    amounts[field] = value;
  }
  if (firstStake !== null && passesStopLoss(0n, firstStake, amounts.stopLoss))
    return { ok: false, field: 'stopLoss', problem: 'lossBelowStake' };
  const change = (mode: 'reset' | 'change', percent: string, field: AutoField): StakeChange | AutoField => {
    if (mode === 'reset') return { mode: 'reset' };
    const basisPoints = parsePercent(percent);
    return basisPoints === null ? field : { mode: 'change', basisPoints };
  };
  const onWin = change(form.onWin, form.onWinPercent, 'onWinPercent');
  if (typeof onWin === 'string') return { ok: false, field: onWin, problem: 'percent' };
  const onLoss = change(form.onLoss, form.onLossPercent, 'onLossPercent');
  if (typeof onLoss === 'string') return { ok: false, field: onLoss, problem: 'percent' };
  return { ok: true, settings: { rounds, ...amounts, onWin, onLoss } };
}

/** Keeps only well-formed fields of a stored form (an old or edited entry loses the rest). */
export function parseAutoForm(value: unknown): Partial<AutoBetForm> {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  const out: Partial<AutoBetForm> = {};
  const short = (x: unknown): x is string => typeof x === 'string' && x.length <= 24;
  for (const field of ['rounds', 'stopProfit', 'stopLoss', 'stopWinAbove', 'onWinPercent', 'onLossPercent'] as const) {
    const text = v[field];
    if (short(text)) out[field] = text;
  }
  if (v.onWin === 'reset' || v.onWin === 'change') out.onWin = v.onWin;
  if (v.onLoss === 'reset' || v.onLoss === 'change') out.onLoss = v.onLoss;
  return out;
}

/** A stake for the stake field (a decimal TON string). */
export const stakeText = (nano: bigint): string => fromNano(nano);
