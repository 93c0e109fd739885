import { describe, expect, it } from 'vitest';
import { figureFor, oneIn, rarityTier, tintFor } from '../src/features/market/gift-looks';
import { FALLBACK_GLYPH, GLYPHS, glyphFor } from '../src/features/market/gift-symbols';
import { afterFee, parseTonInput } from '../src/features/market/market-format';

describe('symbol glyphs', () => {
  it('maps the catalogue symbols to their own glyphs', () => {
    for (const [name, glyph] of [
      ['Star', 'star'],
      ['Diamond', 'diamond'],
      ['Crown', 'crown'],
      ['Heart', 'heart'],
      ['Anchor', 'anchor'],
      ['Clover', 'clover'],
      ['Bolt', 'bolt'],
      ['Moon', 'moon'],
      ['Skull', 'skull'],
      ['Rocket', 'rocket'],
    ] as const) {
      expect(glyphFor(name), name).toBe(glyph);
    }
  });

  it('matches by keyword whatever the case or the other words', () => {
    expect(glyphFor('Golden Star')).toBe('star');
    expect(glyphFor('STARFISH')).toBe('star');
    expect(glyphFor('lucky-clover')).toBe('clover');
    expect(glyphFor('Lightning')).toBe('bolt');
    expect(glyphFor('Snowflake')).toBe('snowflake');
  });

  it('falls back to the sparkle for a name it does not know, an empty one or a keyword inside a word', () => {
    expect(glyphFor('Pizza')).toBe(FALLBACK_GLYPH);
    expect(glyphFor('')).toBe(FALLBACK_GLYPH);
    expect(glyphFor('Mustard')).toBe(FALLBACK_GLYPH);
    expect(GLYPHS[FALLBACK_GLYPH].d.length).toBeGreaterThan(0);
  });
});

describe('gift looks', () => {
  it('draws each catalogue collection as its figure and anything else as a gift box', () => {
    expect(figureFor('Plush Pepe')).toBe('frog');
    expect(figureFor("Durov's Cap")).toBe('cap');
    expect(figureFor('Signet Ring')).toBe('ring');
    expect(figureFor('Swiss Watch')).toBe('watch');
    expect(figureFor('Astral Shard')).toBe('shard');
    expect(figureFor('Lol Pop')).toBe('lollipop');
    expect(figureFor('Homemade Cake')).toBe('cake');
    expect(figureFor('Snow Globe')).toBe('globe');
    expect(figureFor('Jester Hat')).toBe('cap');
    expect(figureFor('Eternal Rose')).toBe('box');
  });

  it('tints a model by its colour word, and any other name the same way every time', () => {
    expect(tintFor('Ruby').h).toBe(350);
    expect(tintFor('Golden').h).toBe(43);
    expect(tintFor('Night Owl')).toEqual(tintFor('night owl'));
    expect(tintFor('Mystery Model')).toEqual(tintFor('Mystery Model'));
    expect(tintFor('Mystery Model')).not.toEqual(tintFor('Another Model'));
  });

  it('ranks combined rarity into tiers and "1 in N"', () => {
    expect(rarityTier(300 * 300 * 300)).toBe('common');
    expect(rarityTier(200 * 100 * 150)).toBe('uncommon');
    expect(rarityTier(100 * 100 * 100)).toBe('rare');
    expect(rarityTier(50 * 50 * 100)).toBe('epic');
    expect(rarityTier(29 * 36 * 36)).toBe('legendary');
    expect(oneIn(1_000_000)).toBe(1000);
    expect(oneIn(0)).toBe(Infinity);
  });
});

describe('market amounts', () => {
  it('reads typed prices, with a comma or a dot', () => {
    expect(parseTonInput('1,5')).toBe('1.5');
    expect(parseTonInput(' 2.50 ')).toBe('2.5');
    expect(parseTonInput('.5')).toBe('0.5');
    expect(parseTonInput('abc')).toBeNull();
    expect(parseTonInput('-1')).toBeNull();
    expect(parseTonInput('1.0000000001')).toBeNull();
    // The one reader of typed amounts: groups in either language's form, and no limit under 0.
    expect(parseTonInput('1 234,5')).toBe('1234.5');
    expect(parseTonInput('1,234.5')).toBe('1234.5');
    expect(parseTonInput('0')).toBe('0');
    expect(parseTonInput('1000000000')).toBeNull();
  });

  it('works out the seller’s share after the 5% fee, rounded down', () => {
    expect(afterFee('10', 500n)).toBe('9.5');
    expect(afterFee('0.1', 500n)).toBe('0.095');
    expect(afterFee('0.000000001', 500n)).toBe('0.000000001');
  });
});
