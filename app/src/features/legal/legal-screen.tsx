import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { BackIcon } from '../../components/icons';
import { appConfig } from '../../lib/config';
import { useGoBack } from '../../lib/navigation';
import { LEGAL_NS, type LegalChromeTexts, type LegalDocTexts } from '../../i18n/legal-texts';
import { hasNativeBackButton } from '../../telegram/back-button';
import { LEGAL_PAGES, legalPageAt, type LegalPage } from './legal-pages';
import { botOf, legalFiguresQueryAtom, legalValues } from './legal-state';
import './legal-screen.css';

// These keys arrive at run time (addTexts): i18next's own key type does not list them.
type LooseT = (key: string, options?: Record<string, unknown>) => unknown;

interface LegalDocumentProps {
  page: LegalPage;
  /** Outside the messenger: links between the pages and languages are plain page loads. */
  standalone?: boolean;
}

/**
 * The terms of use or the privacy policy, in the interface language and the app's own theme,
 * with every figure filled in from the product configuration the server reports.
 */
export function LegalDocument({ page, standalone = false }: LegalDocumentProps) {
  const { t: translate, i18n } = useTranslation();
  const t = translate as unknown as LooseT;
  const figures = useAtomValue(legalFiguresQueryAtom);
  const chrome = t(`${LEGAL_NS}.chrome`, { returnObjects: true }) as LegalChromeTexts;
  const other: LegalPage = page === 'terms' ? 'privacy' : 'terms';
  const lang = i18n.language;

  let body;
  if (figures.data) {
    const bot = botOf(appConfig().miniAppUrl) ?? 'Telegram';
    const doc = t(`${LEGAL_NS}.${page}`, { returnObjects: true, ...legalValues(figures.data, lang, bot) }) as LegalDocTexts;
    body = (
      <>
        <h1 className="legal__title" id="legal-title">
          {doc.title}
        </h1>
        <p className="legal__intro">{doc.intro}</p>
        {doc.sections.map((section) => (
          <section key={section.heading} className="legal__section">
            <h2 className="legal__heading">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </>
    );
  } else if (figures.isError) {
    body = (
      <div className="legal__problem" role="alert">
        <h1 className="legal__title" id="legal-title">
          {chrome[page]}
        </h1>
        <p>{chrome.loadError}</p>
        <button type="button" className="button button--ghost" onClick={() => void figures.refetch()}>
          {chrome.retry}
        </button>
      </div>
    );
  } else {
    body = (
      <>
        <h1 className="legal__title" id="legal-title">
          {chrome[page]}
        </h1>
        <span className="spinner legal__spinner" role="status" aria-label={chrome[page]} />
      </>
    );
  }

  return (
    <article className="legal" data-testid={`screen-${page}`} aria-labelledby="legal-title">
      {standalone ? (
        <nav className="legal__langs" aria-label={chrome.languages}>
          {(['ru', 'en'] as const).map((language) => (
            <a
              key={language}
              href={`${LEGAL_PAGES[page]}?lang=${language}`}
              lang={language}
              hrefLang={language}
              aria-current={language === lang ? 'page' : undefined}
            >
              {language === 'ru' ? 'Русский' : 'English'}
            </a>
          ))}
        </nav>
      ) : null}
      {body}
      <footer className="legal__foot">
        {standalone ? (
          <a href={`${LEGAL_PAGES[other]}?lang=${lang}`}>{chrome[other]}</a>
        ) : (
          <Link to={LEGAL_PAGES[other]}>{chrome[other]}</Link>
        )}
        {standalone && appConfig().miniAppUrl ? <a href={appConfig().miniAppUrl}>{chrome.openApp}</a> : null}
      </footer>
    </article>
  );
}

/** The /terms and /privacy routes inside the app: open from onboarding and the profile. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const goBack = useGoBack(pathname);
  const page = legalPageAt(pathname) ?? 'terms';
  return (
    <div className="legal-page">
      {hasNativeBackButton() ? null : (
        <button type="button" className="icon-button icon-button--page-back" onClick={goBack} aria-label={t('nav.back')}>
          <BackIcon />
        </button>
      )}
      <LegalDocument page={page} />
    </div>
  );
}
