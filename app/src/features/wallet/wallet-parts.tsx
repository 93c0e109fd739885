import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningIcon } from '../../components/icons';
import { RetryNote } from '../../components/retry-note';
import { CopyButton } from './copy-button';
import '../../components/skeleton.css';
import './wallet-parts.css';

/** 'Testnet' beside the title when the server runs on the test network. */
export function NetworkBadge({ network }: { network: 'mainnet' | 'testnet' | undefined }) {
  const { t } = useTranslation();
  if (network !== 'testnet') return null;
  return (
    <span className="network-badge" data-testid="network-badge">
      {t('wallet.testnet')}
    </span>
  );
}

/** The wallet info could not be loaded: say so and offer a retry. */
export function WalletLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <RetryNote
      className="card wallet-error"
      message={t('wallet.loadError')}
      onRetry={onRetry}
      alert
      testId="wallet-load-error"
      icon={<WarningIcon className="wallet-error__icon" />}
    />
  );
}

/** Grey blocks where a form is about to appear. */
export function FormSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="card form-skeleton" aria-busy="true" data-testid="wallet-skeleton">
      <span className="skeleton skeleton--title" />
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="skeleton skeleton--field" />
      ))}
      <span className="skeleton skeleton--button" />
    </div>
  );
}

/** A wallet form's title and what it is for; `id` names the section it heads (aria-labelledby). */
export function FormHeading({ id, title, text, as: Tag = 'header' }: { id: string; title: string; text: string; as?: 'header' | 'div' }) {
  return (
    <Tag className="wallet-form__heading">
      <h2 className="wallet-form__title" id={id}>
        {title}
      </h2>
      <p className="wallet-form__text">{text}</p>
    </Tag>
  );
}

/** A value the player copies into their wallet (an address, a memo), with its label and Copy button. */
export function CopyRow({
  label,
  value,
  kind,
  copyLabel,
  testId,
}: {
  label: string;
  value: string;
  kind: 'address' | 'memo';
  copyLabel: string;
  testId: string;
}) {
  return (
    <div className={`copy-row${kind === 'memo' ? ' copy-row--memo' : ''}`}>
      <div className="copy-row__text">
        <span className="copy-row__label">{label}</span>
        <code className={`copy-row__value copy-row__value--${kind}`} data-testid={testId}>
          {value}
        </code>
      </div>
      <CopyButton text={value} label={copyLabel} testId={`copy-${testId}`} />
    </div>
  );
}

/** One "label: value" line of a summary. */
export function SummaryRow({
  label,
  children,
  strong = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`summary__row${strong ? ' summary__row--strong' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
