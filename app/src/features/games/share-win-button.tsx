import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { ShareIcon } from '../../components/icons';
import { toast } from '../../lib/toast';
import { apiAtom } from '../../state/session';
import { copyToClipboard, sharePreparedMessage } from '../../telegram/share';
import { useGamesT } from './games-texts';
import './share-win-button.css';

/**
 * Shares a win (the player's own, or anyone's in live wins): the server writes the card, in the
 * player's words and number forms, with their invite link, and the bot prepares it; in Telegram
 * the messenger's dialog sends it to any chat (shareMessage), elsewhere the words and the link
 * are copied. `compact` is the icon alone (a live wins row), with the same label for a reader.
 */
export function ShareWinButton({ roundId, compact = false, label }: { roundId: string; compact?: boolean; label?: string }) {
  const { gt } = useGamesT();
  const api = useAtomValue(apiAtom);
  const [busy, setBusy] = useState(false);
  const share = async () => {
    if (!api || busy) return;
    setBusy(true);
    try {
      const card = await api.referral.shareWin(roundId);
      // Closed without sending ('failed') is the player's choice: nothing to say.
      if (card.preparedMessageId !== null && (await sharePreparedMessage(card.preparedMessageId)) !== 'unavailable') return;
      if (await copyToClipboard(`${card.text}\n${card.link}`)) toast.success(gt('play.share.copied'), { toastId: `share:${roundId}` });
      else toast.error(gt('play.share.failed'), { toastId: `share:${roundId}` });
    } catch (error) {
      console.warn('[share] the win could not be shared', error);
      toast.error(gt('play.share.failed'), { toastId: `share:${roundId}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <BusyButton
      busy={busy}
      spinner={compact ? undefined : 'default'}
      className={compact ? 'share-win share-win--compact' : 'share-win'}
      aria-label={label ?? gt('play.share.label')}
      testId="share-win"
      onClick={() => void share()}
    >
      <ShareIcon width={compact ? 18 : 16} height={compact ? 18 : 16} aria-hidden="true" />
      {compact ? null : <span>{gt('play.share.button')}</span>}
    </BusyButton>
  );
}
