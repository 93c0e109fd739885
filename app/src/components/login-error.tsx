import { useTranslation } from 'react-i18next';
import { WarningIcon } from './icons';
import { StatusScreen } from './status-screen';

interface LoginErrorProps {
  /** What failed, in the client's words (e.g. "Network request failed"). */
  message: string;
  /** The server's own message, when it sent one. */
  serverMessage: string | null;
  onRetry: () => void;
}

/** A failed login: what happened, the server's message if any, and a Retry that logs in again. */
const MAX_DETAIL = 240;

export function LoginError({ message, serverMessage, onRetry }: LoginErrorProps) {
  const { t } = useTranslation();
  const detail = message.length > MAX_DETAIL ? `${message.slice(0, MAX_DETAIL)}…` : message;
  return (
    <StatusScreen
      testId="login-error"
      tone="error"
      icon={<WarningIcon />}
      title={t('loginError.title')}
      description={
        <>
          <p>{t('loginError.description')}</p>
          {serverMessage ? (
            <p className="status-screen__note">{t('loginError.serverMessage', { message: serverMessage })}</p>
          ) : (
            <p className="status-screen__note">{detail}</p>
          )}
        </>
      }
    >
      <button type="button" className="button button--primary button--block" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </StatusScreen>
  );
}
