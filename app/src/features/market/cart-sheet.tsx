import { formatTon } from '../../lib/format';
import type { Gift } from '@arcade/api-client/market';
import { toNano } from '@arcade/api-client/money';
import { useAtomValue, useSetAtom } from 'jotai';
import { memo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CartIcon, CheckIcon, TonMark, TrashIcon } from '../../components/icons';
import { balancesAtom } from '../../state/balances';
import {
  cartAtom,
  cartSummaryAtom,
  CART_LIMIT,
  confirmPricesAtom,
  removeFromCartAtom,
  selectAllAtom,
  toggleSelectedAtom,
  type CartItem,
} from './cart';
import type { CheckoutOutcome } from './checkout';
import { GiftArt, GiftName } from './gift-art';
import { describeCallError } from './market-errors';
import { checkoutAtom } from './market-state';
import { marketText, useMarketText } from './market-texts';
import { marketToast } from './market-toast';
import { Sheet } from './sheet';
import { BusyButton } from '../../components/busy-button';
import '../../components/card.css';
import '../../components/spinner.css';
import './market.css';
import './cart-sheet.css';

/** The cart button with the number of gifts in it. */
export function CartButton({ onOpen }: { onOpen: () => void }) {
  const { mt } = useMarketText();
  const count = useAtomValue(cartAtom).length;
  return (
    <button type="button" className="cart-button" aria-label={mt('gifts.cart.open', { count })} data-testid="cart-button" onClick={onOpen}>
      <CartIcon width={24} height={24} />
      {count > 0 ? (
        <span className="cart-button__badge" data-testid="cart-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </button>
  );
}

function Checkbox({ checked, disabled }: { checked: boolean; disabled?: boolean }) {
  return (
    <span className={`market-check${checked ? ' is-checked' : ''}${disabled ? ' is-disabled' : ''}`} aria-hidden="true">
      {checked ? <CheckIcon width={16} height={16} /> : null}
    </span>
  );
}

interface CartLineProps {
  item: CartItem;
  onToggle: (giftId: string) => void;
  onRemove: (giftId: string) => void;
}

const CartLine = memo(function CartLine({ item, onToggle, onRemove }: CartLineProps) {
  const { mt, language } = useMarketText();
  const { gift } = item;
  const name = { name: gift.collection.name, number: gift.number };
  const gone = item.status === 'gone';
  return (
    <li
      className={`tile tile--framed cart-line${gone ? ' is-gone' : ''}${item.status ? ` is-${item.status}` : ''}`}
      data-testid="cart-line"
      data-gift-id={gift.id}
      data-status={item.status ?? ''}
      data-price={item.price}
    >
      <button
        type="button"
        role="checkbox"
        aria-checked={item.selected}
        aria-disabled={gone || undefined}
        aria-label={mt('gifts.cart.select', name)}
        className="icon-button cart-line__select"
        data-testid="cart-line-select"
        onClick={() => (gone ? undefined : onToggle(gift.id))}
      >
        <Checkbox checked={item.selected} disabled={gone} />
      </button>
      <GiftArt look={gift} className="cart-line__art" />
      <div className="cart-line__text">
        <GiftName collection={gift.collection.name} number={gift.number} className="cart-line__name" />
        <span className="cart-line__price" data-testid="cart-line-price">
          <TonMark className="cart-line__ton" />
          {formatTon(item.price, language)}
          {item.status === 'repriced' && item.previousPrice ? (
            <s
              className="cart-line__was"
              aria-label={mt('gifts.cart.status.repricedHint', { amount: formatTon(item.previousPrice, language) })}
            >
              {formatTon(item.previousPrice, language)}
            </s>
          ) : null}
        </span>
        {item.status ? (
          <span className={`cart-line__status cart-line__status--${item.status}`} data-testid="cart-line-status">
            {mt(`gifts.cart.status.${item.status}`)}
            {gone ? <span className="cart-line__hint"> · {mt('gifts.cart.status.goneHint')}</span> : null}
            {item.status === 'unaffordable' ? (
              <>
                {' · '}
                <Link to="/deposit" className="cart-line__top-up" data-testid="cart-line-top-up">
                  {mt('gifts.cart.topUp')}
                </Link>
              </>
            ) : null}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="icon-button icon-button--hint cart-line__remove"
        aria-label={mt('gifts.cart.remove', name)}
        data-testid="cart-line-remove"
        onClick={() => onRemove(gift.id)}
      >
        <TrashIcon width={20} height={20} />
      </button>
    </li>
  );
});

function BoughtList({ bought }: { bought: Gift[] }) {
  const { mt } = useMarketText();
  return (
    <section className="cart-bought" data-testid="cart-bought" aria-labelledby="cart-bought-title">
      <h3 className="cart-bought__title" id="cart-bought-title">
        <CheckIcon width={18} height={18} />
        {mt('gifts.cart.bought.title')}
      </h3>
      <ul className="stack-list cart-bought__list">
        {bought.map((gift) => (
          <li key={gift.id} className="cart-bought__item" data-testid="cart-bought-item" data-gift-id={gift.id}>
            <GiftArt look={gift} className="cart-bought__art" />
            <GiftName collection={gift.collection.name} number={gift.number} className="cart-bought__name" />
            <span className="cart-bought__owned">{mt('gifts.cart.bought.owned')}</span>
          </li>
        ))}
      </ul>
      <Link to="/profile" className="cart-bought__link" data-testid="cart-to-profile">
        {mt('gifts.cart.bought.toProfile')}
      </Link>
    </section>
  );
}

interface CartSheetProps {
  open: boolean;
  onClose: () => void;
}

export function CartSheet({ open, onClose }: CartSheetProps) {
  const { mt } = useMarketText();
  const count = useAtomValue(cartAtom).length;
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={mt('gifts.cart.title')}
      aside={
        <span className="sheet__count" data-testid="cart-limit">
          {mt('gifts.cart.limit', { count, max: CART_LIMIT })}
        </span>
      }
      testId="cart-sheet"
      className="sheet--cart"
    >
      {open ? <CartContent onClose={onClose} /> : null}
    </Sheet>
  );
}

function CartContent({ onClose }: { onClose: () => void }) {
  const { mt, language } = useMarketText();
  const navigate = useNavigate();
  const items = useAtomValue(cartAtom);
  const summary = useAtomValue(cartSummaryAtom);
  const balances = useAtomValue(balancesAtom);
  const toggle = useSetAtom(toggleSelectedAtom);
  const remove = useSetAtom(removeFromCartAtom);
  const selectAll = useSetAtom(selectAllAtom);
  const confirmPrices = useSetAtom(confirmPricesAtom);
  const checkout = useSetAtom(checkoutAtom);
  const [busy, setBusy] = useState(false);
  const [bought, setBought] = useState<Gift[]>([]);

  const balanceNano = balances ? toNano(balances.ton) : null;
  const short = balanceNano !== null && summary.totalNano > balanceNano;
  const hasUnaffordable = items.some((item) => item.status === 'unaffordable' && item.selected);
  const sold = items.filter((item) => item.status === 'gone').map((item) => item.gift.id);

  const toDeposit = () => {
    onClose();
    void navigate('/deposit');
  };

  /** One toast per checkout: what was bought, then what was not and why. */
  const announce = (outcome: CheckoutOutcome) => {
    const lines: string[] = [];
    if (outcome.bought.length > 0)
      lines.push(marketText('gifts.toast.bought', { count: outcome.bought.length, amount: formatTon(outcome.spent, language) }));
    if (outcome.gone.length > 0) lines.push(marketText('gifts.toast.gone', { count: outcome.gone.length }));
    if (outcome.repriced.length > 0) lines.push(marketText('gifts.toast.repriced', { count: outcome.repriced.length }));
    if (outcome.unaffordable.length > 0) lines.push(marketText('gifts.toast.unaffordable', { count: outcome.unaffordable.length }));
    if (outcome.own.length > 0) lines.push(marketText('gifts.toast.own', { count: outcome.own.length }));
    if (lines.length === 0) return;
    const problems = outcome.gone.length + outcome.repriced.length + outcome.unaffordable.length + outcome.own.length;
    const kind = problems === 0 ? 'success' : outcome.bought.length > 0 ? 'warning' : outcome.unaffordable.length > 0 ? 'error' : 'warning';
    marketToast.custom(
      kind,
      `checkout:${lines.join('|')}`,
      <span className="market-toast-action">
        <span className="market-toast-action__lines">
          {lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
        {outcome.unaffordable.length > 0 ? (
          <button type="button" className="market-toast-action__button" onClick={toDeposit}>
            {marketText('gifts.cart.topUp')}
          </button>
        ) : null}
      </span>,
    );
  };

  const buy = async () => {
    if (busy || summary.selected === 0) return;
    if (summary.unconfirmed > 0) {
      confirmPrices();
      return;
    }
    setBusy(true);
    try {
      const outcome = await checkout();
      if (outcome) {
        announce(outcome);
        if (outcome.bought.length > 0) setBought((before) => [...outcome.bought.map((line) => line.gift), ...before]);
      }
    } catch (error) {
      const problem = describeCallError(error);
      marketToast.custom('error', `checkout:${problem.text}`, problem.text);
    } finally {
      setBusy(false);
    }
  };

  const label =
    summary.selected === 0
      ? mt('gifts.cart.chooseSome')
      : summary.unconfirmed > 0
        ? mt('gifts.cart.confirmPrices')
        : busy
          ? mt('gifts.cart.buying')
          : mt('gifts.cart.buy', { count: summary.selected, amount: formatTon(summary.total, language) });

  return (
    <div className="cart">
      {bought.length > 0 ? <BoughtList bought={bought} /> : null}
      {items.length === 0 ? (
        <div className="market-message cart__empty" data-testid="cart-empty">
          <CartIcon className="market-message__icon" />
          <p className="cart__empty-title">{mt('gifts.cart.empty')}</p>
          <p>{mt('gifts.cart.emptyHint')}</p>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {mt('gifts.cart.browse')}
          </button>
        </div>
      ) : (
        <>
          <div className="cart__controls">
            <button
              type="button"
              role="checkbox"
              aria-checked={summary.allSelected ? true : summary.selected > 0 ? 'mixed' : false}
              className="cart__select-all"
              data-testid="cart-select-all"
              disabled={summary.purchasable === 0}
              onClick={() => selectAll(!summary.allSelected)}
            >
              <Checkbox checked={summary.allSelected} />
              <span>{mt('gifts.cart.selectAll')}</span>
            </button>
            <span className="cart__selected" data-testid="cart-selected" data-value={summary.selected}>
              {mt('gifts.cart.selected', { count: summary.selected })}
            </span>
            {sold.length > 0 ? (
              <button type="button" className="text-button cart__clear-sold" onClick={() => remove(sold)}>
                {mt('gifts.cart.clearSold')}
              </button>
            ) : null}
          </div>
          <ul className="stack-list cart__lines">
            {items.map((item) => (
              <CartLine key={item.gift.id} item={item} onToggle={toggle} onRemove={remove} />
            ))}
          </ul>
          <div className="cart__footer">
            {summary.unconfirmed > 0 ? (
              <p className="cart__note cart__note--warn" data-testid="cart-confirm-hint">
                {mt('gifts.cart.confirmHint')}
              </p>
            ) : short || hasUnaffordable ? (
              <p className="cart__note cart__note--warn" data-testid="cart-short">
                <span>{mt('gifts.cart.short')}</span>{' '}
                <Link to="/deposit" className="cart__top-up" data-testid="cart-top-up">
                  {mt('gifts.cart.topUp')}
                </Link>
              </p>
            ) : null}
            <div className="cart__total-row">
              <span className="cart__total-label">
                {mt('gifts.cart.total')}
                {balances ? (
                  <span className="cart__balance">{mt('gifts.cart.balance', { amount: formatTon(balances.ton, language) })}</span>
                ) : null}
              </span>
              <span className="cart__total" data-testid="cart-total" data-value={summary.total}>
                <TonMark className="cart__ton" />
                {formatTon(summary.total, language)}
              </span>
            </div>
            <BusyButton
              className={`button button--block ${summary.unconfirmed > 0 ? 'button--gold' : 'button--primary'}`}
              disabled={summary.selected === 0}
              busy={busy}
              testId="cart-checkout"
              onClick={() => void buy()}
              spinner="light"
            >
              {label}
            </BusyButton>
          </div>
        </>
      )}
    </div>
  );
}
