import { DIFFICULTY_TRAPS, type RoadDifficulty } from '@arcade/game-engine/games/road/plan';
import { useEffect, useMemo, useState } from 'react';
import { randomTraps, roadSetup } from './outcomes';
import type { DeepLinkTaker, RoadHandle } from './types';
import { playgroundMultiplier } from './labels';

const DIFFICULTIES = Object.keys(DIFFICULTY_TRAPS) as RoadDifficulty[];

export function RoadPanel({ handle, takeLink }: { handle: RoadHandle; takeLink: DeepLinkTaker }) {
  const [link] = useState(takeLink);
  const [difficulty, setDifficulty] = useState<RoadDifficulty>(link?.road.difficulty ?? 'medium');
  const [round, setRound] = useState(0);
  const [view, setView] = useState(() => ({ ...handle.state }));
  const scripted = link?.road.steps !== null && link?.road.steps !== undefined;
  // The traps are drawn up front, as the server does (the deep link names its own).
  const traps = useMemo(
    () => (round === 0 && scripted && link ? link.road.traps : randomTraps(difficulty)),
    [difficulty, round, scripted, link],
  );

  // A new road for each difficulty or round.
  useEffect(() => {
    if (round === 0 && scripted) return;
    handle.setup(roadSetup(difficulty));
  }, [handle, difficulty, round, scripted]);

  useEffect(() => {
    const timer = window.setInterval(() => setView({ ...handle.state }), 120);
    return () => window.clearInterval(timer);
  }, [handle]);

  // `?game=road&difficulty=hard&steps=3&trap=4`: cross `steps` lanes; a trap lane on the way crashes.
  useEffect(() => {
    const steps = link?.road.steps;
    if (!link || steps === null || steps === undefined) return;
    let cancelled = false;
    const run = async () => {
      handle.setup(roadSetup(link.road.difficulty));
      for (let lane = 0; lane < steps && !cancelled; lane++) {
        const trap = link.road.traps.includes(lane);
        await handle.step(lane, trap ? 'trap' : 'safe');
        if (trap) return handle.reveal(link.road.traps);
      }
      if (cancelled || handle.state.position < 0) return;
      await handle.cashOut();
      await handle.reveal(link.road.traps);
    };
    run().catch(console.error);
    return () => {
      cancelled = true;
    };
  }, [handle, link]);

  const open = view.status === 'ready' || view.status === 'walking';
  const next = view.position + 1;
  const step = (result: 'safe' | 'trap' | 'server') => {
    const outcome = result === 'server' ? (traps.includes(next) ? 'trap' : 'safe') : result;
    handle.step(next, outcome).catch(console.error);
  };
  const current = view.position >= 0 ? (view.multipliers[view.position] ?? 1) : 1;

  return (
    <div className="group">
      <h2>Road round</h2>
      <div className="row">
        {DIFFICULTIES.map((name) => (
          <button key={name} className={name === difficulty ? 'chip active' : 'chip'} onClick={() => setDifficulty(name)}>
            {name} · {25 - DIFFICULTY_TRAPS[name]}
          </button>
        ))}
      </div>
      <p className="readout">
        lane <b>{view.position + 1}</b>/{view.lanes} · <b>{playgroundMultiplier(current)}</b> · {view.status}
      </p>
      <div className="grid">
        <button className="accent" disabled={!open || next >= view.lanes} onClick={() => step('server')}>
          Step (drawn traps)
        </button>
        <button
          disabled={view.status !== 'walking'}
          onClick={() => {
            handle.cashOut().catch(console.error);
          }}
        >
          Cash out
        </button>
        <button disabled={!open || next >= view.lanes} onClick={() => step('safe')}>
          Step safe
        </button>
        <button disabled={!open || next >= view.lanes} onClick={() => step('trap')}>
          Step trap
        </button>
        <button
          disabled={open || view.traps !== null}
          onClick={() => {
            handle.reveal(traps).catch(console.error);
          }}
        >
          Reveal traps
        </button>
        <button className="secondary" onClick={() => setRound((n) => n + 1)}>
          New road
        </button>
      </div>
      <p className="hint">
        Trap slots this round: {traps.map((slot) => slot + 1).join(', ') || '—'} (slots past the last lane are not on the road)
      </p>
    </div>
  );
}
