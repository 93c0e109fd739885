import { formatMultiplier, formatTon } from '../../lib/format';
import type { Difficulty, GamesConfig, Round } from '@arcade/api-client/games';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { RoadHandle } from '@arcade/game-engine/react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { BetError } from './bet-errors';
import { BetNotice, BetOutcome, announceRound } from './bet-result';
import { Choices, ConfigProblem, PlayButton } from './game-parts';
import { FairnessRow, GameScreen } from './game-screen';
import { GameStage, useEngineHandle } from './game-stage';
import {
  difficultyAtom,
  gamesConfigQueryAtom,
  refreshRoadAtom,
  roadCashoutAtom,
  roadCurrentQueryAtom,
  roadStartAtom,
  roadStepAtom,
} from './games-state';
import { useGamesT } from './games-texts';
import { RecentRounds } from './recent-rounds';
import { capLane, typedNano, DIFFICULTIES, ladderNumbers, ladderWindow, roadQuote, trapSlots } from './road-plan';
import { useRememberedSettings } from './game-settings';
import type { Pace } from './pace';
import { closingWhileRoadOpen } from '../../telegram/closing-confirmation';
import { StakePanel, useStake } from './stake-panel';
import { useBetFlow } from './use-bet-flow';
import { haptics } from '../../telegram/haptics';
import './games.css';
import './road-screen.css';

/** Puts the engine's hero where the server says the round stands, if it is not there already. */
function placeHero(handle: RoadHandle, config: GamesConfig, round: Round, passed: number): void {
  if (!round.road) return;
  const { state } = handle;
  const open = state.status === 'ready' || state.status === 'walking';
  if (open && state.lanes === round.road.lanes && state.position === passed - 1) return;
  handle.setup({ lanes: round.road.lanes, multipliers: ladderNumbers(config, round.road.difficulty), passed });
}

/** Refusals that mean the open round changed elsewhere (another device, a double tap). */
const STALE_ROUND = new Set(['game.road.open', 'game.road.not-open', 'game.road.lane', 'game.road.nothing-to-cash']);

interface LadderProps {
  ladder: readonly string[];
  passed: number;
  inRound: boolean;
  /** The lane where this stake reaches the maximum payout (the round ends there), if before the top. */
  cap: number | null;
  maxPayout: string;
}

function Ladder({ ladder, passed, inRound, cap, maxPayout }: LadderProps) {
  const { gt, locale } = useGamesT();
  // Lanes past the cap are never walked: the server cashes out on the cap's lane.
  const lanes = cap === null ? ladder.length : cap + 1;
  const shown = ladderWindow(lanes, inRound ? passed : 0);
  return (
    <>
      <ol className="road-ladder" aria-label={gt('play.road.ladder')} data-testid="road-ladder" data-lanes={lanes}>
        {shown.map((index, order) => {
          const state = !inRound ? '' : index < passed ? ' is-passed' : index === passed ? ' is-next' : '';
          const gap = order > 0 && index !== (shown[order - 1] ?? index) + 1;
          const capped = index === cap;
          return (
            <li
              key={index}
              className={`road-ladder__step${state}${gap ? ' is-after-gap' : ''}${capped ? ' is-cap' : ''}`}
              data-testid={capped ? 'road-ladder-cap' : undefined}
            >
              <span className="road-ladder__lane">{gt('play.road.lane', { lane: index + 1 })}</span>
              <span className="road-ladder__value">
                {capped ? `${formatTon(maxPayout, locale)} TON` : `${formatMultiplier(ladder[index] ?? '', locale)}×`}
              </span>
            </li>
          );
        })}
      </ol>
      {cap !== null ? (
        <p className="road-cap" data-testid="road-cap-note">
          {gt('play.road.capEnd', { lane: cap + 1, amount: formatTon(maxPayout, locale) })}
        </p>
      ) : null}
    </>
  );
}

