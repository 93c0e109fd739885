import type { ResourceBag } from '../../core/resources';
import { FONT_FAMILY } from './theme';

/** Glyphs the scenes print: numbers, multipliers and a few upper-case words. */
export const ARCADE_CHARS = '0123456789.,\u00d7%<>+-!?:/ ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * One heavy white bitmap font per scene, tinted per use. Rasterised once; changing a
 * counter's text every frame only moves glyph quads.
 */
export function installArcadeFont(bag: ResourceBag): string {
  const resolution = Math.max(1, Math.min(2, bag.resolution));
  return bag.installFont(`arcade-heavy@${resolution}`, {
    style: { fontFamily: FONT_FAMILY, fontSize: 72, fontWeight: '800', fill: 0xffffff },
    chars: ARCADE_CHARS,
    resolution,
    // Space between glyphs on the page: at 4 the J's hook reached into the I's frame and
    // showed as a stray mark under "YOU WIN" (the render check reads every glyph's edges).
    padding: 6,
    dynamicFill: true,
  });
}
