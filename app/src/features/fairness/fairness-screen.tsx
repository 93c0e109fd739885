import { ClientSeed, type RevealedPair, type SeedsInfo } from '@arcade/api-client/games';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { PrefetchLink } from '../../components/prefetch-link';
import { Screen } from '../../components/screen';
import { toast } from '../../lib/toast';
import { useValidatedSearch } from '../../lib/validated-search';
import { apiAtom } from '../../state/session';
import { seedsQueryAtom } from '../../state/seeds';
import { recentRoundsQueryAtom } from './fairness-state';
import { FairnessSearch } from './fairness-search';
import { useFairT } from './fairness-texts';
import { allRevealedPairs, downloadJson, exportDocument } from './revealed-export';
import { RotateNotice, useRotate } from './rotate';
import { VerifyCard } from './verify-card';
import { BusyButton } from '../../components/busy-button';
import { RetryNote } from '../../components/retry-note';
import './fairness.css';

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function SeedsForm({ seeds }: { seeds: SeedsInfo }) {
  const { ft } = useFairT();
  const { rotate, pending, error, clearError } = useRotate();
  // null shows the seed in use; a typed one is saved by rotating with it.
  const [typed, setTyped] = useState<string | null>(null);
  const clientSeed = typed ?? seeds.clientSeed;
  const valid = ClientSeed.allows(clientSeed);
  const changed = typed !== null && clientSeed !== seeds.clientSeed;

  const save = async () => {
    if (!valid || !changed) return;
    if (await rotate(clientSeed)) setTyped(null);
  };

  return (
    <section className="card fair-card" aria-labelledby="seeds-title" data-testid="seeds-card">
      <h2 className="fair-card__title" id="seeds-title">
        {ft('play.fairness.current.title')}
      </h2>
      <dl className="seed-facts">
        <div className="seed-facts__row">
          <dt>{ft('play.fairness.current.serverHash')}</dt>
          <dd className="fair-mono" data-testid="seeds-server-hash">
            {seeds.serverSeedHash}
          </dd>
        </div>
        <div className="seed-facts__row">
          <dt>{ft('play.fairness.current.nextHash')}</dt>
          <dd className="fair-mono" data-testid="seeds-next-hash">
            {seeds.nextServerSeedHash}
          </dd>
        </div>
        <div className="seed-facts__row seed-facts__row--inline">
          <dt>{ft('play.fairness.current.nonce')}</dt>
          <dd data-testid="seeds-nonce">{seeds.nonce}</dd>
        </div>
      </dl>
      <div className="seed-field">
        <label className="seed-field__label" htmlFor="client-seed">
          {ft('play.fairness.current.clientSeed')}
        </label>
        <div className="seed-field__row">
          <input
            id="client-seed"
            className={`seed-field__input seed-field__input--fair-mono${valid ? '' : ' is-invalid'}`}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            autoComplete="off"
            maxLength={64}
            value={clientSeed}
            disabled={pending}
            aria-invalid={valid ? undefined : true}
            aria-describedby="client-seed-hint"
            data-testid="client-seed"
            onChange={(event) => {
              setTyped(event.target.value.trim());
              clearError();
            }}
          />
          <button
            type="button"
            className="button button--ghost seed-field__save"
            disabled={pending || !valid || !changed}
            data-testid="client-seed-save"
            onClick={() => void save()}
          >
            {ft('play.fairness.current.save')}
          </button>
        </div>
        <p className={valid ? 'seed-field__hint' : 'fair-field-error'} id="client-seed-hint">
          {valid ? ft('play.fairness.current.clientSeedHint') : ft('play.fairness.current.clientSeedInvalid')}
        </p>
      </div>
      {error ? <RotateNotice error={error} /> : null}
      <BusyButton
        className="button button--primary button--block"
        busy={pending}
        testId="seeds-rotate"
        onClick={() => {
          setTyped(null);
          void rotate(null);
        }}
      >
        {pending ? ft('play.fairness.current.rotating') : ft('play.fairness.current.rotate')}
      </BusyButton>
      <p className="seed-field__hint">{ft('play.fairness.current.rotateHint')}</p>
    </section>
  );
}

function SeedsCard() {
  const { ft } = useFairT();
  const query = useAtomValue(seedsQueryAtom);
  if (query.data) return <SeedsForm seeds={query.data} />;
  return (
    <section className="card fair-card" aria-busy={!query.isError}>
      <h2 className="fair-card__title">{ft('play.fairness.current.title')}</h2>
      {query.isError ? (
        <RetryNote className="fair-note" message={ft('play.fairness.current.loadError')} onRetry={query.refetch} />
      ) : (
        <>
          <span className="fair-skeleton" />
          <span className="fair-skeleton" />
        </>
      )}
    </section>
  );
}

function RevealedItem({ pair }: { pair: RevealedPair }) {
  const { ft, locale } = useFairT();
  return (
    <li className="revealed-item" data-testid="revealed-seed" data-id={pair.id}>
      <div className="revealed-item__head">
        <span>{ft('play.fairness.revealed.rotatedAt', { date: formatDate(pair.rotatedAt, locale) })}</span>
        <span>{ft('play.fairness.revealed.bets', { count: pair.bets })}</span>
      </div>
      <dl className="seed-facts">
        <div className="seed-facts__row">
          <dt>{ft('play.fairness.revealed.serverSeed')}</dt>
          <dd className="fair-mono">{pair.serverSeed}</dd>
        </div>
        <div className="seed-facts__row">
          <dt>{ft('play.fairness.revealed.serverHash')}</dt>
          <dd className="fair-mono">{pair.serverSeedHash}</dd>
        </div>
        <div className="seed-facts__row">
          <dt>{ft('play.fairness.revealed.clientSeed')}</dt>
          <dd className="fair-mono">{pair.clientSeed}</dd>
        </div>
      </dl>
    </li>
  );
}

