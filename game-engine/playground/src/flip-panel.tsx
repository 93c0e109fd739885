import { useEffect, useState } from 'react';
import { randomFlip } from './outcomes';
import type { CoinSide, DeepLinkTaker, FlipHandle } from './types';

export function FlipPanel({ handle, takeLink }: { handle: FlipHandle; takeLink: DeepLinkTaker }) {
  const [link] = useState(takeLink);
  const [pick, setPick] = useState<CoinSide>(link?.flip.pick ?? 'heads');
  const [busy, setBusy] = useState(false);

  const play = (side: CoinSide, win: boolean) => {
    setBusy(true);
    handle.play({ side, win }).then(
      () => setBusy(false),
      () => setBusy(false),
    );
  };

  useEffect(() => {
    const outcome = link?.flip.outcome;
    if (!outcome || !link) return;
    handle.play({ side: outcome, win: outcome === link.flip.pick }).catch(console.error);
  }, [handle, link]);

  return (
    <div className="group">
      <h2>Flip outcome</h2>
      <div className="row">
        <span className="label">Player picks</span>
        {(['heads', 'tails'] as const).map((side) => (
          <button key={side} className={side === pick ? 'chip active' : 'chip'} onClick={() => setPick(side)}>
            {side}
          </button>
        ))}
      </div>
      <div className="grid">
        <button onClick={() => play('heads', pick === 'heads')}>Lands heads</button>
        <button onClick={() => play('tails', pick === 'tails')}>Lands tails</button>
        <button
          className="accent"
          onClick={() => {
            const outcome = randomFlip(pick);
            play(outcome.side, outcome.win);
          }}
        >
          Random flip
        </button>
        <button className="secondary" onClick={() => handle.reset()}>
          Reset
        </button>
      </div>
      <p className="hint">{busy ? 'Flipping… (Skip jumps to the result)' : 'The outcome is told; the coin lands on it.'}</p>
    </div>
  );
}
