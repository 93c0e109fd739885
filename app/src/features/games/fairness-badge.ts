import { createContext, type ReactNode } from 'react';

/**
 * What a game screen shows beside its way to the fairness screen: the commitment to the server
 * seed, which the fairness feature draws. The route puts it in (app/game-route.tsx), so the
 * games never import the fairness feature.
 */
export const FairnessBadge = createContext<ReactNode>(null);
