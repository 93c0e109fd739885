import type { ComponentType } from 'react';
import { SeedCommitment } from '../features/fairness/seed-commitment';
import { FairnessBadge } from '../features/games/fairness-badge';
import { AgeGate } from '../features/play/age-gate';

const badge = <SeedCommitment />;

/**
 * A game screen with the fairness feature's seed commitment beside its way to the fairness
 * screen: the game's route module (flip-route.tsx and the others) puts the two features
 * together, so neither imports the other. A player who never said they are 18 or older is
 * asked before the first bet (AgeGate).
 */
export function withSeedCommitment(Screen: ComponentType): ComponentType {
  return function GameRoute() {
    return (
      <FairnessBadge.Provider value={badge}>
        <AgeGate>
          <Screen />
        </AgeGate>
      </FairnessBadge.Provider>
    );
  };
}