export function Component() {
  const { gt, locale } = useGamesT();
  const configQuery = useAtomValue(gamesConfigQueryAtom);
  const config = configQuery.data ?? null;
  const roadQuery = useAtomValue(roadCurrentQueryAtom);
  const open = roadQuery.data ?? null;
  const refreshRoad = useSetAtom(refreshRoadAtom);
  const [difficulty, setDifficulty] = useAtom(difficultyAtom);
  const stake = useStake(config);
  const engine = useEngineHandle<'road'>();
  const flow = useBetFlow('road');
  const { mutateAsync: start } = useAtomValue(roadStartAtom);
  const { mutateAsync: step } = useAtomValue(roadStepAtom);
  const { mutateAsync: cashOut } = useAtomValue(roadCashoutAtom);
  const [finished, setFinished] = useState<Round | null>(null);
  const [startedHere, setStartedHere] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  // Which in-round button was pressed, for its spinner.
  const [pressed, setPressed] = useState<'go' | 'cash'>('go');
  // What the engine shows now: an open round, the last finished one, or the chosen difficulty's empty road.
  const shown = useRef<string | null>(null);
  const [pace, setPace] = useState<Pace>('normal');
  useRememberedSettings('road', { stake: stake.input, currency: stake.currency, difficulty, pace }, (saved) => {
    if (saved.pace) setPace(saved.pace);
    if (saved.stake !== undefined) stake.setInput(saved.stake);
    if (saved.currency) stake.setCurrency(saved.currency);
    if (saved.difficulty) setDifficulty(saved.difficulty);
  });
  // Closing the app mid-round asks first, from any screen, until the round ends (it stays open on
  // the server either way; every road bet's reply keeps this up to date too).
  const roundOpen = open?.status === 'open';
  useEffect(() => closingWhileRoadOpen(roundOpen), [roundOpen]);

  const wanted = open ? `round:${open.id}` : finished ? `round:${finished.id}` : `preview:${difficulty}`;
  const syncEngine = useEffectEvent(() => {
    const handle = engine.live();
    if (!handle || !config || flow.busy || shown.current === wanted) return;
    try {
      if (open?.road) placeHero(handle, config, open, open.road.passed);
      else if (!finished) handle.setup({ lanes: config.road[difficulty].lanes, multipliers: ladderNumbers(config, difficulty) });
      shown.current = wanted;
    } catch (error) {
      console.warn('[games] road setup failed', error);
    }
  });
  useEffect(() => {
    syncEngine();
  }, [engine.handle, wanted, config]);

  const onRefusal = (error: BetError) => {
    if (STALE_ROUND.has(error.code)) void refreshRoad();
  };

  const begin = async () => {
    setSubmitted(true);
    if (!config || !stake.check?.ok || flow.busy || open) return;
    const request = { stake: fromNano(stake.check.nano), currency: stake.currency, difficulty };
    setFinished(null);
    engine.bringIntoView();
    await flow.run({
      fingerprint: `road-start|${request.stake}|${request.currency}|${request.difficulty}`,
      currency: request.currency,
      call: async (idempotencyKey) => {
        const reply = await start({ ...request, idempotencyKey });
        // Known before the round shows up as open, so it is never taken for a resumed one.
        setStartedHere(reply.round.id);
        return reply;
      },
      settleFirst: true,
      show: ({ round }) => {
        const handle = engine.live();
        if (handle && round.road) {
          handle.setup({ lanes: round.road.lanes, multipliers: ladderNumbers(config, round.road.difficulty), passed: round.road.passed });
          shown.current = `round:${round.id}`;
        }
        return Promise.resolve();
      },
      done: () => setSubmitted(false),
      onError: onRefusal,
    });
  };

  const advance = async () => {
    if (!config || !open?.road || flow.busy) return;
    const roundId = open.id;
    const before = open.road.passed;
    const lane = before + 1;
    setPressed('go');
    engine.bringIntoView();
    await flow.run({
      fingerprint: `road-step|${roundId}|${lane}`,
      currency: open.currency,
      placesBet: false,
      call: (idempotencyKey) => step({ roundId, lane, idempotencyKey }),
      show: async ({ round }) => {
        const handle = engine.live();
        if (!handle || !round.road) return;
        // A lane already crossed (a repeated press) answers the round as it was: nothing moves.
        if (round.status === 'open' && round.road.passed < lane) return;
        placeHero(handle, config, round, before);
        shown.current = `round:${round.id}`;
        if (round.status === 'lost') {
          await handle.step(lane - 1, 'trap');
          await handle.reveal(trapSlots(round));
          return;
        }
        await handle.step(lane - 1, 'safe');
        if (round.status === 'cashed') {
          await handle.cashOut();
          await handle.reveal(trapSlots(round));
        }
      },
      done: ({ round }) => {
        if (round.status === 'open') return;
        setFinished(round);
        announceRound(round, gt, locale);
      },
      onError: onRefusal,
    });
  };

  const takeWin = async () => {
    if (!config || !open?.road || flow.busy || open.road.passed < 1) return;
    const roundId = open.id;
    const passed = open.road.passed;
    setPressed('cash');
    await flow.run({
      fingerprint: `road-cashout|${roundId}`,
      currency: open.currency,
      placesBet: false,
      call: (idempotencyKey) => cashOut({ roundId, idempotencyKey }),
      show: async (reply) => {
        const handle = engine.live();
        if (!handle) return;
        placeHero(handle, config, reply.round, passed);
        shown.current = `round:${reply.round.id}`;
        await handle.cashOut();
        await handle.reveal(trapSlots(reply.round));
      },
      done: ({ round }) => {
        setFinished(round);
        announceRound(round, gt, locale);
      },
      onError: onRefusal,
    });
  };

  const chooseDifficulty = (next: Difficulty) => {
    if (next !== difficulty) haptics.tick();
    setDifficulty(next);
    setFinished(null);
    flow.clearError();
  };

  const quote = config && open ? roadQuote(config, open) : null;
  const loaded = config !== null && roadQuery.data !== undefined;
  const picked = config?.road[difficulty];
  const pickedCap = picked && config ? capLane(picked.ladder, typedNano(stake.input), config.maxPayout) : null;
  const top = picked?.ladder[pickedCap ?? picked.ladder.length - 1];
  const openCap = config && open?.road ? capLane(config.road[open.road.difficulty].ladder, toNano(open.stake), config.maxPayout) : null;

  const dock = !loaded ? null : open?.road && quote ? (
    <>
      {flow.error ? <BetNotice error={flow.error} currency={open.currency} /> : null}
      <div className="road-actions">
        <PlayButton
          busy={flow.busy}
          waiting={flow.phase === 'betting' && pressed === 'go'}
          label={gt('play.road.go', { lane: quote.passed + 1 })}
          hint={quote.next ? `${formatMultiplier(quote.next, locale)}×` : null}
          onPress={() => void advance()}
          disabled={quote.next === null}
          newBet={false}
          testId="road-go"
        />
        <PlayButton
          busy={flow.busy}
          waiting={flow.phase === 'betting' && pressed === 'cash'}
          tone="gold"
          label={gt('play.road.cashOut')}
          hint={quote.cashOut !== null ? `${formatTon(quote.cashOut, locale)} TON` : null}
          onPress={() => void takeWin()}
          disabled={quote.cashOut === null}
          newBet={false}
          testId="road-cashout"
        />
      </div>
    </>
  ) : (
    <>
      {flow.error ? <BetNotice error={flow.error} currency={stake.currency} /> : null}
      <PlayButton
        busy={flow.busy}
        waiting={flow.phase === 'betting'}
        label={gt('play.road.start')}
        hint={
          top
            ? // Where the maximum payout ends the round first, the range ends at that payout, not at a multiplier it never pays.
              `${formatMultiplier(picked?.ladder[0] ?? '', locale)}× → ${
                pickedCap !== null && config ? `${formatTon(config.maxPayout, locale)} TON` : `${formatMultiplier(top, locale)}×`
              }`
            : null
        }
        onPress={() => void begin()}
        testId="road-start"
      />
    </>
  );

  return (
    <GameScreen game="road" dock={dock}>
      <GameStage
        game="road"
        engine={engine}
        animating={flow.phase === 'animating'}
        pace={pace}
        onPace={setPace}
        result={
          finished && !flow.busy ? (
            <BetOutcome
              round={finished}
              detail={
                finished.road
                  ? finished.status === 'lost'
                    ? gt('play.road.hit', { lane: finished.road.hitLane ?? finished.road.passed + 1 })
                    : gt('play.road.crossed', { count: finished.road.passed })
                  : null
              }
            />
          ) : null
        }
      />
      {!loaded ? (
        roadQuery.isError ? (
          <ConfigProblem query={{ isError: true, refetch: () => roadQuery.refetch() }} />
        ) : (
          <ConfigProblem query={configQuery} />
        )
      ) : open?.road && quote ? (
        <div className="card bet-card" data-testid="road-round" data-round-id={open.id} data-passed={open.road.passed}>
          <div className="road-head">
            <span className="road-head__title">
              {gt('play.road.inRound')} · {gt(`play.road.difficulties.${open.road.difficulty}`)}
            </span>
            <span className="road-head__progress" data-testid="road-progress">
              {gt('play.road.progress', { passed: quote.passed, lanes: quote.lanes })}
            </span>
          </div>
          {open.id !== startedHere ? (
            <p className="road-note" data-testid="road-resumed">
              {gt('play.road.resumed')}
            </p>
          ) : null}
          <dl className="game-quote">
            <div className="game-quote__item">
              <dt>{gt('play.road.now')}</dt>
              <dd data-testid="road-current">{quote.current ? `${formatMultiplier(quote.current, locale)}×` : '—'}</dd>
            </div>
            <div className="game-quote__item">
              <dt>{gt('play.road.next')}</dt>
              <dd data-testid="road-next">{quote.next ? `${formatMultiplier(quote.next, locale)}×` : '—'}</dd>
            </div>
            <div className="game-quote__item">
              <dt>{gt('play.stake.label')}</dt>
              <dd>{formatTon(open.stake, locale)}</dd>
            </div>
          </dl>
          <Ladder
            ladder={config.road[open.road.difficulty].ladder}
            passed={open.road.passed}
            inRound
            cap={openCap}
            maxPayout={config.maxPayout}
          />
        </div>
      ) : (
        <div className="card bet-card">
          <Choices
            className="difficulty-picker"
            label={gt('play.road.difficulty')}
            options={DIFFICULTIES}
            chosen={difficulty}
            optionClass={() => 'difficulty-picker__option'}
            disabled={flow.busy}
            testId={(value) => `road-difficulty-${value}`}
            onChoose={chooseDifficulty}
          >
            {(value) => gt(`play.road.difficulties.${value}`)}
          </Choices>
          {picked ? <p className="road-shape">{gt('play.road.shape', { lanes: picked.lanes, traps: picked.traps })}</p> : null}
          {picked && config ? (
            <Ladder ladder={picked.ladder} passed={0} inRound={false} cap={pickedCap} maxPayout={config.maxPayout} />
          ) : null}
          <StakePanel stake={stake} disabled={flow.busy} submitted={submitted} onChange={flow.clearError} />
        </div>
      )}
      <RecentRounds game="road" />
      <FairnessRow />
    </GameScreen>
  );
}
