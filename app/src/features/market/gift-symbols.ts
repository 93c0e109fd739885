/**
 * The symbols drawn in a gift's backdrop pattern, as 24×24 SVG paths made here (no downloaded
 * stickers). A symbol's name picks its glyph by keyword; a name we do not know gets the sparkle.
 */
export interface Glyph {
  d: string;
  /** Drawn as a 2 px line instead of a filled shape. */
  stroke?: boolean;
  /** Holes (eyes, windows) cut with the even-odd rule. */
  evenOdd?: boolean;
}

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

export const GLYPHS = {
  star: { d: 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9Z' },
  diamond: { d: 'M7 3.5h10l4.5 5.5L12 21 2.5 9ZM7.6 9h8.8L12 4.6Z', evenOdd: true },
  crown: { d: 'M3 7.5l4.6 4.2L12 4.5l4.4 7.2L21 7.5 19.2 18H4.8ZM5 19.5h14V21H5Z' },
  heart: { d: 'M12 21s-8.5-5.2-8.5-11.2A4.8 4.8 0 0 1 12 7a4.8 4.8 0 0 1 8.5 2.8C20.5 15.8 12 21 12 21Z' },
  anchor: { d: 'M12 6.5V21M8 10h8M4.5 13.5a7.5 7.5 0 0 0 15 0M12 2.3a2.1 2.1 0 1 0 0 4.2 2.1 2.1 0 0 0 0-4.2Z', stroke: true },
  clover: { d: `${circle(12, 7.6, 3.6)}${circle(16.4, 12, 3.6)}${circle(12, 16.4, 3.6)}${circle(7.6, 12, 3.6)}M11.2 12h1.6v10h-1.6Z` },
  bolt: { d: 'M13.5 2 4.5 13.5H11L9.5 22l10-12.5H13Z' },
  moon: { d: 'M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5Z' },
  skull: {
    d: `M12 2.5c-4.7 0-8 3.3-8 7.6 0 2.6 1.2 4.4 3 5.5V19a1.5 1.5 0 0 0 1.5 1.5h7A1.5 1.5 0 0 0 17 19v-3.4c1.8-1.1 3-2.9 3-5.5 0-4.3-3.3-7.6-8-7.6Z${circle(8.9, 11, 1.9)}${circle(15.1, 11, 1.9)}`,
    evenOdd: true,
  },
  rocket: {
    d: `M12 2c3.5 2.2 5 6 4.5 10.5l2.5 3-1 4-3.2-2.3H9.2L6 19.5l-1-4 2.5-3C7 8 8.5 4.2 12 2Z${circle(12, 10, 1.8)}`,
    evenOdd: true,
  },
  flame: { d: 'M12 2.5c1 3.6 5.5 5.8 5.5 11a5.5 5.5 0 0 1-11 0c0-2.4 1.2-4 2.4-5.1.1 1.7.9 2.8 2 3.2-.6-3.3.4-6.5 1.1-9.1Z' },
  snowflake: { d: 'M12 2.5v19M3.8 7.2l16.4 9.6M3.8 16.8l16.4-9.6M9.5 4l2.5 2.5L14.5 4M9.5 20l2.5-2.5 2.5 2.5', stroke: true },
  flower: {
    d: `${circle(12, 6.8, 3.3)}${circle(17, 10.6, 3.3)}${circle(15, 16.6, 3.3)}${circle(9, 16.6, 3.3)}${circle(7, 10.6, 3.3)}${circle(12, 12, 2.2)}`,
    evenOdd: false,
  },
  sparkle: {
    d: 'M12 2.5c.8 4.6 2.9 6.7 7.5 7.5-4.6.8-6.7 2.9-7.5 7.5-.8-4.6-2.9-6.7-7.5-7.5 4.6-.8 6.7-2.9 7.5-7.5ZM18.5 15.5c.3 1.9 1.2 2.7 3 3-1.8.3-2.7 1.1-3 3-.3-1.9-1.2-2.7-3-3 1.8-.3 2.7-1.1 3-3Z',
  },
} as const satisfies Record<string, Glyph>;

export type GlyphName = keyof typeof GLYPHS;

/** Drawn for a symbol name no keyword matches. */
export const FALLBACK_GLYPH: GlyphName = 'sparkle';

/** Keywords (lower case, matched as words or word starts) and the glyph each one means. */
const KEYWORDS: ReadonlyArray<[keyword: string, glyph: GlyphName]> = [
  ['star', 'star'],
  ['diamond', 'diamond'],
  ['gem', 'diamond'],
  ['crystal', 'diamond'],
  ['crown', 'crown'],
  ['king', 'crown'],
  ['queen', 'crown'],
  ['heart', 'heart'],
  ['love', 'heart'],
  ['anchor', 'anchor'],
  ['clover', 'clover'],
  ['leaf', 'clover'],
  ['luck', 'clover'],
  ['bolt', 'bolt'],
  ['lightning', 'bolt'],
  ['thunder', 'bolt'],
  ['moon', 'moon'],
  ['crescent', 'moon'],
  ['skull', 'skull'],
  ['bone', 'skull'],
  ['rocket', 'rocket'],
  ['flame', 'flame'],
  ['fire', 'flame'],
  ['snow', 'snowflake'],
  ['frost', 'snowflake'],
  ['flower', 'flower'],
  ['blossom', 'flower'],
  ['rose', 'flower'],
];

/** The glyph of a symbol name ("Star", "Golden Star", "Starfish" → star; "Pizza" → the fallback). */
export function glyphFor(symbolName: string): GlyphName {
  const words = symbolName
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  for (const [keyword, glyph] of KEYWORDS) {
    if (words.some((word) => word.startsWith(keyword))) return glyph;
  }
  return FALLBACK_GLYPH;
}