/** Revealed pairs per "Show more". */
const REVEALED_PAGE = 20;

/**
 * The revealed pairs: the newest with the seeds, older ones page by page (no end but the
 * player's first pair), and all of them as a JSON file.
 */
function RevealedList({ seeds }: { seeds: SeedsInfo }) {
  const { ft } = useFairT();
  const api = useAtomValue(apiAtom);
  const [older, setOlder] = useState<RevealedPair[]>([]);
  const [next, setNext] = useState<string | null>(seeds.revealedNext);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [failed, setFailed] = useState(false);
  const shown = [...seeds.revealed, ...older];

  const more = async () => {
    if (!api || !next || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await api.fairness.revealed({ before: next, limit: REVEALED_PAGE });
      setOlder((pairs) => [...pairs, ...page.items]);
      setNext(page.next);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const exportAll = async () => {
    if (!api || exporting) return;
    setExporting(true);
    try {
      const pairs = await allRevealedPairs(api);
      const now = new Date();
      downloadJson(exportDocument(pairs, now), `revealed-seeds-${now.toISOString().slice(0, 10)}.json`);
      toast.success(ft('play.fairness.revealed.exported', { count: pairs.length }), { toastId: 'seeds-exported' });
    } catch {
      toast.error(ft('play.fairness.revealed.exportError'), { toastId: 'seeds-export-failed' });
    } finally {
      setExporting(false);
    }
  };

  if (shown.length === 0) return <p className="fair-empty">{ft('play.fairness.revealed.empty')}</p>;
  return (
    <>
      <ul className="stack-list revealed-list">
        {shown.map((pair) => (
          <RevealedItem key={pair.id} pair={pair} />
        ))}
      </ul>
      {failed ? (
        <p className="fair-field-error" role="alert">
          {ft('play.fairness.revealed.moreError')}
        </p>
      ) : null}
      <div className="revealed-actions">
        {next ? (
          <BusyButton className="button button--ghost button--block" busy={loading} testId="revealed-more" onClick={() => void more()}>
            {loading ? ft('play.fairness.revealed.loadingMore') : ft('play.fairness.revealed.more')}
          </BusyButton>
        ) : null}
        <BusyButton
          className="button button--ghost button--block"
          busy={exporting}
          testId="revealed-export"
          onClick={() => void exportAll()}
        >
          {exporting ? ft('play.fairness.revealed.exporting') : ft('play.fairness.revealed.export')}
        </BusyButton>
      </div>
    </>
  );
}

function RevealedSeeds() {
  const { ft } = useFairT();
  const query = useAtomValue(seedsQueryAtom);
  if (!query.data) return null;
  return (
    <section className="fair-section" aria-labelledby="revealed-title" data-testid="revealed-seeds">
      <h2 className="section-title" id="revealed-title">
        {ft('play.fairness.revealed.title')}
      </h2>
      {/* A rotation starts the list again from the newest pair. */}
      <RevealedList key={query.data.revealed[0]?.id ?? 'none'} seeds={query.data} />
    </section>
  );
}

function RoundsToVerify({ current }: { current: string | undefined }) {
  const { ft } = useFairT();
  const query = useAtomValue(recentRoundsQueryAtom);
  const items = query.data?.items ?? [];
  if (!query.data) return null;
  return (
    <section className="fair-section" aria-labelledby="recent-title" data-testid="fair-rounds">
      <h2 className="section-title" id="recent-title">
        {ft('play.fairness.recent.title')}
      </h2>
      {items.length === 0 ? (
        <p className="fair-empty">{ft('play.fairness.recent.empty')}</p>
      ) : (
        <ul className="stack-list fair-rounds">
          {items.map((round) => (
            <li key={round.id}>
              <PrefetchLink
                to={`/fairness?round=${round.id}`}
                replace
                className={`fair-round${round.id === current ? ' is-current' : ''}`}
                aria-current={round.id === current ? 'true' : undefined}
                data-testid="fair-round"
              >
                <span className="fair-round__game">{ft(`play.screens.${round.game}.title`)}</span>
                <span className="fair-round__id">#{round.id}</span>
                <span className="fair-round__status">{ft(`play.rounds.status.${round.status}`)}</span>
                <span className="soft-button soft-button--small fair-round__verify">{ft('play.rounds.verify')}</span>
              </PrefetchLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The rules in one paragraph, folded until asked for. */
function HowItWorks() {
  const { ft } = useFairT();
  const [open, setOpen] = useState(false);
  return (
    <section className="card fair-how">
      <button type="button" className="fair-how__toggle" aria-expanded={open} aria-controls="fair-how-text" onClick={() => setOpen(!open)}>
        <span>{ft('play.fairness.how.title')}</span>
        <span className="fair-how__chevron" aria-hidden="true">
          {open ? '−' : '+'}
        </span>
      </button>
      {open ? (
        <p className="fair-how__text" id="fair-how-text">
          {ft('play.fairness.how.text')}
        </p>
      ) : null}
    </section>
  );
}

export function Component() {
  const { ft } = useFairT();
  const { round } = useValidatedSearch(FairnessSearch);
  return (
    <Screen name="fairness" title={ft('play.fairness.title')} description={ft('play.fairness.description')}>
      {round ? <VerifyCard key={round} roundId={round} /> : null}
      <SeedsCard />
      <RoundsToVerify current={round} />
      <RevealedSeeds />
      <HowItWorks />
    </Screen>
  );
}
