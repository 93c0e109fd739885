import { useTranslation } from 'react-i18next';
import { SearchIcon } from './icons';
import { PrefetchLink } from './prefetch-link';
import { StatusScreen } from './status-screen';

/** Spec section 2: the default not-found view says 'Not Found'. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div data-testid="screen-not-found">
      <StatusScreen testId="not-found" icon={<SearchIcon />} title={t('notFound.title')} description={<p>{t('notFound.description')}</p>}>
        <PrefetchLink to="/bonus" className="button button--primary button--block" prefetch="render">
          {t('notFound.home')}
        </PrefetchLink>
      </StatusScreen>
    </div>
  );
}
