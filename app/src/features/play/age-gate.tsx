import { useAtomValue } from 'jotai';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePlayT } from '../../i18n/play-texts';
import { toast } from '../../lib/toast';
import { DialogActions, PlayDialog } from './play-dialog';
import { confirmAgeAtom, playStateQueryAtom } from './play-state';
import { PlaySection } from './play-section';
import './play.css';

/** The box and the button of the 18+ question; the answer goes to the server. */
function AgeAnswer({ onLeave }: { onLeave?: () => void }) {
  const { rt } = usePlayT();
  const confirming = useAtomValue(confirmAgeAtom);
  const [checked, setChecked] = useState(false);
  const id = useId();
  const busy = confirming.isPending;
  const confirm = () =>
    confirming.mutate(undefined, {
      onError: (error) => {
        console.error('[play] age confirmation failed', error);
        toast.error(rt('responsible.failed'), { toastId: 'play:age-failed' });
      },
    });
  return (
    <>
      <label className="play-check" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} onChange={(event) => setChecked(event.target.checked)} data-testid="age-check" />
        <span>{rt('responsible.age.check')}</span>
      </label>
      <DialogActions
        onCancel={onLeave}
        cancelLabel={rt('responsible.age.leave')}
        cancelTestId="age-leave"
        confirmLabel={rt('responsible.age.confirm')}
        onConfirm={confirm}
        busy={busy}
        confirmDisabled={!checked}
        confirmTestId="age-confirm"
      />
    </>
  );
}

/** The 18+ question as a card (the responsible play screen, for a player who has not answered). */
export function AgeQuestion() {
  const { rt } = usePlayT();
  return (
    <PlaySection name="age" title={rt('responsible.age.title')} text={rt('responsible.age.text')}>
      <AgeAnswer />
    </PlaySection>
  );
}

/**
 * The game screens ask a player who never said they are 18 or older (an old account, or one who
 * skipped the onboarding) before the first bet; the server refuses their bets until then.
 */
export function AgeGate({ children }: { children: ReactNode }) {
  const { rt } = usePlayT();
  const navigate = useNavigate();
  const query = useAtomValue(playStateQueryAtom);
  const ask = query.data !== undefined && query.data.ageConfirmedAt === null;
  return (
    <>
      {children}
      {ask ? (
        <PlayDialog
          title={rt('responsible.age.title')}
          testId="age-gate"
          footer={<AgeAnswer onLeave={() => void navigate('/bonus', { replace: true })} />}
        >
          <p className="play-dialog__text">{rt('responsible.age.text')}</p>
        </PlayDialog>
      ) : null}
    </>
  );
}
