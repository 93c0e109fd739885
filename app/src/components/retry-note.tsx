import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RetryNoteProps {
  /** The note's own class: a card, or a line inside one. */
  className: string;
  message: string;
  /** The button's word: the app's one Retry unless a note says something else. */
  retry?: string;
  onRetry: () => unknown;
  /** Announce the failure at once (role=alert): where the note replaces a whole section. */
  alert?: boolean;
  testId?: string;
  icon?: ReactNode;
}

/** A call failed: a line saying so and a button that tries it again. */
export function RetryNote({ className, message, retry, onRetry, alert = false, testId, icon }: RetryNoteProps) {
  const { t } = useTranslation();
  return (
    <div className={className} role={alert ? 'alert' : undefined} data-testid={testId}>
      {icon}
      <p>{message}</p>
      <button type="button" className="button button--ghost" onClick={() => void onRetry()}>
        {retry ?? t('common.retry')}
      </button>
    </div>
  );
}
