import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { copyToClipboard } from '../../telegram/share';
import { CheckIcon, CopyIcon } from '../../components/icons';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import '../../i18n/player-screens-texts';

/** Spec sections 4 and 9: 'Link Copied' shows for 1.5 s. */
export const LINK_COPIED_MS = 1500;

/** True for LINK_COPIED_MS after each successful copy (a new copy starts the time again). */
export function useCopiedFlag(duration = LINK_COPIED_MS): [copied: boolean, markCopied: () => void] {
  // Counts copies while the feedback shows; null when it does not.
  const [copies, setCopies] = useState<number | null>(null);
  useEffect(() => {
    if (copies === null) return;
    const timer = window.setTimeout(() => setCopies(null), duration);
    return () => window.clearTimeout(timer);
  }, [copies, duration]);
  return [copies !== null, () => setCopies((count) => (count ?? 0) + 1)];
}

interface CopyLinkButtonProps {
  link: string;
  copied: boolean;
  onCopied: () => void;
}

export function CopyLinkButton({ link, copied, onCopied }: CopyLinkButtonProps) {
  const { pt } = usePlayerTexts();
  const copy = async () => {
    if (await copyToClipboard(link)) onCopied();
    else toast.error(pt('player.referral.copyFailed'), { toastId: 'referral:copy-failed' });
  };
  return (
    <button
      type="button"
      className={`button button--ghost referral-actions__button${copied ? ' is-copied' : ''}`}
      onClick={() => void copy()}
      data-testid="referral-copy"
      data-copied={copied}
    >
      {copied ? <CheckIcon width={18} height={18} /> : <CopyIcon width={18} height={18} />}
      <span aria-live="polite">{copied ? pt('player.referral.copied') : pt('player.referral.copy')}</span>
    </button>
  );
}
