import { usePlayerTexts } from '../i18n/bonus-texts';
import { RetryNote } from './retry-note';
import './load-states.css';

/** While a bonus-side call is on its way. */
export function LoadingCard({ testId }: { testId?: string }) {
  const { t } = usePlayerTexts();
  return (
    <div className="card load-state" data-testid={testId} aria-busy="true">
      <span className="spinner" role="status" aria-label={t('splash.progress')} />
    </div>
  );
}

/** A bonus-side call failed: say so and offer to try again. */
export function LoadProblem({ onRetry, testId }: { onRetry: () => void; testId?: string }) {
  const { pt } = usePlayerTexts();
  return (
    <RetryNote className="card load-state load-state--error" message={pt('player.loadError')} onRetry={onRetry} alert testId={testId} />
  );
}
