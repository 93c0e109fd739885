import { useEffect, useState } from 'react';
import { randomRoll, rollOutcome } from './outcomes';
import type { DeepLinkTaker, RollDirection, RollHandle } from './types';

export function RollPanel({ handle, takeLink }: { handle: RollHandle; takeLink: DeepLinkTaker }) {
  const [link] = useState(takeLink);
  const [target, setTarget] = useState(link?.roll.target ?? 50);
  const [direction, setDirection] = useState<RollDirection>(link?.roll.direction ?? 'under');
  const [value, setValue] = useState(link?.roll.outcome !== null && link?.roll.outcome !== undefined ? String(link.roll.outcome) : '42.17');
  const chance = direction === 'under' ? target : 100 - target;

  useEffect(() => {
    handle.preview(target, direction);
  }, [handle, target, direction]);

  useEffect(() => {
    const outcome = link?.roll.outcome;
    if (outcome === null || outcome === undefined || !link) return;
    handle.play(rollOutcome(outcome, link.roll.target, link.roll.direction)).catch(console.error);
  }, [handle, link]);

  const told = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(told) && told >= 0 && told <= 100;

  return (
    <div className="group">
      <h2>Roll outcome</h2>
      <div className="row">
        {(['under', 'over'] as const).map((side) => (
          <button key={side} className={side === direction ? 'chip active' : 'chip'} onClick={() => setDirection(side)}>
            roll {side}
          </button>
        ))}
      </div>
      <label className="field">
        <span className="label">
          Target <b>{target.toFixed(2)}</b> · win chance <b>{chance.toFixed(2)}%</b>
        </span>
        <input
          type="range"
          min={direction === 'under' ? 1 : 5}
          max={direction === 'under' ? 95 : 99}
          step={0.01}
          value={target}
          onChange={(event) => setTarget(Number(event.target.value))}
        />
      </label>
      <label className="field">
        <span className="label">Told roll (0.00–100.00)</span>
        <input type="number" min={0} max={100} step={0.01} value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <div className="grid">
        <button
          disabled={!valid}
          onClick={() => {
            handle.play(rollOutcome(Math.round(told * 100) / 100, target, direction)).catch(console.error);
          }}
        >
          Roll {valid ? told.toFixed(2) : '—'}
        </button>
        <button
          className="accent"
          onClick={() => {
            handle.play(randomRoll(target, direction)).catch(console.error);
          }}
        >
          Random roll
        </button>
        <button className="secondary" onClick={() => handle.reset()}>
          Reset
        </button>
      </div>
    </div>
  );
}
