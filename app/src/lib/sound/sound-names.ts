/** The sounds the games play: a bet going out, a round won or lost, one more road lane crossed. */
export type SoundName = 'bet' | 'win' | 'lose' | 'step';
