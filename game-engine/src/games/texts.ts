/**
 * Every word a game canvas prints. The host app passes its own (from its language); the
 * engine upper-cases them and installs the glyphs they need. Numbers are formatted by the
 * engine and never translated.
 */
export interface GameTexts {
  /** Flip: the coin's faces. */
  heads: string;
  tails: string;
  /** Flip and roll: the result badge. */
  win: string;
  lose: string;
  /** Roll: the target label before its number ("UNDER 55.00"). */
  under: string;
  over: string;
  /** Road: the finish line, the result banner's titles and the lane a car hit ("LANE 4"). */
  finish: string;
  cashedOut: string;
  crashed: string;
  lane: string;
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
};

/** The texts as the canvas prints them: upper case in their own language, blanks filled in English. */
export function canvasTexts(texts: Partial<GameTexts> | undefined): GameTexts {
  const out = { ...ENGLISH_TEXTS };
  for (const key of Object.keys(out) as Array<keyof GameTexts>) {
    const value = texts?.[key]?.trim();
    out[key] = (value || ENGLISH_TEXTS[key]).toLocaleUpperCase();
  }
  return out;
}

/** Every character the texts print, once each, in order. */
export function textGlyphs(texts: GameTexts): string {
  return [...new Set(Object.values(texts).join(''))].join('');
}
