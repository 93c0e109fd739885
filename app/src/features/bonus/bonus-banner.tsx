import { useTranslation } from 'react-i18next';
import { CoinArt } from '../../components/coin-art';
import { formatTon } from '../../lib/format';

/** Spec section 1: completing tasks yields up to the lifetime cap (the server's, `cap`) on the bonus account. */
export function BonusBanner({ cap }: { cap: string }) {
  const { t, i18n } = useTranslation();
  const values = { cap: formatTon(cap, i18n.language) };
  return (
    <aside className="bonus-banner" data-testid="bonus-banner">
      <div className="bonus-banner__text">
        <p className="bonus-banner__title">{t('bonus.banner.title', values)}</p>
        <p className="bonus-banner__body">{t('bonus.banner.text', values)}</p>
      </div>
      <CoinArt className="bonus-banner__coin" size={84} />
    </aside>
  );
}
