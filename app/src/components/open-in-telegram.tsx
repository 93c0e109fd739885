import { useTranslation } from 'react-i18next';
import { TelegramIcon } from './icons';
import { StatusScreen } from './status-screen';

/** Shown when the page has no launch data and no development launch is offered. */
export function OpenInTelegram() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      testId="open-in-telegram"
      icon={<TelegramIcon />}
      title={t('unsupported.title')}
      description={<p>{t('unsupported.description')}</p>}
    />
  );
}
