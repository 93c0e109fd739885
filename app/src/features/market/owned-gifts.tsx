import { formatCount, formatMoment, formatTon } from '../../lib/format';
import type { Gift } from '@arcade/api-client/market';
import { fromNano, toNano } from '@arcade/api-client/money';
import { useAtomValue } from 'jotai';
import { memo, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LockIcon, SendIcon, TagIcon, TonMark, WarningIcon } from '../../components/icons';
import { GiftArt, GiftName } from './gift-art';
import { GIFT_WITHDRAWAL_FEE, MAX_LIST_PRICE, MIN_LIST_PRICE, SELLER_FEE_BASIS_POINTS, SELLER_FEE_PERCENT } from './market-config';
import { describeCallError } from './market-errors';
import { afterFee, parseTonInput } from './market-format';
import { giftInfoQueryFor, inventoryQueryAtom, listGiftAtom, unlistGiftAtom, withdrawGiftAtom } from './market-state';
import { useMarketText } from './market-texts';
import { marketToast } from './market-toast';
import { PriceInput } from './filter-sheets';
import { Sheet } from './sheet';
import { BusyButton } from '../../components/busy-button';
import { RetryNote } from '../../components/retry-note';
import '../../components/card.css';
import '../../components/skeleton.css';
import '../../components/spinner.css';
import '../../components/field.css';
import './market.css';
import './owned-gifts.css';

type Action = { kind: 'price' | 'withdraw'; gift: Gift } | null;

/** Telegram's trade lock, if it still holds. */
function lockedUntil(gift: Gift, now = Date.now()): string | null {
  if (!gift.lockedUntil) return null;
  const until = new Date(gift.lockedUntil).getTime();
  return Number.isFinite(until) && until > now ? gift.lockedUntil : null;
}

interface OwnedGiftRowProps {
  gift: Gift;
  onAction: (action: Exclude<Action, null>) => void;
  busy: boolean;
  onUnlist: (gift: Gift) => void;
}

const OwnedGiftRow = memo(function OwnedGiftRow({ gift, onAction, busy, onUnlist }: OwnedGiftRowProps) {
  const { mt, language } = useMarketText();
  const lock = lockedUntil(gift);
  const listed = gift.price !== null;
  return (
    <li className="tile tile--framed owned-gift" data-testid="owned-gift" data-gift-id={gift.id} data-price={gift.price ?? ''}>
      <div className="owned-gift__main">
        <GiftArt look={gift} className="owned-gift__art" />
        <div className="owned-gift__text">
          <GiftName collection={gift.collection.name} number={gift.number} className="owned-gift__name" />
          <span className="owned-gift__attrs">
            {gift.model.name} · {gift.backdrop.name} · {gift.symbol.name}
          </span>
          {listed ? (
            <span className="owned-gift__state owned-gift__state--listed" data-testid="owned-gift-state" data-state="listed">
              <TonMark width={14} height={14} />
              {mt('gifts.owned.onSale', { amount: formatTon(gift.price ?? '0', language) })}
            </span>
          ) : (
            <span className="owned-gift__state owned-gift__state--idle" data-testid="owned-gift-state" data-state="held">
              {mt('gifts.owned.notListed')}
            </span>
          )}
          {lock ? (
            <span className="owned-gift__lock" data-testid="owned-gift-lock">
              <LockIcon width={14} height={14} />
              {mt('gifts.owned.locked', { date: formatMoment(lock, language) })}
            </span>
          ) : null}
        </div>
      </div>
      <div className="owned-gift__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          data-testid="owned-gift-sell"
          onClick={() => onAction({ kind: 'price', gift })}
        >
          <TagIcon width={18} height={18} />
          {listed ? mt('gifts.owned.changePrice') : mt('gifts.owned.sell')}
        </button>
        {listed ? (
          <BusyButton className="button button--ghost" busy={busy} testId="owned-gift-unlist" onClick={() => onUnlist(gift)}>
            {mt('gifts.owned.unlist')}
          </BusyButton>
        ) : null}
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          data-testid="owned-gift-withdraw"
          onClick={() => onAction({ kind: 'withdraw', gift })}
        >
          <SendIcon width={18} height={18} />
          {mt('gifts.owned.withdraw')}
        </button>
      </div>
    </li>
  );
});

