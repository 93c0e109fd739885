import type { Seeds } from '@arcade/api-client/fair';
import type { Round } from '@arcade/api-client/games';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { PrefetchLink } from '../../components/prefetch-link';
import { formatDecimal } from '../../lib/format';
import { roundQueryAtom } from './fairness-state';
import { useFairT, type FairT } from './fairness-texts';
import { RotateButton } from './rotate';
import { roundSeeds, verifyRound, type Outcome } from './verify';
import { RetryNote } from '../../components/retry-note';

function outcomeText(outcome: Outcome | null, ft: FairT, locale: string): string {
  if (!outcome) return '—';
  if (outcome.game === 'flip') return ft('play.fairness.verify.flipOutcome', { side: ft(`play.side.${outcome.side}`) });
  if (outcome.game === 'roll') return ft('play.fairness.verify.rollOutcome', { roll: formatDecimal(outcome.roll, locale, { fixed: 2 }) });
  return outcome.traps.length > 0
    ? ft('play.fairness.verify.roadOutcome', { lanes: outcome.traps.join(', ') })
    : ft('play.fairness.verify.roadNone');
}

function Badge({ ok }: { ok: boolean | null }) {
  const { ft } = useFairT();
  if (ok === null) return null;
  return (
    <span className={`check-badge ${ok ? 'check-badge--ok' : 'check-badge--bad'}`}>
      {ok ? ft('play.fairness.verify.match') : ft('play.fairness.verify.mismatch')}
    </span>
  );
}

/** The seeds typed over the round's own; null fields fall back to the round's. */
interface SeedEdits {
  serverSeed: string | null;
  clientSeed: string | null;
  nonce: string | null;
}

const NO_EDITS: SeedEdits = { serverSeed: null, clientSeed: null, nonce: null };

function RevealedCheck({ round, seeds }: { round: Round; seeds: Seeds }) {
  const { ft, locale } = useFairT();
  const [edits, setEdits] = useState<SeedEdits>(NO_EDITS);
  const serverSeed = edits.serverSeed ?? seeds.serverSeed;
  const clientSeed = edits.clientSeed ?? seeds.clientSeed;
  const nonceText = edits.nonce ?? String(seeds.nonce);
  const nonceOk = /^\d{1,9}$/.test(nonceText.trim());
  const verification = useMemo(
    () => (nonceOk ? verifyRound(round, { serverSeed: serverSeed.trim(), clientSeed, nonce: Number(nonceText.trim()) }) : null),
    [round, serverSeed, clientSeed, nonceText, nonceOk],
  );
  const edited = edits !== NO_EDITS;

  return (
    <>
      <div className="seed-fields">
        <label className="seed-field">
          <span className="seed-field__label">{ft('play.fairness.verify.serverSeed')}</span>
          <textarea
            className="seed-field__input seed-field__input--fair-mono"
            rows={3}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            value={serverSeed}
            data-testid="verify-server-seed"
            onChange={(event) => setEdits({ ...edits, serverSeed: event.target.value.replace(/\s+/g, '') })}
          />
        </label>
        <div className="seed-fields__row">
          <label className="seed-field seed-field--grow">
            <span className="seed-field__label">{ft('play.fairness.verify.clientSeed')}</span>
            <input
              className="seed-field__input seed-field__input--fair-mono"
              spellCheck={false}
              autoCapitalize="off"
              autoCorrect="off"
              value={clientSeed}
              data-testid="verify-client-seed"
              onChange={(event) => setEdits({ ...edits, clientSeed: event.target.value })}
            />
          </label>
          <label className="seed-field seed-field--nonce">
            <span className="seed-field__label">{ft('play.fairness.verify.nonce')}</span>
            <input
              className="seed-field__input seed-field__input--fair-mono"
              inputMode="numeric"
              value={nonceText}
              aria-invalid={nonceOk ? undefined : true}
              data-testid="verify-nonce"
              onChange={(event) => setEdits({ ...edits, nonce: event.target.value })}
            />
          </label>
        </div>
        {nonceOk ? null : (
          <p className="fair-field-error" role="alert">
            {ft('play.fairness.verify.nonceInvalid')}
          </p>
        )}
        {edited ? (
          <button type="button" className="button button--ghost verify-reset" onClick={() => setEdits(NO_EDITS)}>
            {ft('play.fairness.verify.reset')}
          </button>
        ) : null}
      </div>
      {verification ? (
        <>
          <dl className="checks">
            <div className="checks__row">
              <dt>
                {ft('play.fairness.verify.hash')} <Badge ok={verification.hashMatches} />
              </dt>
              <dd className="fair-mono" data-testid="verify-hash">
                {verification.hash}
              </dd>
              <dd className="checks__expected">
                <span>{ft('play.fairness.verify.hashExpected')}</span>
                <span className="fair-mono">{round.fairness.serverSeedHash}</span>
              </dd>
            </div>
            <div className="checks__row">
              <dt>
                {ft('play.fairness.verify.outcome')} <Badge ok={verification.outcomeMatches} />
              </dt>
              <dd data-testid="verify-computed">{outcomeText(verification.computed, ft, locale)}</dd>
              <dd className="checks__expected">
                <span>{ft('play.fairness.verify.recorded')}</span>
                <span data-testid="verify-recorded">{outcomeText(verification.recorded, ft, locale)}</span>
              </dd>
            </div>
          </dl>
          {verification.outcomeMatches === null ? <p className="fair-note">{ft('play.fairness.verify.stillOpen')}</p> : null}
          <p
            className={`verify-verdict ${verification.matches ? 'verify-verdict--ok' : 'verify-verdict--bad'}`}
            role="status"
            data-testid="verify-result"
            data-match={verification.matches}
          >
            {verification.matches ? ft('play.fairness.verify.allMatch') : ft('play.fairness.verify.someMismatch')}
          </p>
        </>
      ) : null}
    </>
  );
}

