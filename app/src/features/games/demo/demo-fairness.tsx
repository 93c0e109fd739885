import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { demoModeAtom, demoStateQueryAtom } from '../../../state/demo';
import { roundSummary } from '../recent-rounds';
import { useGamesT } from '../games-texts';
import { asScreenRound, demoRotateAtom, demoRoundsQueryAtom } from './demo-state';
import { useDemoT, type DemoT } from './demo-texts';
import { checkDemoRound } from './demo-verify';
import { BusyButton } from '../../../components/busy-button';
import './demo.css';

/**
 * Demo play's own fairness panel: the demo pair's commitment before play, a rotation that reveals
 * it, and each of the last demo rounds checked in the browser with the fairness screen's own
 * check (the same fair functions the server decided with).
 */
export function DemoFairness() {
  const on = useAtomValue(demoModeAtom);
  if (!on) return null;
  return <DemoFairnessPanel />;
}

function DemoFairnessPanel() {
  const { dt } = useDemoT();
  const { gt, locale } = useGamesT();
  const state = useAtomValue(demoStateQueryAtom).data;
  const rounds = useAtomValue(demoRoundsQueryAtom).data ?? [];
  const { mutate: rotate, isPending } = useAtomValue(demoRotateAtom);
  const [open, setOpen] = useState<string | null>(null);
  const seeds = state?.seeds;

  return (
    <section className="card demo-fair" data-testid="demo-fairness" aria-labelledby="demo-fair-title">
      <h2 className="demo-fair__title" id="demo-fair-title">
        {dt('demo.fair.title')}
      </h2>
      <p className="demo-fair__note">{dt('demo.fair.text')}</p>
      {seeds ? (
        <dl className="demo-checks">
          <div className="demo-checks__row">
            <dt>{dt('demo.fair.hash')}</dt>
            <dd className="demo-mono" data-testid="demo-seed-hash">
              {seeds.serverSeedHash}
            </dd>
          </div>
          <div className="demo-checks__row">
            <dt>{dt('demo.fair.client')}</dt>
            <dd className="demo-mono">{seeds.clientSeed}</dd>
          </div>
          <div className="demo-checks__row">
            <dt>{dt('demo.fair.nonce')}</dt>
            <dd data-testid="demo-nonce">{seeds.nonce}</dd>
          </div>
        </dl>
      ) : null}
      <BusyButton
        className="button button--ghost button--block"
        disabled={!seeds}
        busy={isPending}
        testId="demo-rotate"
        onClick={() => rotate(undefined, { onSuccess: () => toast.success(dt('demo.fair.rotated'), { toastId: 'demo-rotate' }) })}
      >
        {dt('demo.fair.rotate')}
      </BusyButton>
      <h3 className="demo-fair__rounds">{dt('demo.fair.rounds')}</h3>
      {rounds.length === 0 ? <p className="demo-fair__note">{dt('demo.fair.none')}</p> : null}
      <ul className="demo-fair__list">
        {rounds.map((demoRound) => {
          const round = asScreenRound(demoRound);
          const shown = open === round.id;
          const check = shown ? checkDemoRound(round) : null;
          return (
            <li key={round.id} className="demo-fair__item" data-testid="demo-round" data-round-id={round.id}>
              <div className="demo-fair__line">
                <span>{dt('demo.fair.round', { id: round.id, summary: roundSummary(round, gt, locale) })}</span>
                <button
                  type="button"
                  className="chip"
                  aria-expanded={shown}
                  data-testid="demo-verify"
                  onClick={() => setOpen(shown ? null : round.id)}
                >
                  {shown ? dt('demo.fair.hide') : dt('demo.fair.verify')}
                </button>
              </div>
              {shown ? (
                check ? (
                  <CheckView check={check} dt={dt} serverSeed={round.fairness.serverSeed ?? ''} nonce={round.fairness.nonce} />
                ) : (
                  <p className="demo-fair__note" data-testid="demo-not-revealed">
                    {dt('demo.fair.hidden')}
                  </p>
                )
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CheckView({
  check,
  dt,
  serverSeed,
  nonce,
}: {
  check: NonNullable<ReturnType<typeof checkDemoRound>>;
  dt: DemoT;
  serverSeed: string;
  nonce: number;
}) {
  return (
    <dl className="demo-checks demo-fair__check" data-testid="demo-check" data-match={check.matches}>
      <div className="demo-checks__row">
        <dt>{dt('demo.fair.serverSeed')}</dt>
        <dd className="demo-mono">{serverSeed}</dd>
      </div>
      <div className="demo-checks__row">
        <dt>{dt('demo.fair.nonceUsed')}</dt>
        <dd>{nonce}</dd>
      </div>
      <div className="demo-checks__row">
        <dt>{dt('demo.fair.hashCheck')}</dt>
        <dd>{check.hashMatches ? dt('demo.fair.yes') : dt('demo.fair.no')}</dd>
      </div>
      <div className="demo-checks__row">
        <dt>{dt('demo.fair.computed')}</dt>
        <dd data-testid="demo-computed">{check.computed}</dd>
      </div>
      <div className="demo-checks__row">
        <dt>{dt('demo.fair.recorded')}</dt>
        <dd data-testid="demo-recorded">{check.recorded}</dd>
      </div>
      <p className={`demo-verdict ${check.matches ? 'demo-verdict--ok' : 'demo-verdict--bad'}`} role="status" data-testid="demo-verdict">
        {check.matches ? dt('demo.fair.match') : dt('demo.fair.mismatch')}
      </p>
    </dl>
  );
}
