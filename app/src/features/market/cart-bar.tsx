import { useAtomValue } from 'jotai';
import { CartIcon, TonMark } from '../../components/icons';
import { formatCount, formatTon } from '../../lib/format';
import { cartSummaryAtom } from './cart';
import { useMarketText } from './market-texts';
import './cart-bar.css';

/**
 * The cart at hand while the market scrolls: above the tabs (and the home indicator), shown
 * whenever the cart holds a gift, with how many and what the selected ones cost; it opens the cart.
 */
export function CartBar({ onOpen }: { onOpen: () => void }) {
  const { mt, language } = useMarketText();
  const summary = useAtomValue(cartSummaryAtom);
  if (summary.count === 0) return null;
  const count = formatCount(summary.count, language);
  const total = formatTon(summary.total, language);
  return (
    <div className="cart-bar" data-testid="cart-bar">
      <button
        type="button"
        className="cart-bar__button"
        aria-label={mt('gifts.cart.barLabel', { count: summary.count, amount: total })}
        data-testid="cart-bar-open"
        onClick={onOpen}
      >
        <span className="icon-tile cart-bar__icon" aria-hidden="true">
          <CartIcon width={22} height={22} />
          <span className="cart-bar__count" data-testid="cart-bar-count">
            {count}
          </span>
        </span>
        <span className="cart-bar__text" aria-hidden="true">
          {mt('gifts.cart.bar')}
        </span>
        <span className="cart-bar__total" aria-hidden="true" data-testid="cart-bar-total" data-value={summary.total}>
          <TonMark className="cart-bar__mark" />
          {total}
        </span>
      </button>
    </div>
  );
}
