import type { GiftMarketInfo } from '@arcade/api-client/market';
import { formatTon } from '../../lib/format';
import { formatMoment } from '../../lib/format';
import { chartGeometry } from './price-chart-math';
import { useMarketText } from './market-texts';
import './price-chart.css';

const BOX = { width: 300, height: 96, pad: 6 };

/** A model's sales in this market as a step line of price over time, with the count and the last sale. */
export function PriceHistory({ model, history }: { model: string; history: GiftMarketInfo['history'] }) {
  const { mt, language } = useMarketText();
  if (history.count === 0 || !history.last) {
    return (
      <p className="price-history__empty" data-testid="price-history-empty">
        {mt('gifts.detail.historyEmpty', { name: model })}
      </p>
    );
  }
  const geometry = chartGeometry(history.points, BOX);
  const label = mt('gifts.detail.chartLabel', {
    count: history.points.length,
    name: model,
    low: formatTon(geometry.low ?? '0', language),
    high: formatTon(geometry.high ?? '0', language),
  });
  const lastDot = geometry.dots.at(-1);
  // One price (a lone sale, or every sale at it): the summary says it, no scale beside the line.
  const flat = geometry.low === geometry.high;
  return (
    <div className="price-history" data-testid="price-history" data-count={history.count}>
      <div className={`price-history__plot${flat ? ' is-flat' : ''}`}>
        <svg
          className="price-history__chart"
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={label}
          data-testid="price-chart"
        >
          <path className="price-history__line" d={geometry.path} vectorEffect="non-scaling-stroke" />
          {lastDot ? <circle className="price-history__dot" cx={lastDot.x} cy={lastDot.y} r={4} /> : null}
        </svg>
        {flat ? null : (
          <>
            <span className="hint-figure price-history__tick price-history__tick--high" aria-hidden="true">
              {formatTon(geometry.high ?? '0', language)}
            </span>
            <span className="hint-figure price-history__tick price-history__tick--low" aria-hidden="true">
              {formatTon(geometry.low ?? '0', language)}
            </span>
          </>
        )}
      </div>
      <p className="price-history__summary">
        <span data-testid="price-history-last" data-value={history.last.price}>
          {mt('gifts.detail.lastSale', {
            amount: formatTon(history.last.price, language),
            date: formatMoment(history.last.at, language),
          })}
        </span>
        <span className="price-history__count">{mt('gifts.detail.historyCount', { count: history.count })}</span>
      </p>
    </div>
  );
}
