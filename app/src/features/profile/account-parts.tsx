import { useAtomValue } from 'jotai';
import { ChevronRightIcon, ShieldCheckIcon, WalletIcon } from '../../components/icons';
import { PrefetchLink } from '../../components/prefetch-link';
import { seedsQueryAtom } from '../../state/seeds';
import { walletInfoQueryAtom } from '../../state/wallet-info';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import '../../i18n/player-screens-texts';
import { OfferHeading } from './offer-heading';

/**
 * Where the fairness panel lives: the fairness screen (features/fairness, the route the game
 * screens' shield opens). One constant, so the link follows if the panel moves.
 */
export const FAIRNESS_PANEL_PATH = '/fairness';

/** First and last characters of a long string: addresses 4+4 (spec section 9), hashes 8+8. */
export function shortForm(value: string, keep = 4): string {
  return value.length <= keep * 2 + 2 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}

/** The TON Connect wallet linked to the account, in short form, with a way to the wallet screen. */
export function LinkedWalletRow() {
  const { pt } = usePlayerTexts();
  const query = useAtomValue(walletInfoQueryAtom);
  const linked = query.data?.linkedWallet ?? null;
  return (
    <PrefetchLink to="/wallet" className="link-row profile-wallet" prefetch="viewport" data-testid="profile-linked-wallet">
      <span className="icon-tile" aria-hidden="true">
        <WalletIcon />
      </span>
      <span className="link-row__text">
        <span className="link-row__hint">{pt('player.profile.linkedWallet')}</span>
        <span
          className={`link-row__title${linked ? ' profile-wallet__address' : ''}`}
          title={linked ?? undefined}
          data-value={linked ?? ''}
        >
          {query.isPending ? '…' : linked ? shortForm(linked) : pt('player.profile.noLinkedWallet')}
        </span>
      </span>
      <ChevronRightIcon className="link-row__chevron" />
    </PrefetchLink>
  );
}

/** The seed pair in use, short, and the way to the fairness panel. */
export function FairnessSummary() {
  const { pt } = usePlayerTexts();
  const query = useAtomValue(seedsQueryAtom);
  const seeds = query.data ?? null;
  return (
    <section className="card profile-section profile-fairness" aria-labelledby="profile-fairness" data-testid="profile-fairness">
      <header className="profile-fairness__header">
        <OfferHeading
          id="fairness"
          tone="win"
          icon={<ShieldCheckIcon />}
          title={pt('player.profile.fairness.title')}
          text={pt('player.profile.fairness.text')}
        />
      </header>
      {seeds ? (
        <dl className="profile-facts profile-facts--mono">
          <div className="profile-facts__row">
            <dt>{pt('player.profile.fairness.serverSeed')}</dt>
            <dd title={seeds.serverSeedHash} data-testid="profile-seed-hash" data-value={seeds.serverSeedHash}>
              {shortForm(seeds.serverSeedHash, 8)}
            </dd>
          </div>
          <div className="profile-facts__row">
            <dt>{pt('player.profile.fairness.clientSeed')}</dt>
            <dd title={seeds.clientSeed}>{shortForm(seeds.clientSeed, 8)}</dd>
          </div>
          <div className="profile-facts__row">
            <dt>{pt('player.profile.fairness.nonce')}</dt>
            <dd>{seeds.nonce}</dd>
          </div>
        </dl>
      ) : null}
      <PrefetchLink to={FAIRNESS_PANEL_PATH} className="button button--ghost button--block" data-testid="profile-fairness-link">
        {pt('player.profile.fairness.open')}
      </PrefetchLink>
    </section>
  );
}
