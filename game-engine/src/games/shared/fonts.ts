import type { ResourceBag } from '../../core/resources';
import { FONT_FAMILY } from './theme';

/** Glyphs every scene font has: digits, marks and the Latin capitals (the host's words and forms of numbers bring any other). */
export const ARCADE_CHARS = '0123456789.,\u00d7%<>+-!?:/ ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * One heavy white bitmap font per scene, tinted per use. Rasterised once; changing a
 * counter's text every frame only moves glyph quads.
 */
export function installArcadeFont(bag: ResourceBag, words = ''): string {
  const resolution = Math.max(1, Math.min(2, bag.resolution));
  // Letters of another alphabet (the app's language) are added to this font only: English
  // scenes keep the one font they always had.
  const extra = [...new Set(words)].filter((char) => char.trim() !== '' && !ARCADE_CHARS.includes(char)).join('');
  return bag.installFont(extra ? `arcade-heavy@${resolution}+${extra}` : `arcade-heavy@${resolution}`, {
    style: { fontFamily: FONT_FAMILY, fontSize: 72, fontWeight: '800', fill: 0xffffff },
    chars: ARCADE_CHARS + extra,
    resolution,
    // Space between glyphs on the page: at 4 the J's hook reached into the I's frame and
    // showed as a stray mark under "YOU WIN" (the render check reads every glyph's edges).
    padding: 6,
    dynamicFill: true,
  });
}
