import type { ReferralInfo } from '@arcade/api-client/bonus';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { PAUSE_BANNER_TEXT_ID, PlayPauseBanner, useClosedReason } from '../../components/play-pause-banner';
import { Screen } from '../../components/screen';
import { formatCount, formatHours, formatTon } from '../../lib/format';
import { copyToClipboard, shareUrl } from '../../telegram/share';
import { atLeast } from '../../lib/amounts';
import { ShareIcon } from '../../components/icons';
import { readBonusProblem } from '../../lib/bonus-refusals';
import { claimReferralAtom, referralQueryAtom } from './referral-state';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import '../../i18n/player-screens-texts';
import { LoadProblem, LoadingCard } from '../../components/load-states';
import { CopyLinkButton, useCopiedFlag } from './copy-link-button';
import { BusyButton } from '../../components/busy-button';
import './referral-screen.css';

function InviteCard({ info }: { info: ReferralInfo }) {
  const { pt } = usePlayerTexts();
  const [copied, markCopied] = useCopiedFlag();

  const share = async () => {
    const outcome = shareUrl(info.link, pt('player.referral.shareText'));
    // No share sheet here (a plain browser): the link goes to the clipboard instead.
    if (outcome !== 'done' && (await copyToClipboard(info.link))) markCopied();
  };

  return (
    <section className="card referral-invite" aria-labelledby="referral-invite-title">
      <h2 className="referral-invite__title" id="referral-invite-title">
        {pt('player.referral.heroTitle')}
      </h2>
      <p className="referral-invite__text">{pt('player.referral.heroText')}</p>
      <div className="referral-invite__code">
        <span className="referral-invite__label">{pt('player.referral.code')}</span>
        <code className="referral-code__value" data-testid="referral-code">
          {info.code}
        </code>
      </div>
      <div className="referral-invite__link">
        <span className="referral-invite__label">{pt('player.referral.link')}</span>
        <span className="referral-invite__url" data-testid="referral-link">
          {info.link}
        </span>
      </div>
      <div className="referral-actions">
        <button
          type="button"
          className="button button--primary referral-actions__button"
          onClick={() => void share()}
          data-testid="referral-share"
        >
          <ShareIcon width={18} height={18} />
          {pt('player.referral.share')}
        </button>
        <CopyLinkButton link={info.link} copied={copied} onCopied={markCopied} />
      </div>
    </section>
  );
}

function FriendsStats({ info }: { info: ReferralInfo }) {
  const { pt, lang } = usePlayerTexts();
  return (
    <section className="referral-stats" aria-label={pt('player.referral.stats')}>
      <div className="stat">
        <span className="stat__label">{pt('player.referral.total')}</span>
        <span className="stat__value" data-testid="referral-total" data-value={info.totalReferrals}>
          {formatCount(info.totalReferrals, lang)}
        </span>
        <span className="referral-stats__hint">{pt('player.referral.totalHint')}</span>
      </div>
      <div className="stat">
        <span className="stat__label">{pt('player.referral.active')}</span>
        <span className="stat__value" data-testid="referral-active" data-value={info.activeReferrals}>
          {formatCount(info.activeReferrals, lang)}
        </span>
        <span className="referral-stats__hint">{pt('player.referral.activeHint', { days: formatHours(info.activeDays * 24, lang) })}</span>
      </div>
    </section>
  );
}

function EarningsCard({ info }: { info: ReferralInfo }) {
  const { pt, lang } = usePlayerTexts();
  const claim = useAtomValue(claimReferralAtom);
  const [refusal, setRefusal] = useState<string | null>(null);
  const min = formatTon(info.minClaim, lang);
  const enough = atLeast(info.available, info.minClaim);
  // A break or a self-exclusion closes claiming (the earnings stay, to claim once it ends).
  const { reason: closed } = useClosedReason('claim');

  const onClaim = () => {
    if (!enough || claim.isPending || closed) return;
    setRefusal(null);
    claim.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(pt('player.referral.claimed', { amount: formatTon(result.claimed, lang) }), { toastId: 'referral:claimed' });
      },
      onError: (error) => {
        const problem = readBonusProblem(error, { min });
        // A refusal is explained next to the button; other failures as a toast.
        if (problem.kind === 'refusal') setRefusal(problem.text);
        else toast.error(problem.text, { toastId: `referral:${problem.kind}` });
      },
    });
  };

  return (
    <section className="card referral-earnings" aria-labelledby="referral-earnings-title" data-testid="referral-earnings">
      <h2 className="referral-earnings__title" id="referral-earnings-title">
        {pt('player.referral.earnings')}
      </h2>
      <div className="referral-earnings__grid">
        <div className="referral-earnings__item">
          <span className="stat__label">{pt('player.referral.available')}</span>
          <span className="referral-earnings__available" data-testid="referral-available" data-value={info.available}>
            {pt('player.ton', { amount: formatTon(info.available, lang) })}
          </span>
        </div>
        <div className="referral-earnings__item">
          <span className="stat__label">{pt('player.referral.totalEarned')}</span>
          <span className="referral-earnings__total" data-testid="referral-earned" data-value={info.totalEarned}>
            {pt('player.ton', { amount: formatTon(info.totalEarned, lang) })}
          </span>
        </div>
      </div>
      <BusyButton
        className="button button--gold button--block"
        disabled={!enough || closed !== null}
        busy={claim.isPending}
        aria-describedby={closed ? PAUSE_BANNER_TEXT_ID : undefined}
        onClick={onClaim}
        testId="referral-claim"
      >
        {claim.isPending ? pt('player.referral.claiming') : pt('player.referral.claim')}
      </BusyButton>
      {closed ? (
        <p className="referral-earnings__refusal" data-testid="referral-closed">
          {closed}
        </p>
      ) : refusal ? (
        <p className="referral-earnings__refusal" role="alert" data-testid="referral-refusal">
          {refusal}
        </p>
      ) : enough ? null : (
        <p className="referral-earnings__hint" data-testid="referral-min">
          {pt('player.referral.minClaim', { min })}
        </p>
      )}
    </section>
  );
}

export function Component() {
  const { t } = usePlayerTexts();
  const query = useAtomValue(referralQueryAtom);
  const info = query.data ?? null;
  return (
    <Screen name="referral" title={t('screens.referral.title')} description={t('screens.referral.description')}>
      <PlayPauseBanner />
      {info ? (
        <>
          <InviteCard info={info} />
          <FriendsStats info={info} />
          <EarningsCard info={info} />
        </>
      ) : query.isError ? (
        <LoadProblem onRetry={() => void query.refetch()} testId="referral-load-error" />
      ) : (
        <LoadingCard testId="referral-loading" />
      )}
    </Screen>
  );
}
