import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { errorMessage, reloadDecision } from '../lib/chunk-reload';
import { WarningIcon } from './icons';
import { StatusScreen } from './status-screen';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    return `${error.status} ${error.statusText}${typeof data === 'string' && data ? `\n${data}` : ''}`;
  }
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return errorMessage(error);
}

/** Spec section 2: 'Something went wrong!' with a Show Error / Hide Error toggle. */
function ErrorContent({ inline }: { inline: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  // A chunk of another build is missing: reload once per message; the second time, show the error.
  const reload = reloadDecision(error, window.sessionStorage);

  useEffect(() => {
    if (reload) window.location.reload();
    else console.error('[router]', error);
  }, [reload, error]);

  if (reload) return null;

  return (
    <StatusScreen testId="route-error" tone="error" icon={<WarningIcon />} title={t('routeError.title')} inline={inline}>
      <button
        type="button"
        className="button button--ghost button--block"
        aria-expanded={shown}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? t('routeError.hide') : t('routeError.show')}
      </button>
      {shown ? <pre className="status-screen__details">{describe(error)}</pre> : null}
      <button type="button" className="button button--primary button--block" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </StatusScreen>
  );
}

/** The root route's error view (replaces everything). */
export function RouteErrorView() {
  return <ErrorContent inline={false} />;
}

/** A screen's error view inside the main layout (the top bar and navigation stay). */
export function ScreenErrorView() {
  return <ErrorContent inline />;
}
