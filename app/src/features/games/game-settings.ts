import type { Currency, Difficulty, GameName } from '@arcade/api-client/games';
import { useAtomValue } from 'jotai';
import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import { sessionAtom } from '../../state/session';
import { deviceItems } from '../../telegram/device-storage';
import { parseAutoForm, type AutoBetForm } from './auto-bet';
import { isPace, type Pace } from './pace';

/** A game's last settings as the player left them (each game keeps its own). */
export interface GameSettings {
  stake?: string;
  currency?: Currency;
  /** Flip. */
  side?: 'heads' | 'tails';
  /** Roll: the target in hundredths and the winning side. */
  target?: number;
  direction?: 'under' | 'over';
  /** Road. */
  difficulty?: Difficulty;
  /** How fast the game animates (every game). */
  pace?: Pace;
  /** Flip and roll: the auto-bet panel's fields as last typed. */
  auto?: Partial<AutoBetForm>;
}

const DIFFICULTY_NAMES: readonly string[] = ['easy', 'medium', 'hard', 'hardcore'];

export function settingsKey(game: GameName, userId: string): string {
  return `arcade.game-settings.${userId}.${game}`;
}

/** What was stored, keeping only well-formed fields (an old or edited entry loses the rest). */
export function parseSettings(raw: string | null): GameSettings | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const out: GameSettings = {};
  if (typeof v.stake === 'string' && /^\d{1,12}(\.\d{0,9})?$/.test(v.stake)) out.stake = v.stake;
  if (v.currency === 'ton' || v.currency === 'bonus') out.currency = v.currency;
  if (v.side === 'heads' || v.side === 'tails') out.side = v.side;
  if (typeof v.target === 'number' && Number.isInteger(v.target) && v.target > 0 && v.target < 10_000) out.target = v.target;
  if (v.direction === 'under' || v.direction === 'over') out.direction = v.direction;
  if (typeof v.difficulty === 'string' && DIFFICULTY_NAMES.includes(v.difficulty)) out.difficulty = v.difficulty as Difficulty;
  if (isPace(v.pace)) out.pace = v.pace;
  if (v.auto !== undefined) out.auto = parseAutoForm(v.auto);
  return out;
}

/**
 * Remembers `game`'s settings for the logged-in player on this device: what was kept is handed
 * to `apply` when the screen opens (local storage before the first paint, the host's device
 * storage when it answers, unless the player has changed something by then), and `current` is
 * kept whenever it changes after that. Nothing is written before the kept settings are applied,
 * so a reload never overwrites them with the defaults.
 */
export function useRememberedSettings(game: GameName, current: GameSettings, apply: (saved: GameSettings) => void): void {
  const userId = useAtomValue(sessionAtom)?.userId ?? null;
  const key = userId ? settingsKey(game, userId) : null;
  const applied = useRef<string | null>(null);
  /** Writes since the kept settings were applied: past the first one, the player changed something. */
  const writes = useRef(0);
  /** The render that applied kept settings still shows the defaults: its values are not written. */
  const skipNext = useRef(false);
  const onApply = useEffectEvent(apply);
  const serialized = JSON.stringify(current);
  const shownNow = useEffectEvent(() => current);

  useLayoutEffect(() => {
    if (!key) return;
    const saved = parseSettings(deviceItems.readNow(key));
    if (saved) onApply(saved);
    applied.current = saved ? JSON.stringify(saved) : null;
    writes.current = 0;
    // Skipped only when applying changes something (else no render follows to write).
    const now = shownNow();
    skipNext.current = saved !== null && JSON.stringify({ ...now, ...saved }) !== JSON.stringify(now);
    let live = true;
    void deviceItems.read(key).then((raw) => {
      const hosted = parseSettings(raw);
      if (!live || !hosted || writes.current > 1) return;
      if (JSON.stringify(hosted) !== applied.current) onApply(hosted);
    });
    return () => {
      live = false;
    };
  }, [key]);

  useEffect(() => {
    if (!key) return;
    if (skipNext.current) {
      skipNext.current = false;
      return;
    }
    writes.current += 1;
    deviceItems.write(key, serialized);
  }, [key, serialized]);
}
