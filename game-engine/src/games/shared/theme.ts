/** The arcade look: deep night navy, gold and TON blue, with clear win and lose colours. */
export const palette = {
  night: 0x060a17,
  navy: 0x0c1430,
  indigo: 0x152050,
  slate: 0x222d58,
  ton: 0x0098ea,
  tonLight: 0x5fd0ff,
  tonDeep: 0x005fa3,
  gold: 0xf5c542,
  goldLight: 0xffeaa8,
  goldDeep: 0xb87d12,
  goldDark: 0x6b4606,
  win: 0x2fe39a,
  winDeep: 0x0c9a5c,
  lose: 0xff4d6a,
  loseDeep: 0x9c1f3b,
  text: 0xf4f6ff,
  muted: 0x8b95bf,
} as const;

/** `#rrggbb` for the 2D canvas API. */
export function css(color: number, alpha = 1): string {
  const r = (color >> 16) & 0xff;
  const g = (color >> 8) & 0xff;
  const b = color & 0xff;
  return alpha >= 1 ? `#${color.toString(16).padStart(6, '0')}` : `rgba(${r},${g},${b},${alpha})`;
}

/** Mixes two colours (0 = a, 1 = b). */
export function mix(a: number, b: number, t: number): number {
  const k = Math.min(1, Math.max(0, t));
  const channel = (shift: number): number => {
    const from = (a >> shift) & 0xff;
    const to = (b >> shift) & 0xff;
    return Math.round(from + (to - from) * k) << shift;
  };
  return channel(16) | channel(8) | channel(0);
}

/** Grey tint of brightness 0..1 (multiplies a sprite's colours). */
export function shade(brightness: number): number {
  const v = Math.round(Math.min(1, Math.max(0, brightness)) * 255);
  return (v << 16) | (v << 8) | v;
}

/** System fonts only (nothing is downloaded): SF on iOS, Roboto on Android, DejaVu on Linux. */
export const FONT_FAMILY = [
  'SF Pro Display',
  '-apple-system',
  'system-ui',
  'Roboto',
  'Segoe UI',
  'Helvetica Neue',
  'DejaVu Sans',
  'Arial',
  'sans-serif',
];
