/**
 * Every word and every number a game canvas prints comes from the host (the app, or the
 * playground): the engine formats nothing and knows no language. It upper-cases the words,
 * asks the host's formatters for each number it shows, and installs the glyphs both need.
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
  /**
   * A multiplier as the host writes it, its "×" included: a lane, the cash-out banner
   * (1.2727 -> "1.2727×" / "1,2727×"). Values come floored to 4 decimals.
   */
  multiplier: (value: number) => string;
  /** A roll number (the counter, the target) from whole hundredths 0..10000: 5303 -> "53.03" / "53,03". */
  roll: (hundredths: number) => string;
  /** A whole count (the lane a car hit, the slider's ends): 4 -> "4". */
  count: (value: number) => string;
}

/** The word keys of the texts (the rest are formatters). */
export const WORD_KEYS = ['heads', 'tails', 'win', 'lose', 'under', 'over', 'finish', 'cashedOut', 'crashed', 'lane'] as const;

/** The texts as the canvas prints them: the words upper case in their own language, the formatters as given. */
export function canvasTexts(texts: GameTexts): GameTexts {
  const out = { ...texts };
  for (const key of WORD_KEYS) out[key] = texts[key].trim().toLocaleUpperCase();
  return out;
}

/** Values whose forms show every character the host's numbers use (digits, marks, groups, short units). */
const SAMPLE_MULTIPLIERS = [0, 1.2345, 6789.0123, 12_345.6, 1_234_567.8, 1_234_567_890.1, 1_234_567_890_123.4];

/** Every character the texts print (the words and the host's forms of numbers), once each, in order. */
export function textGlyphs(texts: GameTexts): string {
  const numbers = [
    ...SAMPLE_MULTIPLIERS.map((value) => texts.multiplier(value)),
    texts.roll(0),
    texts.roll(1234),
    texts.roll(5678),
    texts.roll(9090),
    texts.roll(10_000),
    texts.count(1234567890),
  ];
  return [...new Set([...WORD_KEYS.map((key) => texts[key]), ...numbers].join(''))].join('');
}