/** The player's gifts, for the profile: list for sale, change the price, take off sale, send to Telegram. */
export function OwnedGifts() {
  const { mt } = useMarketText();
  const inventory = useAtomValue(inventoryQueryAtom);
  const { mutateAsync: unlist } = useAtomValue(unlistGiftAtom);
  const [action, setAction] = useState<Action>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const gifts = inventory.data?.items ?? [];

  const close = useCallback(() => setAction(null), []);
  const takeOffSale = useCallback(
    async (gift: Gift) => {
      setBusyId(gift.id);
      try {
        await unlist(gift.id);
        marketToast.success('gifts.toast.unlisted');
      } catch (error) {
        marketToast.custom('error', `unlist:${gift.id}`, describeCallError(error).text);
      } finally {
        setBusyId(null);
      }
    },
    [unlist],
  );
  const onUnlist = useCallback((gift: Gift) => void takeOffSale(gift), [takeOffSale]);

  let body;
  if (inventory.isPending) {
    body = (
      <ul className="stack-list owned-gifts__list" aria-busy="true">
        {[0, 1].map((index) => (
          <li key={index} className="tile tile--framed owned-gift">
            <div className="owned-gift__main">
              <span className="skeleton owned-gift__art" style={{ height: 60 }} />
              <span className="skeleton market-skeleton--line" />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (inventory.isError && gifts.length === 0) {
    body = <RetryNote className="market-message" message={mt('gifts.owned.loadError')} onRetry={inventory.refetch} alert />;
  } else if (gifts.length === 0) {
    body = (
      <div className="market-message" data-testid="owned-gifts-empty">
        <p>{mt('gifts.owned.empty')}</p>
        <Link to="/market" className="button button--ghost">
          {mt('gifts.owned.toMarket')}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="stack-list owned-gifts__list">
        {gifts.map((gift) => (
          <OwnedGiftRow key={gift.id} gift={gift} onAction={setAction} busy={busyId === gift.id} onUnlist={onUnlist} />
        ))}
      </ul>
    );
  }

  return (
    <section className="card profile-section owned-gifts" aria-labelledby="owned-gifts-title" data-testid="owned-gifts">
      <header className="owned-gifts__header">
        <h2 className="profile-section__title owned-gifts__title" id="owned-gifts-title">
          {mt('gifts.owned.title')}
        </h2>
        {inventory.data ? (
          <span className="owned-gifts__count" data-testid="owned-gifts-count">
            {mt('gifts.owned.count', { count: gifts.length })}
          </span>
        ) : null}
      </header>
      {body}
      <PriceSheet gift={action?.kind === 'price' ? action.gift : null} onClose={close} />
      <WithdrawSheet gift={action?.kind === 'withdraw' ? action.gift : null} onClose={close} />
    </section>
  );
}

function GiftSummary({ gift }: { gift: Gift }) {
  return (
    <div className="owned-sheet__gift">
      <GiftArt look={gift} className="owned-sheet__art" />
      <div className="owned-gift__text">
        <GiftName collection={gift.collection.name} number={gift.number} className="owned-gift__name" />
        <span className="owned-gift__attrs">
          {gift.model.name} · {gift.backdrop.name} · {gift.symbol.name}
        </span>
      </div>
    </div>
  );
}

function PriceSheet({ gift, onClose }: { gift: Gift | null; onClose: () => void }) {
  const { mt } = useMarketText();
  const name = gift ? { name: gift.collection.name, number: gift.number } : { name: '', number: '' };
  return (
    <Sheet
      open={gift !== null}
      onClose={onClose}
      title={gift?.price ? mt('gifts.owned.priceTitle', name) : mt('gifts.owned.sellTitle', name)}
      testId="sell-sheet"
    >
      {gift ? <PriceForm key={gift.id} gift={gift} onDone={onClose} /> : null}
    </Sheet>
  );
}

function PriceForm({ gift, onDone }: { gift: Gift; onDone: () => void }) {
  const { mt, language } = useMarketText();
  const { mutateAsync: list } = useAtomValue(listGiftAtom);
  const [text, setText] = useState(gift.price ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const price = parseTonInput(text);
  const tooLow = price !== null && toNano(price) < toNano(MIN_LIST_PRICE);
  const tooHigh = price !== null && toNano(price) > toNano(MAX_LIST_PRICE);
  const min = formatTon(MIN_LIST_PRICE, language);

  const submit = async () => {
    if (busy) return;
    if (price === null) return setError(mt('gifts.priceFilter.invalid'));
    if (tooLow) return setError(mt('gifts.refusal.priceMin', { min }));
    if (tooHigh) return setError(mt('gifts.refusal.priceMax', { max: formatTon(MAX_LIST_PRICE, language) }));
    setBusy(true);
    try {
      const listed = await list({ giftId: gift.id, price });
      const amount = formatTon(listed.price ?? price, language);
      if (gift.price === null) marketToast.success('gifts.toast.listed', { amount });
      else marketToast.success('gifts.toast.repricedOwn', { amount });
      onDone();
    } catch (failure) {
      const problem = describeCallError(failure);
      if (problem.kind === 'refusal' && (problem.code === 'market.price.min' || problem.code === 'market.price.max'))
        setError(problem.text);
      else marketToast.custom('error', `list:${problem.text}`, problem.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="owned-sheet"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <GiftSummary gift={gift} />
      <PriceInput
        id="sell-price"
        label={mt('gifts.owned.priceLabel')}
        value={text}
        invalid={error !== null}
        placeholder={min}
        describedBy="sell-price-message"
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
      />
      {error ? (
        <p className="field__error" id="sell-price-message" role="alert" data-testid="sell-price-error">
          {error}
        </p>
      ) : (
        <p className="field__hint" id="sell-price-message">
          {mt('gifts.owned.priceMin', { amount: min })}
        </p>
      )}
      <SaleFacts gift={gift} price={price !== null && !tooLow && !tooHigh ? price : null} />
      <BusyButton type="submit" className="button button--primary button--block" busy={busy} testId="sell-submit" spinner="light">
        {busy ? mt('gifts.owned.saving') : gift.price === null ? mt('gifts.owned.list') : mt('gifts.owned.save')}
      </BusyButton>
    </form>
  );
}

/** What a sale at the typed price comes to: the floor to compare with, the market's fee and what the seller receives. */
function SaleFacts({ gift, price }: { gift: Gift; price: string | null }) {
  const { mt, language } = useMarketText();
  const infoAtom = useMemo(() => giftInfoQueryFor(gift.id), [gift.id]);
  const info = useAtomValue(infoAtom);
  const floor = info.data ? info.data.floors.model : undefined;
  const receive = price === null ? null : afterFee(price, SELLER_FEE_BASIS_POINTS);
  const fee = price === null || receive === null ? null : fromNano(toNano(price) - toNano(receive));
  return (
    <dl className="tile tile--framed owned-sheet__facts" data-testid="sell-facts">
      <div className="ends-row gift-attr">
        <dt className="gift-attr__label">{mt('gifts.owned.floor', { name: gift.model.name })}</dt>
        <dd className="gift-attr__value" data-testid="sell-floor" data-value={floor ?? ''}>
          {floor === undefined
            ? '…'
            : floor === null
              ? mt('gifts.owned.floorNone')
              : mt('gifts.owned.tonAmount', { amount: formatTon(floor, language) })}
        </dd>
      </div>
      <div className="ends-row gift-attr">
        <dt className="gift-attr__label">{mt('gifts.owned.fee', { fee: formatCount(SELLER_FEE_PERCENT, language) })}</dt>
        <dd className="gift-attr__value" data-testid="sell-fee" data-value={fee ?? ''}>
          {fee === null ? '—' : mt('gifts.owned.tonAmount', { amount: formatTon(fee, language) })}
        </dd>
      </div>
      <div className="ends-row gift-attr">
        <dt className="gift-attr__label">{mt('gifts.owned.youReceive')}</dt>
        <dd className="gift-attr__value" data-testid="sell-receive" data-value={receive ?? ''}>
          {receive === null ? '—' : mt('gifts.owned.tonAmount', { amount: formatTon(receive, language) })}
        </dd>
      </div>
    </dl>
  );
}

function WithdrawSheet({ gift, onClose }: { gift: Gift | null; onClose: () => void }) {
  const { mt } = useMarketText();
  return (
    <Sheet open={gift !== null} onClose={onClose} title={mt('gifts.owned.withdrawTitle')} testId="withdraw-gift-sheet">
      {gift ? <WithdrawConfirm key={gift.id} gift={gift} onDone={onClose} /> : null}
    </Sheet>
  );
}

function WithdrawConfirm({ gift, onDone }: { gift: Gift; onDone: () => void }) {
  const { mt, language } = useMarketText();
  const { mutateAsync: withdraw } = useAtomValue(withdrawGiftAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lock = lockedUntil(gift);
  const fee = formatTon(GIFT_WITHDRAWAL_FEE, language);

  const confirm = async () => {
    if (busy || lock) return;
    setBusy(true);
    setError(null);
    try {
      await withdraw(gift.id);
      marketToast.success('gifts.toast.withdrawn');
      onDone();
    } catch (failure) {
      const problem = describeCallError(failure);
      setError(problem.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="owned-sheet">
      <GiftSummary gift={gift} />
      <p className="owned-sheet__text">{mt('gifts.owned.withdrawText', { name: gift.collection.name, number: gift.number })}</p>
      <dl className="tile tile--framed owned-sheet__facts">
        <div className="ends-row gift-attr">
          <dt className="gift-attr__label">{mt('gifts.owned.withdrawFee')}</dt>
          <dd className="gift-attr__value" data-testid="withdraw-gift-fee">
            {mt('gifts.owned.withdrawFeeValue', { amount: fee })}
          </dd>
        </div>
      </dl>
      {gift.price !== null ? (
        <p className="owned-sheet__warn">
          <TagIcon />
          <span>{mt('gifts.owned.withdrawListed')}</span>
        </p>
      ) : null}
      {lock ? (
        <p className="owned-sheet__warn" data-testid="withdraw-gift-locked">
          <LockIcon />
          <span>{mt('gifts.owned.withdrawLocked', { date: formatMoment(lock, language) })}</span>
        </p>
      ) : null}
      {error ? (
        <p className="owned-sheet__warn" role="alert" data-testid="withdraw-gift-error">
          <WarningIcon />
          <span>{error}</span>
        </p>
      ) : null}
      <BusyButton
        className="button button--primary button--block"
        disabled={lock !== null}
        busy={busy}
        testId="withdraw-gift-confirm"
        onClick={() => void confirm()}
        spinner="light"
      >
        {busy ? mt('gifts.owned.sending') : mt('gifts.owned.withdrawConfirm', { amount: fee })}
      </BusyButton>
    </div>
  );
}
