import { memo, type ReactNode } from 'react';
import { figureFor, tintColor, tintFor, type FigureKind, type Tint } from './gift-looks';
import { GLYPHS, glyphFor } from './gift-symbols';
import './gift-art.css';

/** What the art needs from a gift (a cart line has it too). */
export interface GiftLook {
  collection: { name: string };
  model: { name: string };
  backdrop: { center: string; edge: string };
  symbol: { name: string };
}

/** Where the symbols sit: two rings around the figure, smaller and fainter further out (x, y, size, opacity). */
const PATTERN: ReadonlyArray<readonly [number, number, number, number]> = (() => {
  const spots: Array<readonly [number, number, number, number]> = [];
  const ring = (count: number, radius: number, size: number, opacity: number, turn: number) => {
    for (let index = 0; index < count; index += 1) {
      const angle = ((index + turn) / count) * Math.PI * 2;
      spots.push([50 + Math.cos(angle) * radius, 52 + Math.sin(angle) * radius, size, opacity] as const);
    }
  };
  ring(8, 33, 9, 0.9, 0.5);
  ring(12, 47, 7, 0.7, 0);
  return spots;
})();

export function SymbolPattern({ name, color }: { name: string; color: string }) {
  const glyph: { d: string; stroke?: boolean; evenOdd?: boolean } = GLYPHS[glyphFor(name)];
  return (
    <g
      className="gift-art__pattern"
      style={glyph.stroke ? { stroke: color, fill: 'none' } : { fill: color }}
      strokeWidth={glyph.stroke ? 2.2 : undefined}
      strokeLinecap="round"
      strokeLinejoin="round"
      fillRule={glyph.evenOdd ? 'evenodd' : undefined}
    >
      {PATTERN.map(([x, y, size, opacity], index) => (
        <path
          key={index}
          d={glyph.d}
          opacity={opacity}
          transform={`translate(${(x - size / 2).toFixed(2)} ${(y - size / 2).toFixed(2)}) scale(${(size / 24).toFixed(3)})`}
        />
      ))}
    </g>
  );
}

/** An Archimedean spiral for the lollipop, worked out once. */
const LOLLIPOP_SWIRL = (() => {
  const points: string[] = [];
  for (let step = 0; step <= 64; step += 1) {
    const angle = (step / 64) * Math.PI * 5;
    const radius = 1.5 + angle * 1.12;
    points.push(`${(50 + Math.cos(angle) * radius).toFixed(2)} ${(41 + Math.sin(angle) * radius).toFixed(2)}`);
  }
  return `M${points.join('L')}`;
})();

