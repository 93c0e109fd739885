import { deviceChoice } from '../device-choice';

/**
 * Where the choice lives: this device, like the haptics (sound is how the phone in the hand
 * plays, whoever is signed in on it). Read by the games through `sounds` (./sounds.ts).
 */
export const SOUND_STORAGE_KEY = 'arcade.sound';

const choice = deviceChoice(SOUND_STORAGE_KEY, false);

/** False until the player turns sound on in the profile. */
export const soundEnabled = choice.get;

export const setSoundEnabled = choice.set;

/** The sound choice, re-rendering when it changes. */
export const useSoundEnabled = choice.useChoice;
