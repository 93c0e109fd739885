import type { GameTexts } from '@arcade/game-engine/games';

/**
 * The playground's own words and numbers for the canvases (the engine has none): plain
 * English with a decimal point, and Russian with a decimal comma, written simply here. The
 * app passes its own, from its one formatter in the player's language.
 */
function decimals(value: number, digits: number, mark: string): string {
  const scale = 10 ** digits;
  const units = Math.floor(Math.round(value * scale * 100) / 100);
  const whole = Math.floor(units / scale);
  const fraction = String(units % scale)
    .padStart(digits, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}${mark}${fraction}` : String(whole);
}

/** A multiplier: 4 decimals, floored, trailing zeros dropped ("1.2727×", "24.5×"). */
export function playgroundMultiplier(value: number, mark = '.'): string {
  return `${decimals(value, 4, mark)}\u00d7`;
}

/** A roll from whole hundredths ("53.03"). */
export function playgroundRoll(hundredths: number, mark = '.'): string {
  const value = Math.max(0, Math.round(hundredths));
  return `${Math.floor(value / 100)}${mark}${String(value % 100).padStart(2, '0')}`;
}

export const ENGLISH_TEXTS: GameTexts = {
  heads: 'Heads',
  tails: 'Tails',
  win: 'You win',
  lose: 'No luck',
  under: 'Under',
  over: 'Over',
  finish: 'Finish',
  cashedOut: 'Cashed out',
  crashed: 'Crashed',
  lane: 'Lane',
  multiplier: (value) => playgroundMultiplier(value),
  roll: (hundredths) => playgroundRoll(hundredths),
  count: (value) => String(value),
};

export const RUSSIAN_TEXTS: GameTexts = {
  heads: 'Орёл',
  tails: 'Решка',
  win: 'Выигрыш',
  lose: 'Не повезло',
  under: 'Меньше',
  over: 'Больше',
  finish: 'Финиш',
  cashedOut: 'Забрано',
  crashed: 'Авария',
  lane: 'Полоса',
  multiplier: (value) => playgroundMultiplier(value, ','),
  roll: (hundredths) => playgroundRoll(hundredths, ','),
  count: (value) => String(value),
};