/** Recomputes one round in the browser from its revealed seeds and says whether it matches. */
export function VerifyCard({ roundId }: { roundId: string }) {
  const { ft } = useFairT();
  const roundAtom = useMemo(() => roundQueryAtom(roundId), [roundId]);
  const query = useAtomValue(roundAtom);
  const round = query.data;
  const seeds = round ? roundSeeds(round) : null;

  return (
    <section className="card fair-card verify-card" aria-labelledby="verify-title" data-testid="verify-card" data-round-id={roundId}>
      <header className="fair-card__head">
        <h2 className="fair-card__title" id="verify-title">
          {ft('play.fairness.verify.title', { id: roundId })}
        </h2>
        <PrefetchLink to="/fairness" replace className="soft-button fair-card__close" data-testid="verify-close">
          {ft('play.fairness.verify.close')}
        </PrefetchLink>
      </header>
      {query.isPending ? (
        <p className="fair-note" aria-busy="true">
          {ft('play.fairness.verify.loading')}
        </p>
      ) : query.isError ? (
        <RetryNote className="fair-note" message={ft('play.errors.generic')} onRetry={query.refetch} />
      ) : !round ? (
        <p className="fair-note" data-testid="verify-not-found">
          {ft('play.fairness.verify.notFound')}
        </p>
      ) : seeds ? (
        <RevealedCheck key={round.id} round={round} seeds={seeds} />
      ) : (
        <div className="verify-hidden" data-testid="verify-not-revealed">
          <p className="fair-note">
            {round.status === 'open' ? ft('play.fairness.verify.stillOpen') : ft('play.fairness.verify.notRevealed')}
          </p>
          <dl className="checks">
            <div className="checks__row">
              <dt>{ft('play.fairness.verify.hashExpected')}</dt>
              <dd className="fair-mono">{round.fairness.serverSeedHash}</dd>
            </div>
          </dl>
          {round.status === 'open' ? (
            <PrefetchLink to="/road" className="button button--primary button--block" data-testid="verify-open-road">
              {ft('play.fairness.current.openRoad')}
            </PrefetchLink>
          ) : (
            <RotateButton label={ft('play.fairness.verify.rotateNow')} testId="verify-rotate" />
          )}
        </div>
      )}
    </section>
  );
}
