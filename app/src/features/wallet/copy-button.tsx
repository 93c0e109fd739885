import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/notify';
import { CheckIcon, CopyIcon } from '../../components/icons';
import '../../components/soft-button.css';
import './copy-button.css';

/** How long a copy button shows its tick. */
export const COPIED_MS = 1500;

interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers ("Copy the comment"). */
  label: string;
  testId?: string;
}

export function CopyButton({ text, label, testId }: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(text)) setCopied(true);
    else notify.error('wallet.toast.copyFailed');
  };

  return (
    <button
      type="button"
      className={`soft-button copy-button${copied ? ' is-copied' : ''}`}
      aria-label={label}
      data-testid={testId}
      onClick={() => void copy()}
    >
      {copied ? <CheckIcon width={18} height={18} /> : <CopyIcon width={18} height={18} />}
      <span aria-live="polite">{copied ? t('wallet.toast.copied') : t('wallet.depositForm.copy')}</span>
    </button>
  );
}
