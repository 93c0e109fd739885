import { ApiError } from '@arcade/api-client/errors';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { WarningIcon } from '../../components/icons';
import { PrefetchLink } from '../../components/prefetch-link';
import { rotateSeedsAtom } from './fairness-state';
import { useFairT, type FairT } from './fairness-texts';
import { BusyButton } from '../../components/busy-button';

export interface RotateError {
  text: string;
  /** Refused because a road round is open: offer the way to it. */
  road: boolean;
}

export function explainRotateError(error: unknown, ft: FairT): RotateError {
  if (ApiError.is(error, 'failure') && error.code === 'fairness.road-open') {
    return { text: ft('play.refusal.fairnessRoadOpen'), road: true };
  }
  if (!ApiError.is(error, 'failure')) console.error('[fairness] rotation failed', error);
  return { text: ApiError.is(error, 'failure') && error.message ? error.message : ft('play.errors.generic'), road: false };
}

/** Rotates the seed pair once per press (a second press while one is in flight does nothing). */
export function useRotate() {
  const { ft } = useFairT();
  const { mutateAsync, isPending } = useAtomValue(rotateSeedsAtom);
  const [error, setError] = useState<RotateError | null>(null);
  const busy = useRef(false);

  const rotate = async (clientSeed: string | null): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setError(null);
    try {
      await mutateAsync(clientSeed);
      toast.success(ft(clientSeed === null ? 'play.fairness.current.rotated' : 'play.fairness.current.saved'), {
        toastId: 'seeds-rotated',
      });
      return true;
    } catch (failure) {
      setError(explainRotateError(failure, ft));
      return false;
    } finally {
      busy.current = false;
    }
  };

  return { rotate, pending: isPending, error, clearError: () => setError(null) };
}

export function RotateNotice({ error }: { error: RotateError }) {
  const { ft } = useFairT();
  return (
    <div className="notice fair-notice" role="alert" data-testid="rotate-error">
      <WarningIcon className="notice__icon" />
      <p>
        {error.text}
        {error.road ? (
          <>
            {' '}
            <PrefetchLink to="/road" className="text-link">
              {ft('play.fairness.current.openRoad')}
            </PrefetchLink>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** "Rotate seeds": reveals the server seed in use and starts the next pair. */
export function RotateButton({ label, testId, block = true }: { label: string; testId: string; block?: boolean }) {
  const { ft } = useFairT();
  const { rotate, pending, error } = useRotate();
  return (
    <>
      <BusyButton
        className={`button button--primary${block ? ' button--block' : ''}`}
        busy={pending}
        testId={testId}
        onClick={() => void rotate(null)}
      >
        {pending ? ft('play.fairness.current.rotating') : label}
      </BusyButton>
      {error ? <RotateNotice error={error} /> : null}
    </>
  );
}
