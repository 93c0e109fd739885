import { formatCount, formatPerMille, formatTon } from '../../lib/format';
import type { Gift, GiftMarketInfo } from '@arcade/api-client/market';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CartAddIcon, CheckIcon, TonMark } from '../../components/icons';
import { cartIdsAtom } from './cart';
import { BackdropSwatch, GiftArt, ModelSwatch, SymbolGlyph } from './gift-art';
import { TierBadge, useCartToggle } from './gift-card';
import { oneIn } from './gift-looks';
import { describeCallError } from './market-errors';
import { formatMoment } from '../../lib/format';
import { buyNowAtom, giftInfoQueryAtom, giftQueryAtom, openGiftAtom } from './market-state';
import { useMarketText } from './market-texts';
import { marketToast } from './market-toast';
import { PriceHistory } from './price-chart';
import { percentFromFloor } from './price-chart-math';
import type { CheckoutOutcome } from './checkout';
import { Sheet } from './sheet';
import { BusyButton } from '../../components/busy-button';
import { RetryNote } from '../../components/retry-note';
import '../../components/card.css';
import '../../components/skeleton.css';
import '../../components/spinner.css';
import './market.css';
import './gift-detail.css';

interface GiftDetailSheetProps {
  open: boolean;
  onClose: () => void;
}

/** Everything about one gift, with its current price and the cart button. */
export function GiftDetailSheet({ open, onClose }: GiftDetailSheetProps) {
  const { mt } = useMarketText();
  const shown = useAtomValue(openGiftAtom);
  return (
    <Sheet
      open={open && shown !== null}
      onClose={onClose}
      title={shown ? mt('gifts.detail.title', { name: shown.collection.name, number: shown.number }) : ''}
      testId="gift-detail"
      className="sheet--gift"
      footer={shown ? <DetailFooter listed={shown} /> : null}
    >
      {shown ? <DetailBody listed={shown} /> : null}
    </Sheet>
  );
}

/** The fresh copy once it has loaded, the list's copy until then. */
function useCurrentGift(listed: Gift): { gift: Gift; checking: boolean } {
  const query = useAtomValue(giftQueryAtom);
  const fresh = query.data?.id === listed.id ? query.data : undefined;
  return { gift: fresh ?? listed, checking: fresh === undefined && query.isFetching };
}

function Attribute({ label, value, visual, rarity }: { label: string; value: string; visual?: ReactNode; rarity?: string }) {
  return (
    <div className="ends-row gift-attr">
      <dt className="gift-attr__label">{label}</dt>
      <dd className="gift-attr__value">
        {visual ? <span className="gift-attr__visual">{visual}</span> : null}
        <span className="gift-attr__name">{value}</span>
        {rarity ? <span className="gift-attr__rarity">{rarity}</span> : null}
      </dd>
    </div>
  );
}

function DetailBody({ listed }: { listed: Gift }) {
  const { mt, language } = useMarketText();
  const { gift } = useCurrentGift(listed);
  const perMille = (value: number) => formatPerMille(value, language);
  return (
    <div className="gift-detail" data-gift-id={gift.id}>
      <GiftArt look={gift} className="gift-detail__art" />
      <div className="gift-detail__rarity">
        <TierBadge rarity={gift.rarity} />
        <span className="gift-detail__one-in" title={mt('gifts.detail.rarityHint')}>
          {mt('gifts.detail.oneIn', { count: formatCount(oneIn(gift.rarity), language, { compact: true }) })}
        </span>
      </div>
      <dl className="tile tile--framed gift-attrs">
        <Attribute label={mt('gifts.detail.collection')} value={gift.collection.name} />
        <Attribute label={mt('gifts.detail.number')} value={`#${gift.number}`} />
        <Attribute
          label={mt('gifts.detail.model')}
          value={gift.model.name}
          visual={<ModelSwatch name={gift.model.name} className="gift-attr__swatch" />}
          rarity={perMille(gift.model.rarityPerMille)}
        />
        <Attribute
          label={mt('gifts.detail.backdrop')}
          value={gift.backdrop.name}
          visual={<BackdropSwatch center={gift.backdrop.center} edge={gift.backdrop.edge} className="gift-attr__swatch" />}
          rarity={perMille(gift.backdrop.rarityPerMille)}
        />
        <Attribute
          label={mt('gifts.detail.symbol')}
          value={gift.symbol.name}
          visual={<SymbolGlyph name={gift.symbol.name} className="gift-attr__glyph" />}
          rarity={perMille(gift.symbol.rarityPerMille)}
        />
        {gift.listedAt ? <Attribute label={mt('gifts.detail.listed')} value={formatMoment(gift.listedAt, language)} /> : null}
      </dl>
      <MarketInfo gift={gift} />
    </div>
  );
}

