import type { EngineStats, GameHandle } from '@arcade/game-engine/react';
import { useEffect, useState } from 'react';

/** Live frame statistics: work per frame (update + render) p50/p95, fps. */
export function StatsPanel({ handle }: { handle: GameHandle }) {
  const [stats, setStats] = useState<EngineStats | null>(null);
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!handle.disposed) setStats(handle.stats());
    }, 250);
    return () => window.clearInterval(timer);
  }, [handle]);
  if (!stats) return null;
  const warn = stats.p95 > 8;
  return (
    <div className="stats" title="Work time per frame (update + render), over the last 240 frames">
      <span>
        p50 <b>{stats.p50.toFixed(2)}</b>
      </span>
      <span className={warn ? 'warn' : undefined}>
        p95 <b>{stats.p95.toFixed(2)}</b> ms
      </span>
      <span>
        <b>{Math.round(stats.fps)}</b> fps
      </span>
      <span className="dim">
        {stats.width}×{stats.height}@{stats.resolution}
      </span>
    </div>
  );
}
