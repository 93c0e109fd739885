import { useId } from 'react';
import './coin-art.css';

interface CoinArtProps {
  size?: number;
  className?: string;
  /** Gentle float and shine; off for small static uses. */
  animated?: boolean;
}

/** A 3D-looking gold coin with the TON mark, drawn in SVG (no downloaded assets). */
export function CoinArt({ size = 120, className, animated = true }: CoinArtProps) {
  const id = useId().replace(/:/g, '');
  const face = `${id}-face`;
  const edge = `${id}-edge`;
  const rim = `${id}-rim`;
  const shine = `${id}-shine`;
  const mark = `${id}-mark`;
  const clip = `${id}-clip`;
  return (
    <svg
      className={['coin-art', animated ? 'coin-art--animated' : '', className ?? ''].join(' ').trim()}
      width={size}
      height={size}
      viewBox="0 0 160 160"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={edge} x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor="#7a4a0c" />
          <stop offset="0.25" stopColor="#c98a22" />
          <stop offset="0.5" stopColor="#f0b640" />
          <stop offset="0.75" stopColor="#c98a22" />
          <stop offset="1" stopColor="#7a4a0c" />
        </linearGradient>
        <radialGradient id={face} cx="0.36" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#fff8d6" />
          <stop offset="0.28" stopColor="#ffdf73" />
          <stop offset="0.62" stopColor="#f2b233" />
          <stop offset="1" stopColor="#b8741a" />
        </radialGradient>
        <linearGradient id={rim} x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#fff1b8" />
          <stop offset="0.5" stopColor="#d9951f" />
          <stop offset="1" stopColor="#8c560f" />
        </linearGradient>
        <linearGradient id={mark} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#9a5f10" />
          <stop offset="1" stopColor="#6e3f06" />
        </linearGradient>
        <linearGradient id={shine} x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0" />
          <stop offset="0.5" stopColor="#ffffff" stopOpacity="0.7" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
        <clipPath id={clip}>
          <ellipse cx="80" cy="72" rx="62" ry="58" />
        </clipPath>
      </defs>
      <ellipse className="coin-art__shadow" cx="80" cy="146" rx="46" ry="7" fill="#000000" opacity="0.35" />
      {/* the coin's thickness: the same ellipse, lower and darker */}
      <ellipse cx="80" cy="84" rx="62" ry="58" fill={`url(#${edge})`} />
      <rect x="18" y="72" width="124" height="12" fill={`url(#${edge})`} />
      <ellipse cx="80" cy="72" rx="62" ry="58" fill={`url(#${rim})`} />
      <ellipse cx="80" cy="72" rx="54" ry="50.5" fill={`url(#${face})`} />
      <ellipse cx="80" cy="72" rx="46" ry="43" fill="none" stroke="#b9781d" strokeOpacity="0.55" strokeWidth="2" />
      {/* embossed TON mark: highlight, then the mark itself */}
      <g transform="translate(80 73)" strokeLinejoin="round" strokeLinecap="round">
        <path
          d="M-21 -17 H21 L0 21 Z M0 -17 V21"
          fill="none"
          stroke="#fff4c4"
          strokeOpacity="0.8"
          strokeWidth="6"
          transform="translate(-1 -1.5)"
        />
        <path d="M-21 -17 H21 L0 21 Z M0 -17 V21" fill="none" stroke={`url(#${mark})`} strokeWidth="6" />
      </g>
      <g clipPath={`url(#${clip})`}>
        <rect className="coin-art__shine" x="-60" y="0" width="40" height="160" fill={`url(#${shine})`} transform="skewX(-18)" />
      </g>
    </svg>
  );
}
