import { useTranslation } from 'react-i18next';
import { CoinArt } from '../../components/coin-art';

/** Spec section 1: completing tasks yields up to 70 TON on the bonus account. */
export function BonusBanner() {
  const { t } = useTranslation();
  return (
    <aside className="bonus-banner" data-testid="bonus-banner">
      <div className="bonus-banner__text">
        <p className="bonus-banner__title">{t('bonus.banner.title')}</p>
        <p className="bonus-banner__body">{t('bonus.banner.text')}</p>
      </div>
      <CoinArt className="bonus-banner__coin" size={84} />
    </aside>
  );
}
