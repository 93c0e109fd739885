import { copyTextToClipboard, openTelegramLink, shareMessage, shareURL } from '@tma.js/sdk-react';
import { hostEnv } from './host-env';

/** How a host call went: done by the host, not possible here, or refused with an error. */
export type HostOutcome = 'done' | 'unavailable' | 'failed';

/**
 * Opens a t.me link inside the messenger (a channel, a bot), keeping the mini app open.
 * Outside the messenger the link opens in a new tab.
 */
export function openTelegramUrl(url: string): HostOutcome {
  try {
    // In a plain browser the stand-in host drops the message: open a tab instead.
    if (!hostEnv().browser && openTelegramLink.ifAvailable(url).ok) return 'done';
  } catch (error) {
    // An invalid or non-t.me link (spec section 5): nothing was opened.
    console.warn('[telegram] openTelegramLink failed', error);
    return 'failed';
  }
  if (typeof window.open !== 'function') return 'unavailable';
  // With noopener the browser returns no handle, so there is nothing to check.
  window.open(url, '_blank', 'noopener,noreferrer');
  return 'done';
}

/** The messenger's share sheet (t.me/share/url) with a link and a text. */
export function shareUrl(url: string, text: string): HostOutcome {
  try {
    if (!hostEnv().browser && shareURL.ifAvailable(url, text).ok) return 'done';
  } catch (error) {
    console.warn('[telegram] shareURL failed', error);
    return 'failed';
  }
  // A plain browser: the system share sheet where there is one.
  if (typeof navigator.share === 'function') {
    navigator.share({ url, text }).catch(() => undefined);
    return 'done';
  }
  return 'unavailable';
}

/**
 * Telegram's dialog for a message the bot prepared (savePreparedInlineMessage): the player picks
 * any chat and sends it. 'unavailable' outside the messenger or on a client older than Mini Apps
 * 8.0; 'failed' when the player closed the dialog or the message was no longer there.
 */
export async function sharePreparedMessage(id: string): Promise<HostOutcome> {
  if (hostEnv().browser || !shareMessage.isAvailable()) return 'unavailable';
  try {
    await shareMessage(id);
    return 'done';
  } catch (error) {
    console.warn('[telegram] shareMessage ended without sending', error);
    return 'failed';
  }
}

/** Copies text with the SDK's helper (Clipboard API, else the legacy selection copy). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await copyTextToClipboard(text);
    return true;
  } catch (error) {
    console.warn('[telegram] copy failed', error);
    return false;
  }
}
