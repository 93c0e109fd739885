import { formatCount, formatTon } from '../../lib/format';
import type { Gift } from '@arcade/api-client/market';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { memo, useMemo } from 'react';
import { CartAddIcon, CheckIcon, TonMark } from '../../components/icons';
import { addToCartAtom, cartIdsAtom, CART_LIMIT, removeFromCartAtom } from './cart';
import { GiftArt } from './gift-art';
import { rarityTier } from './gift-looks';
import { useMarketText } from './market-texts';
import { marketToast } from './market-toast';
import '../../components/card.css';
import '../../components/skeleton.css';
import './market.css';
import './gift-card.css';

/** Whether one gift is in the cart: its card re-renders only when that changes, not on every cart edit. */
function useInCart(giftId: string): boolean {
  const inCartAtom = useMemo(() => atom((get) => get(cartIdsAtom).has(giftId)), [giftId]);
  return useAtomValue(inCartAtom);
}

/** Adds or removes a gift, saying so when the cart is full. */
export function useCartToggle() {
  const add = useSetAtom(addToCartAtom);
  const remove = useSetAtom(removeFromCartAtom);
  return useMemo(
    () => ({
      add(gift: Gift): boolean {
        const result = add(gift);
        if (result === 'full') marketToast.warning('gifts.cart.full', { max: CART_LIMIT });
        return result === 'added' || result === 'already';
      },
      remove,
    }),
    [add, remove],
  );
}

export function TierBadge({ rarity, className }: { rarity: number; className?: string }) {
  const { mt } = useMarketText();
  const tier = rarityTier(rarity);
  return <span className={`tier-badge tier-badge--${tier}${className ? ` ${className}` : ''}`}>{mt(`gifts.tier.${tier}`)}</span>;
}

interface GiftCardProps {
  gift: Gift;
  onOpen: (gift: Gift) => void;
}

/** One gift for sale: its art, name and number, rarity and price, and a cart toggle. */
export const GiftCard = memo(function GiftCard({ gift, onOpen }: GiftCardProps) {
  const { mt, language } = useMarketText();
  const inCart = useInCart(gift.id);
  const cart = useCartToggle();
  const price = gift.price === null ? null : formatTon(gift.price, language);
  return (
    <article
      className={`tile tile--raised tile--framed gift-card${inCart ? ' is-in-cart' : ''}`}
      data-testid="gift-card"
      data-gift-id={gift.id}
      data-price={gift.price ?? ''}
      data-backdrop={gift.backdrop.name}
    >
      <button
        type="button"
        className="gift-card__open"
        aria-label={mt('gifts.card.open', { name: gift.collection.name, number: gift.number, price: price ?? '—' })}
        onClick={() => onOpen(gift)}
      >
        <span className="gift-card__art-wrap">
          <GiftArt look={gift} className="gift-card__art" />
          <TierBadge rarity={gift.rarity} className="gift-card__tier" />
          {inCart ? (
            <span className="gift-card__in-cart" aria-hidden="true">
              <CheckIcon width={16} height={16} />
            </span>
          ) : null}
        </span>
        <span className="gift-card__name">{gift.collection.name}</span>
        <span className="gift-card__meta">
          <span className="gift-card__number">#{gift.number}</span>
          <span className="gift-card__model">{gift.model.name}</span>
        </span>
        {gift.deal ? (
          <span className="gift-card__deal" data-testid="gift-card-deal" data-discount={gift.deal.discount} data-floor={gift.deal.floor}>
            <span className="gift-card__discount">
              {mt('gifts.card.discount', { discount: formatCount(Math.trunc(gift.deal.discount / 1000) / 10, language) })}
            </span>
            <span className="gift-card__floor">{mt('gifts.card.floor', { amount: formatTon(gift.deal.floor, language) })}</span>
          </span>
        ) : null}
      </button>
      {gift.mine || gift.price === null ? (
        <div className="gift-card__buy gift-card__buy--static">
          <TonMark className="gift-card__ton" />
          <span className="gift-card__amount" data-testid="gift-card-price">
            {price ?? '—'}
          </span>
          <span className="gift-card__yours">{gift.mine ? mt('gifts.card.yours') : mt('gifts.card.notForSale')}</span>
        </div>
      ) : (
        <button
          type="button"
          className={`gift-card__buy gift-card__cart${inCart ? ' is-active' : ''}`}
          aria-pressed={inCart}
          aria-label={`${inCart ? mt('gifts.card.remove') : mt('gifts.card.add')}, ${price} ${mt('gifts.unit')}`}
          data-testid="gift-card-cart"
          onClick={() => (inCart ? cart.remove(gift.id) : cart.add(gift))}
        >
          <TonMark className="gift-card__ton" />
          <span className="gift-card__amount" data-testid="gift-card-price">
            {price}
          </span>
          <span className="gift-card__cart-icon" aria-hidden="true">
            {inCart ? <CheckIcon width={18} height={18} /> : <CartAddIcon width={18} height={18} />}
          </span>
        </button>
      )}
    </article>
  );
});

/** Grey cards where gifts are about to appear. */
export function GiftCardSkeleton() {
  return (
    <div className="tile tile--raised tile--framed gift-card gift-card--skeleton" aria-hidden="true" data-testid="gift-card-skeleton">
      <span className="gift-card__art-wrap skeleton" />
      <span className="skeleton market-skeleton--line" />
      <span className="skeleton market-skeleton--line market-skeleton--short" />
      <span className="skeleton market-skeleton--line market-skeleton--price" />
    </div>
  );
}
