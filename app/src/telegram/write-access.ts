import { requestWriteAccess } from '@tma.js/sdk-react';
import { hostEnv } from './host-env';

/** 'allowed', 'denied' by the player, or 'unavailable' (a host without the request). */
export type WriteAccessAnswer = 'allowed' | 'denied' | 'unavailable';

/** Asks the host to let the bot write to the player (Mini Apps 6.9). */
export async function askWriteAccess(): Promise<WriteAccessAnswer> {
  // The stand-in host of a plain browser never answers: do not wait for it.
  if (hostEnv().browser || !requestWriteAccess.isAvailable()) return 'unavailable';
  try {
    return (await requestWriteAccess()) === 'allowed' ? 'allowed' : 'denied';
  } catch (error) {
    // "Write access request is currently in progress" or a host error: treat as not allowed.
    console.warn('[telegram] write access request failed', error);
    return 'denied';
  }
}
