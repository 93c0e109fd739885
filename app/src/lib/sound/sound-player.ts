import type { SoundName } from './sound-names';

// The synthesis of the games' sounds: a few oscillators under short envelopes, no audio files.
// Loaded by ./sounds.ts only once a game asks for a sound with sound on.

interface Note {
  wave: OscillatorType;
  /** Hz at the start, gliding to `to` over the note. */
  from: number;
  to: number;
  /** Seconds after the sound starts. */
  delay: number;
  length: number;
  /** Loudness at the top of the envelope (0..1, before the master volume). */
  peak: number;
}

const note = (wave: OscillatorType, from: number, to: number, delay: number, length: number, peak: number): Note => ({
  wave,
  from,
  to,
  delay,
  length,
  peak,
});

/** A bet is one short rising blip; a win three rising notes (C5 E5 G5); a loss two falling ones; a lane a tick. */
export const SOUND_NOTES: Record<SoundName, readonly Note[]> = {
  bet: [note('triangle', 880, 1320, 0, 0.07, 0.5)],
  win: [
    note('triangle', 523.25, 523.25, 0, 0.16, 0.45),
    note('triangle', 659.25, 659.25, 0.08, 0.16, 0.45),
    note('triangle', 783.99, 783.99, 0.16, 0.3, 0.5),
  ],
  lose: [note('sine', 392, 370, 0, 0.16, 0.5), note('sine', 261.63, 233.08, 0.13, 0.32, 0.5)],
  step: [note('square', 1400, 1400, 0, 0.035, 0.15)],
};

const VOLUME = 0.35;
const ATTACK_S = 0.008;
const SILENT = 0.0001;

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;
let output: GainNode | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/** A context a browser keeps suspended (iOS, until a tap) is resumed by the player's next tap. */
function resumeOnNextTap(audio: AudioContext): void {
  const events = ['pointerdown', 'touchend', 'keydown'] as const;
  const resume = () => {
    audio.resume().catch(() => undefined);
  };
  const stop = () => {
    if (audio.state !== 'running') return;
    for (const type of events) document.removeEventListener(type, resume, true);
    audio.removeEventListener('statechange', stop);
  };
  for (const type of events) document.addEventListener(type, resume, true);
  audio.addEventListener('statechange', stop);
  resume();
}

/** The one audio context, made on the first sound and only once the page has had a tap. */
function audioContext(): { audio: AudioContext; out: GainNode } | null {
  if (context && output) return { audio: context, out: output };
  if (globalThis.navigator?.userActivation?.hasBeenActive === false) return null;
  const Class = audioContextClass();
  if (!Class) return null;
  try {
    context = new Class();
  } catch (error) {
    console.warn('[sound] no audio context', error);
    return null;
  }
  output = context.createGain();
  output.gain.value = VOLUME;
  output.connect(context.destination);
  if (context.state !== 'running') resumeOnNextTap(context);
  return { audio: context, out: output };
}

function playNote(audio: AudioContext, out: AudioNode, start: number, { wave, from, to, delay, length, peak }: Note): void {
  const at = start + delay;
  const end = at + length;
  const oscillator = audio.createOscillator();
  const envelope = audio.createGain();
  oscillator.type = wave;
  oscillator.frequency.value = from;
  oscillator.frequency.setValueAtTime(from, at);
  if (to !== from) oscillator.frequency.exponentialRampToValueAtTime(to, end);
  envelope.gain.value = SILENT;
  envelope.gain.setValueAtTime(SILENT, at);
  envelope.gain.exponentialRampToValueAtTime(peak, at + ATTACK_S);
  envelope.gain.exponentialRampToValueAtTime(SILENT, end);
  oscillator.connect(envelope);
  envelope.connect(out);
  oscillator.addEventListener('ended', () => {
    oscillator.disconnect();
    envelope.disconnect();
  });
  oscillator.start(at);
  oscillator.stop(end + 0.02);
}

/**
 * Plays one of the games' sounds now (nothing if the browser has no Web Audio). `mayPlay` is
 * asked last, just before the notes start: making the audio context can take a while on a busy
 * phone, and a sound counts against the limit at the moment it is heard, not when it was asked for.
 */
export function playSound(name: SoundName, mayPlay: () => boolean = () => true): void {
  const fresh = context === null;
  const made = audioContext();
  if (!made) return;
  const { audio, out } = made;
  if (audio.state !== 'running') {
    // Inside a tap this lets a suspended context go; a sound asked for meanwhile is dropped,
    // or every one of them would play at once on resuming.
    audio.resume().catch(() => undefined);
    if (!fresh) return;
  }
  if (!mayPlay()) return;
  const start = audio.currentTime + 0.005;
  for (const part of SOUND_NOTES[name]) playNote(audio, out, start, part);
}