export function Figure({ kind, tint }: { kind: FigureKind; tint: Tint }) {
  const base = tintColor(tint);
  const light = tintColor(tint, 18);
  const dark = tintColor(tint, -20);
  const shadow = <ellipse cx="50" cy="84" rx="22" ry="4.5" fill="rgba(0,0,0,0.28)" />;
  let body: ReactNode;
  switch (kind) {
    case 'frog':
      body = (
        <>
          <ellipse cx="50" cy="64" rx="25" ry="18" fill={base} />
          <ellipse cx="43" cy="58" rx="9" ry="4" fill={light} opacity="0.55" />
          <circle cx="38" cy="45" r="9.5" fill={base} />
          <circle cx="62" cy="45" r="9.5" fill={base} />
          <circle cx="38" cy="45" r="6" fill="#ffffff" />
          <circle cx="62" cy="45" r="6" fill="#ffffff" />
          <circle cx="39.5" cy="46" r="2.8" fill="#1d1d1f" />
          <circle cx="63.5" cy="46" r="2.8" fill="#1d1d1f" />
          <path d="M37 66q13 8 26 0" fill="none" stroke={dark} strokeWidth="3" strokeLinecap="round" />
          <ellipse cx="50" cy="79" rx="14" ry="4" fill={dark} />
        </>
      );
      break;
    case 'cap':
      body = (
        <>
          <path d="M25 63C25 36 75 36 75 63Z" fill={base} />
          <path d="M38 42c4-3 8-4 12-4v25H36C35 54 35.5 47 38 42Z" fill={light} opacity="0.35" />
          <path d="M50 39v24" stroke={dark} strokeWidth="1.6" opacity="0.6" />
          <circle cx="50" cy="38.5" r="3.2" fill={light} />
          <path d="M18 63h64c0 6-12 9-32 9S18 69 18 63Z" fill={dark} />
        </>
      );
      break;
    case 'ring':
      body = (
        <>
          <ellipse cx="50" cy="63" rx="21" ry="17" fill="none" stroke={dark} strokeWidth="8" />
          <ellipse cx="50" cy="62" rx="21" ry="17" fill="none" stroke={base} strokeWidth="5" />
          <path d="M39 33h22l7 9-18 18-18-18Z" fill={light} stroke={dark} strokeWidth="1.5" strokeLinejoin="round" />
          <path d="M32 42h36M43 33l-4 9 11 18 11-18-4-9" fill="none" stroke={dark} strokeWidth="1.2" opacity="0.7" />
        </>
      );
      break;
    case 'watch':
      body = (
        <>
          <rect x="40" y="16" width="20" height="68" rx="7" fill={dark} />
          <circle cx="50" cy="50" r="20" fill={base} />
          <circle cx="50" cy="50" r="14.5" fill="#f5f2ea" />
          <path d="M50 50V40M50 50l6 3.5" stroke="#1f1f24" strokeWidth="2.2" strokeLinecap="round" />
          <circle cx="50" cy="50" r="1.8" fill="#1f1f24" />
          <rect x="69" y="46.5" width="5" height="7" rx="1.5" fill={light} />
        </>
      );
      break;
    case 'shard':
      body = (
        <>
          <path d="M50 14l17 28-8 40H41l-8-40Z" fill={base} />
          <path d="M50 14l9 68h-9Z" fill={light} opacity="0.55" />
          <path d="M33 42h34L50 14Z" fill={light} opacity="0.35" />
          <path d="M41 82l-8-40h34l-8 40" fill="none" stroke={dark} strokeWidth="1.2" opacity="0.6" />
        </>
      );
      break;
    case 'lollipop':
      body = (
        <>
          <rect x="47.5" y="54" width="5" height="30" rx="2.5" fill="#f3eee3" />
          <circle cx="50" cy="41" r="21" fill={base} />
          <path d={LOLLIPOP_SWIRL} fill="none" stroke={light} strokeWidth="3.2" strokeLinecap="round" />
        </>
      );
      break;
    case 'cake':
      body = (
        <>
          <rect x="27" y="52" width="46" height="26" rx="5" fill={dark} />
          <path d="M27 56q0-12 23-12t23 12v3q-5.5 5-11 0-5.5 5-12 0-5.5 5-12 0-5.5 5-11 0Z" fill={base} />
          <rect x="27" y="66" width="46" height="3.5" fill={light} opacity="0.5" />
          <circle cx="50" cy="38" r="5.5" fill="#e23a53" />
          <path d="M50 33q2-5 6-6" fill="none" stroke="#3f7d34" strokeWidth="1.8" strokeLinecap="round" />
        </>
      );
      break;
    case 'globe':
      body = (
        <>
          <path d="M32 72h36l5 11H27Z" fill={dark} />
          <circle cx="50" cy="47" r="25" fill={base} opacity="0.55" />
          <circle cx="50" cy="47" r="25" fill="none" stroke={light} strokeWidth="2" />
          <path d="M50 33l9 20H41Z" fill="#2e6b46" />
          <path d="M50 41l11 20H39Z" fill="#3a8458" />
          <path d="M36 66q14-6 28 0" fill="#f7f9fc" />
          {[
            [38, 36],
            [62, 40],
            [43, 52],
            [60, 56],
            [54, 30],
          ].map(([cx, cy]) => (
            <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.6" fill="#ffffff" />
          ))}
          <path d="M36 35a18 18 0 0 1 9-8" fill="none" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" opacity="0.6" />
        </>
      );
      break;
    case 'box':
      body = (
        <>
          <rect x="28" y="47" width="44" height="33" rx="4" fill={base} />
          <rect x="25" y="38" width="50" height="12" rx="3" fill={light} />
          <rect x="46" y="38" width="8" height="42" fill={dark} />
          <path d="M50 38c-9-12-21-8-13 0ZM50 38c9-12 21-8 13 0Z" fill={dark} />
        </>
      );
      break;
  }
  return (
    <g className="gift-art__figure">
      {shadow}
      {body}
    </g>
  );
}

