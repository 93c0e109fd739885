import { formatCount, formatPerMille, formatTon } from '../../lib/format';
import type { Gift } from '@arcade/api-client/market';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TonMark } from '../../components/icons';
import { cartIdsAtom } from '../../state/cart';
import { BackdropSwatch, GiftArt, ModelSwatch, SymbolGlyph } from './gift-art';
import { TierBadge, useCartToggle } from './gift-card';
import { oneIn } from './gift-looks';
import { CartAddIcon, CheckIcon } from './market-icons';
import { formatDateTime } from './market-format';
import { giftQueryAtom, openGiftAtom } from './market-state';
import { useMarketText } from './market-texts';
import { Sheet } from './sheet';

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
    <div className="gift-attr">
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
      <dl className="gift-attrs">
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
        {gift.listedAt ? <Attribute label={mt('gifts.detail.listed')} value={formatDateTime(gift.listedAt, language)} /> : null}
      </dl>
    </div>
  );
}

function DetailFooter({ listed }: { listed: Gift }) {
  const { mt, language } = useMarketText();
  const { gift, checking } = useCurrentGift(listed);
  const inCart = useAtomValue(cartIdsAtom).has(gift.id);
  const cart = useCartToggle();

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
      {inCart ? (
        <button type="button" className="button button--ghost button--block" data-testid="gift-detail-cart" data-in-cart="true" onClick={() => cart.remove(gift.id)}>
          <CheckIcon width={20} height={20} />
          {mt('gifts.detail.inCart')}
        </button>
      ) : (
        <button type="button" className="button button--primary button--block" data-testid="gift-detail-cart" data-in-cart="false" onClick={() => cart.add(gift)}>
          <CartAddIcon width={20} height={20} />
          {mt('gifts.detail.add', { amount: price })}
        </button>
      )}
    </div>
  );
}
