import { useAtomValue } from 'jotai';
import { seedsQueryAtom } from '../../state/seeds';
import './seed-commitment.css';

/** Hex digits of the commitment a game screen shows: enough to compare at a glance. */
const SHOWN_DIGITS = 6;

/**
 * The hash of the server seed in use, short, on every game screen: the commitment is there
 * before the first bet (asking for it makes the player's first pair). The full hash is in
 * `data-value` and the title.
 */
export function SeedCommitment() {
  const query = useAtomValue(seedsQueryAtom);
  const hash = query.data?.serverSeedHash ?? null;
  return (
    <span className="seed-commitment" data-testid="game-seed-hash" data-value={hash ?? ''} title={hash ?? undefined} aria-hidden="true">
      {hash ? hash.slice(0, SHOWN_DIGITS) : '······'}
    </span>
  );
}