interface GiftArtProps {
  look: GiftLook;
  className?: string;
}

/** A gift drawn from its attributes: backdrop gradient, symbol pattern and a tinted figure of its collection. */
export const GiftArt = memo(function GiftArt({ look, className }: GiftArtProps) {
  const { center, edge } = look.backdrop;
  return (
    <span
      className={`gift-art${className ? ` ${className}` : ''}`}
      style={{ background: `radial-gradient(circle at 50% 46%, ${center} 0%, ${center} 10%, ${edge} 82%)` }}
    >
      <svg className="gift-art__svg" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <SymbolPattern name={look.symbol.name} color={edge} />
        <Figure kind={figureFor(look.collection.name)} tint={tintFor(look.model.name)} />
      </svg>
    </span>
  );
});

/** A symbol's glyph alone (filter sheets, attribute rows). */
export function SymbolGlyph({ name, className }: { name: string; className?: string }) {
  const glyph: { d: string; stroke?: boolean; evenOdd?: boolean } = GLYPHS[glyphFor(name)];
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={glyph.d}
        fill={glyph.stroke ? 'none' : 'currentColor'}
        stroke={glyph.stroke ? 'currentColor' : 'none'}
        strokeWidth={glyph.stroke ? 2 : undefined}
        strokeLinecap="round"
        strokeLinejoin="round"
        fillRule={glyph.evenOdd ? 'evenodd' : undefined}
      />
    </svg>
  );
}

/** A collection's figure alone, in a model's tint (or a neutral one). */
export function FigureGlyph({ collection, model, className }: { collection: string; model?: string; className?: string }) {
  return (
    <svg className={className} viewBox="8 8 84 84" width="36" height="36" aria-hidden="true" focusable="false">
      <Figure kind={figureFor(collection)} tint={model ? tintFor(model) : NEUTRAL_TINT} />
    </svg>
  );
}

const NEUTRAL_TINT: Tint = { h: 205, s: 70, l: 56 };

/** A backdrop's colours as a round swatch. */
export function BackdropSwatch({ center, edge, className }: { center: string; edge: string; className?: string }) {
  return (
    <span
      className={`backdrop-swatch${className ? ` ${className}` : ''}`}
      style={{ background: `radial-gradient(circle at 50% 45%, ${center} 0%, ${edge} 100%)` }}
      aria-hidden="true"
    />
  );
}

/** A model's tint as a round swatch. */
export function ModelSwatch({ name, className }: { name: string; className?: string }) {
  const tint = tintFor(name);
  return (
    <span
      className={`model-swatch${className ? ` ${className}` : ''}`}
      style={{
        background: `radial-gradient(circle at 35% 30%, ${tintColor(tint, 22)} 0%, ${tintColor(tint)} 55%, ${tintColor(tint, -18)} 100%)`,
      }}
      aria-hidden="true"
    />
  );
}

/** "Collection #number": the collection shortens with an ellipsis, the number always shows. */
export function GiftName({ collection, number, className }: { collection: string; number: number; className?: string }) {
  return (
    <span className={`gift-name${className ? ` ${className}` : ''}`}>
      <span className="gift-name__collection">{collection}</span>
      <span className="gift-name__number">#{number}</span>
    </span>
  );
}
