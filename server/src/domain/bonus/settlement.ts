export type Ladder = 'rounds' | 'wagered' | 'bestWin';
export const LADDERS: Ladder[] = ['rounds', 'wagered', 'bestWin'];
