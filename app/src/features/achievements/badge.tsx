import { useId } from 'react';
import type { Ladder } from './ladder-view';

/** Medal colours per tier: bronze, silver, gold (and on for higher tiers). */
const METALS = [
  { light: '#ffd9b0', mid: '#d98b4a', dark: '#7a3f12', ribbon: '#c0392b' },
  { light: '#ffffff', mid: '#c5cfdb', dark: '#5f6b7a', ribbon: '#2f6fd6' },
  { light: '#fff6cf', mid: '#ffc94d', dark: '#9a5d0c', ribbon: '#8e44ad' },
] as const;

function Emblem({ ladder }: { ladder: Ladder['id'] }) {
  switch (ladder) {
    case 'rounds':
      // A die.
      return (
        <g>
          <rect x="-9" y="-9" width="18" height="18" rx="4" fill="none" stroke="currentColor" strokeWidth="2.4" />
          <circle cx="-3.8" cy="-3.8" r="1.9" fill="currentColor" />
          <circle cx="3.8" cy="3.8" r="1.9" fill="currentColor" />
          <circle cx="3.8" cy="-3.8" r="1.9" fill="currentColor" />
          <circle cx="-3.8" cy="3.8" r="1.9" fill="currentColor" />
        </g>
      );
    case 'wagered':
      // A stack of coins.
      return (
        <g fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <ellipse cx="0" cy="-6" rx="8" ry="3.2" />
          <path d="M-8-6v4.5c0 1.8 3.6 3.2 8 3.2s8-1.4 8-3.2V-6" />
          <path d="M-8-1.5V3c0 1.8 3.6 3.2 8 3.2S8 4.8 8 3v-4.5" />
          <path d="M-8 3v4.5c0 1.8 3.6 3.2 8 3.2s8-1.4 8-3.2V3" />
        </g>
      );
    case 'bestWin':
      // A star.
      return (
        <path
          d="M0 -10.5 L2.6 -3.6 L10 -3.2 L4.2 1.4 L6.2 8.5 L0 4.4 L-6.2 8.5 L-4.2 1.4 L-10 -3.2 L-2.6 -3.6Z"
          fill="currentColor"
          transform="translate(0 1)"
        />
      );
  }
}

interface BadgeArtProps {
  ladder: Ladder['id'];
  tier: number;
  earned: boolean;
  size?: number;
}

/** A medal drawn in SVG: ribbon, metal rim by tier, the ladder's emblem; grey and locked until earned. */
export function BadgeArt({ ladder, tier, earned, size = 64 }: BadgeArtProps) {
  const id = useId().replace(/:/g, '');
  const metal = METALS[Math.min(Math.max(tier, 1), METALS.length) - 1] ?? METALS[0];
  const rim = `${id}-rim`;
  const face = `${id}-face`;
  return (
    <svg
      className={`badge-art${earned ? ' badge-art--earned' : ' badge-art--locked'}`}
      width={size}
      height={Math.round(size * 1.125)}
      viewBox="0 0 64 72"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={rim} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={metal.light} />
          <stop offset="0.45" stopColor={metal.mid} />
          <stop offset="1" stopColor={metal.dark} />
        </linearGradient>
        <radialGradient id={face} cx="0.35" cy="0.3" r="0.85">
          <stop offset="0" stopColor={metal.light} />
          <stop offset="0.55" stopColor={metal.mid} />
          <stop offset="1" stopColor={metal.dark} />
        </radialGradient>
      </defs>
      <path d="M18 2h11l6 20-9 6-8-6Z" fill={metal.ribbon} />
      <path d="M46 2H35l-6 20 9 6 8-6Z" fill={metal.ribbon} opacity="0.8" />
      <circle cx="32" cy="44" r="25" fill={`url(#${rim})`} />
      <circle cx="32" cy="44" r="19.5" fill={`url(#${face})`} stroke={metal.dark} strokeOpacity="0.45" strokeWidth="1.2" />
      <g transform="translate(32 44)" color={metal.dark}>
        <Emblem ladder={ladder} />
      </g>
      <ellipse cx="24" cy="33" rx="8" ry="4" fill="#ffffff" opacity="0.28" transform="rotate(-30 24 33)" />
      {earned ? null : (
        <g transform="translate(46 58)">
          <circle r="9" fill="#1b2030" stroke="rgba(255,255,255,0.25)" strokeWidth="1.2" />
          <rect x="-4.5" y="-1.5" width="9" height="7" rx="1.6" fill="#c8cfdc" />
          <path d="M-2.8-1.5v-2.2a2.8 2.8 0 0 1 5.6 0v2.2" fill="none" stroke="#c8cfdc" strokeWidth="1.6" />
        </g>
      )}
    </svg>
  );
}
