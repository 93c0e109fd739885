import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';
import { CopyButton } from './copy-button';
import './deposit-qr.css';

/**
 * The transfer link a wallet app opens from a QR code: the hot wallet, the amount in nanotons
 * (when one is typed and valid) and the player's memo as the comment.
 */
export function depositLink(address: string, memo: string, amountNano: bigint | null): string {
  const query = new URLSearchParams();
  if (amountNano !== null && amountNano > 0n) query.set('amount', amountNano.toString());
  query.set('text', memo);
  // URLSearchParams writes a space as "+": wallets read the comment percent-encoded.
  return `ton://transfer/${encodeURIComponent(address)}?${query.toString().replace(/\+/g, '%20')}`;
}

/** One SVG path for the dark modules: a few kilobytes of markup, sharp at any size. */
function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, path };
}

/** The deposit as a QR code, for paying from a wallet on another device; the link can be copied too. */
export function DepositQr({ link }: { link: string }) {
  const { t } = useTranslation();
  const { size, path } = useMemo(() => qrPath(link), [link]);
  return (
    <div className="deposit-qr" data-testid="deposit-qr" data-link={link}>
      <svg
        className="deposit-qr__code"
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-label={t('wallet.depositForm.qrLabel', { link })}
        shapeRendering="crispEdges"
        data-testid="deposit-qr-code"
      >
        <rect width={size} height={size} fill="#ffffff" />
        <path d={path} fill="#000000" />
      </svg>
      <div className="deposit-qr__text">
        <p className="deposit-qr__title">{t('wallet.depositForm.qrTitle')}</p>
        <p className="deposit-qr__hint">{t('wallet.depositForm.qrText')}</p>
        <CopyButton text={link} label={t('wallet.depositForm.copyLink')} testId="copy-deposit-link" />
      </div>
    </div>
  );
}