/** The floors beside this gift and its model's sales, once they have loaded. */
function MarketInfo({ gift }: { gift: Gift }) {
  const { mt } = useMarketText();
  const query = useAtomValue(giftInfoQueryAtom);
  const info = query.data;
  if (!info) {
    if (query.isError) return <RetryNote className="market-message" message={mt('gifts.loadError')} onRetry={query.refetch} alert />;
    return (
      <div className="tile tile--framed gift-floors" aria-busy="true">
        <span className="skeleton market-skeleton--line" />
        <span className="skeleton market-skeleton--line" />
      </div>
    );
  }
  return (
    <>
      <Floors gift={gift} floors={info.floors} />
      <section className="tile tile--framed gift-history" aria-label={mt('gifts.detail.history', { name: gift.model.name })}>
        <h3 className="gift-section__title">{mt('gifts.detail.history', { name: gift.model.name })}</h3>
        <PriceHistory model={gift.model.name} history={info.history} />
      </section>
    </>
  );
}

/** The lowest prices of the other listings of the collection, the model and the backdrop, and how this price compares. */
function Floors({ gift, floors }: { gift: Gift; floors: GiftMarketInfo['floors'] }) {
  const { mt, language } = useMarketText();
  const rows = [
    { kind: 'collection', label: mt('gifts.detail.floorCollection'), floor: floors.collection },
    { kind: 'model', label: mt('gifts.detail.floorModel', { name: gift.model.name }), floor: floors.model },
    { kind: 'backdrop', label: mt('gifts.detail.floorBackdrop', { name: gift.backdrop.name }), floor: floors.backdrop },
  ] as const;
  const modelDiscount = gift.price !== null && floors.model !== null ? percentFromFloor(gift.price, floors.model) : null;
  return (
    <section className="tile tile--framed gift-floors" data-testid="gift-floors" aria-label={mt('gifts.detail.floors')}>
      <h3 className="gift-section__title" title={mt('gifts.detail.floorsHint')}>
        {mt('gifts.detail.floors')}
      </h3>
      <p className="gift-floors__hint">{mt('gifts.detail.floorsHint')}</p>
      <dl className="gift-floors__list">
        {rows.map((row) => {
          const percent = gift.price !== null && row.floor !== null ? percentFromFloor(gift.price, row.floor) : null;
          return (
            <div key={row.kind} className="gift-floor" data-testid={`gift-floor-${row.kind}`} data-value={row.floor ?? ''}>
              <dt className="gift-floor__label">{row.label}</dt>
              <dd className="gift-floor__value">
                {row.floor === null ? (
                  <span className="gift-floor__none">{mt('gifts.detail.floorNone')}</span>
                ) : (
                  <span className="gift-floor__price">
                    <TonMark className="gift-floor__ton" />
                    {formatTon(row.floor, language)}
                  </span>
                )}
                {percent !== null ? (
                  <span
                    className={`gift-floor__compare${percent < 0 ? ' is-below' : percent > 0 ? ' is-above' : ''}`}
                    data-testid="gift-floor-compare"
                    data-percent={percent}
                  >
                    {percent < 0
                      ? mt('gifts.detail.below', { percent: formatCount(-percent, language) })
                      : percent > 0
                        ? mt('gifts.detail.above', { percent: formatCount(percent, language) })
                        : mt('gifts.detail.atFloor')}
                  </span>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
      {modelDiscount !== null && modelDiscount < 0 ? (
        <p className="gift-floors__deal" data-testid="gift-floors-deal">
          {mt('gifts.detail.cheapest', {
            name: gift.model.name,
            collection: gift.collection.name,
            percent: formatCount(-modelDiscount, language),
          })}
        </p>
      ) : null}
    </section>
  );
}

function DetailFooter({ listed }: { listed: Gift }) {
  const { mt, language } = useMarketText();
  const { gift, checking } = useCurrentGift(listed);
  const inCart = useAtomValue(cartIdsAtom).has(gift.id);
  const cart = useCartToggle();
  const [confirming, setConfirming] = useState(false);

  if (gift.mine) {
    return (
      <div className="gift-detail__footer">
        <p className="gift-detail__note">{mt('gifts.detail.yours')}</p>
        <Link to="/profile" className="button button--ghost button--block">
          {mt('gifts.detail.toProfile')}
        </Link>
      </div>
    );
  }
  if (gift.price === null) {
    return (
      <div className="gift-detail__footer">
        <p className="gift-detail__note gift-detail__note--warn" data-testid="gift-detail-sold">
          {mt('gifts.detail.sold')}
        </p>
      </div>
    );
  }
  const price = formatTon(gift.price, language);
  const changed = listed.price !== null && listed.price !== gift.price;
  if (confirming) return <BuyNowConfirm gift={gift} onDone={() => setConfirming(false)} />;
  return (
    <div className="gift-detail__footer">
      <div className="gift-detail__price-row">
        <span className="gift-detail__price-label">{mt('gifts.detail.price')}</span>
        <span className="gift-detail__price" data-testid="gift-detail-price" data-value={gift.price}>
          <TonMark className="gift-detail__ton" />
          {price}
        </span>
      </div>
      {checking ? <p className="gift-detail__note">{mt('gifts.detail.refreshing')}</p> : null}
      {changed ? <p className="gift-detail__note gift-detail__note--warn">{mt('gifts.detail.priceChanged', { amount: price })}</p> : null}
      <div className="sheet-actions">
        <button
          type="button"
          className={`button button--ghost gift-detail__cart${inCart ? ' is-in-cart' : ''}`}
          data-testid="gift-detail-cart"
          data-in-cart={inCart ? 'true' : 'false'}
          aria-pressed={inCart}
          aria-label={inCart ? mt('gifts.detail.inCart') : mt('gifts.detail.add', { amount: price })}
          title={inCart ? mt('gifts.detail.inCart') : mt('gifts.detail.add', { amount: price })}
          onClick={() => (inCart ? cart.remove(gift.id) : cart.add(gift))}
        >
          {inCart ? <CheckIcon width={22} height={22} /> : <CartAddIcon width={22} height={22} />}
        </button>
        <button
          type="button"
          className="button button--primary sheet-actions__main"
          data-testid="gift-detail-buy"
          disabled={checking}
          onClick={() => setConfirming(true)}
        >
          {mt('gifts.detail.buyNow', { amount: price })}
        </button>
      </div>
    </div>
  );
}

/** One tap asked, one confirmation: the checkout with this gift alone, told as the cart tells it. */
function BuyNowConfirm({ gift, onDone }: { gift: Gift; onDone: () => void }) {
  const { mt, language } = useMarketText();
  const buyNow = useSetAtom(buyNowAtom);
  const [busy, setBusy] = useState(false);
  const amount = formatTon(gift.price ?? '0', language);

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    try {
      announce(await buyNow(gift), language);
      onDone();
    } catch (error) {
      const problem = describeCallError(error);
      marketToast.custom('error', `buy-now:${problem.text}`, problem.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="gift-detail__footer gift-detail__confirm"
      data-testid="buy-now-confirm"
      role="group"
      aria-label={mt('gifts.detail.buyNow', { amount })}
    >
      <p className="gift-detail__confirm-title">
        {mt('gifts.detail.confirmTitle', { name: gift.collection.name, number: gift.number, amount })}
      </p>
      <p className="gift-detail__note">{mt('gifts.detail.confirmText')}</p>
      <div className="sheet-actions">
        <button type="button" className="button button--ghost" data-testid="buy-now-cancel" disabled={busy} onClick={onDone}>
          {mt('gifts.detail.cancel')}
        </button>
        <BusyButton
          className="button button--primary sheet-actions__main"
          testId="buy-now-pay"
          busy={busy}
          onClick={() => void pay()}
          spinner="light"
        >
          {busy ? mt('gifts.detail.buying') : mt('gifts.detail.confirm', { amount })}
        </BusyButton>
      </div>
    </div>
  );
}

/** The same words as the cart's checkout: bought, or why not (sold, yours, a new price, not enough TON). */
function announce(outcome: CheckoutOutcome, language: string): void {
  if (outcome.bought.length > 0) {
    marketToast.success('gifts.toast.bought', { count: 1, amount: formatTon(outcome.spent, language) });
    return;
  }
  if (outcome.gone.length > 0) marketToast.warning('gifts.toast.gone', { count: 1 });
  else if (outcome.own.length > 0) marketToast.warning('gifts.toast.own', { count: 1 });
  else if (outcome.repriced.length > 0) marketToast.warning('gifts.toast.repriced', { count: 1 });
  else if (outcome.unaffordable.length > 0) marketToast.error('gifts.toast.unaffordable', { count: 1 });
  else marketToast.error('gifts.toast.failed');
}
