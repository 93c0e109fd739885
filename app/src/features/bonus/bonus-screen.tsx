import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { BalancesCard } from '../../components/balances-card';
import { TrophyIcon } from '../../components/icons';
import { LinkRow } from '../../components/link-row';
import { PlayPauseBanner, useClosedReason } from '../../components/play-pause-banner';
import { Screen } from '../../components/screen';
import { balancesAtom } from '../../state/balances';
import { BonusAccount } from './bonus-account';
import { BonusBanner } from './bonus-banner';
import { bonusStateQueryAtom, releaseStartupBonusStateAtom } from './bonus-state';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import { DailyRewardCard } from './daily-reward-card';
import { LoadProblem, LoadingCard } from '../../components/load-states';
import { DeferredTaskList } from './deferred-task-list';
import './bonus-screen.css';

export function Component() {
  const { t, pt } = usePlayerTexts();
  const profileBalances = useAtomValue(balancesAtom);
  const query = useAtomValue(bonusStateQueryAtom);
  const state = query.data ?? null;
  // The start-up answer serves the first showing only (bonus-state.ts).
  const releaseStartup = useSetAtom(releaseStartupBonusStateAtom);
  useEffect(() => releaseStartup, [releaseStartup]);
  // A break or a self-exclusion closes the offers, the daily reward and the tasks: they make way for why.
  const { reason: closed } = useClosedReason('rewards');
  return (
    <Screen name="bonus" title={t('screens.bonus.title')} description={t('screens.bonus.description')}>
      <BalancesCard balances={profileBalances ?? state?.balance ?? null} />
      <PlayPauseBanner />
      {closed || !state ? null : <BonusBanner cap={state.cap} />}
      {state ? (
        <>
          <BonusAccount state={state} />
          {closed ? (
            <p className="pause-closed" data-testid="rewards-closed">
              {closed}
            </p>
          ) : (
            <>
              <DailyRewardCard daily={state.daily} cap={state.cap} />
              <section className="bonus-tasks" aria-labelledby="bonus-tasks-title">
                <h2 className="section-title" id="bonus-tasks-title">
                  {pt('player.tasks.title')}
                </h2>
                <DeferredTaskList state={state} />
              </section>
            </>
          )}
        </>
      ) : query.isError ? (
        <LoadProblem onRetry={() => void query.refetch()} testId="bonus-load-error" />
      ) : (
        <LoadingCard testId="bonus-loading" />
      )}
      <LinkRow to="/achievements" icon={<TrophyIcon />} title={t('bonus.achievementsLink')} testId="link-achievements" />
    </Screen>
  );
}
