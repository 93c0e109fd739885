import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePlayT } from '../../i18n/play-texts';
import { formatTon } from '../../lib/format';
import { DialogActions, PlayDialog } from './play-dialog';
import { formatPlayed, nextRealityCheckAt } from './play-logic';
import { playStateQueryAtom } from './play-state';

interface Shown {
  /** When the check came due (time played is measured to it). */
  at: number;
  net: string;
  wagered: string;
}

/**
 * The reality check: with an interval set, every that many minutes of the session (from the
 * server's session start, while the app is open on any screen) a dialog says how long the player
 * has played and the session's result, and offers to go on or to stop (back to the bonus screen).
 */
export function RealityCheck() {
  const { rt, locale } = usePlayT();
  const navigate = useNavigate();
  const query = useAtomValue(playStateQueryAtom);
  const [shown, setShown] = useState<Shown | null>(null);
  // From the session's start: a check that fell due before this code loaded shows at once.
  const [after, setAfter] = useState(0);

  const minutes = query.data?.realityCheckMinutes ?? null;
  const startedAt = query.data ? Date.parse(query.data.session.startedAt) : Number.NaN;
  const { refetch } = query;

  useEffect(() => {
    if (minutes === null || shown !== null || Number.isNaN(startedAt)) return;
    const due = nextRealityCheckAt(startedAt, minutes, after);
    const timer = window.setTimeout(
      () => {
        // The session's numbers as they are now, not as they were when the screen opened.
        void refetch().then(({ data }) => setShown({ at: due, net: data?.session.net ?? '0', wagered: data?.session.wagered ?? '0' }));
      },
      Math.max(0, due - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [minutes, startedAt, after, shown, refetch]);

  if (shown === null) return null;
  const close = () => {
    setAfter(Math.max(shown.at, Date.now()));
    setShown(null);
  };
  return (
    <PlayDialog
      title={rt('responsible.check.title')}
      onClose={close}
      testId="reality-check"
      footer={
        <DialogActions
          onCancel={() => {
            close();
            void navigate('/bonus');
          }}
          cancelLabel={rt('responsible.check.stop')}
          cancelTestId="reality-stop"
          confirmLabel={rt('responsible.check.continue')}
          onConfirm={close}
          confirmTestId="reality-continue"
        />
      }
    >
      <p className="play-dialog__text" data-testid="reality-played">
        {rt('responsible.check.played', { duration: formatPlayed(shown.at - startedAt, locale) })}
      </p>
      <dl className="play-facts">
        <div className="play-facts__row">
          <dt>{rt('responsible.check.wagered')}</dt>
          <dd>{formatTon(shown.wagered, locale)} TON</dd>
        </div>
        <div className="play-facts__row">
          <dt>{rt('responsible.check.net')}</dt>
          <dd data-testid="reality-net">{formatTon(shown.net, locale, { signed: true })} TON</dd>
        </div>
      </dl>
    </PlayDialog>
  );
}
