import { expect, test, type Page, type TestInfo, anySize } from '../support/test';
import { apiPlayer, type LightProfile } from '../support/api';
import { openApp } from '../support/host';
import { nano, ton } from '../support/money';

const PHONES = ['iphone-se', 'iphone-15', 'iphone-16-pro-max', 'pixel-7', 'galaxy-s24', 'android-320'];
const phoneIndex = (testInfo: TestInfo) => Math.max(0, PHONES.indexOf(testInfo.project.name));

interface Gift {
  id: string;
  price: string | null;
  number: number;
  collection: { id: string; name: string };
  model: { name: string };
  backdrop: { name: string };
}
interface Page_ {
  items: Gift[];
  total: number | null;
}
interface Facet {
  name: string;
  floor: string | null;
}
interface Info {
  floors: { collection: string | null; model: string | null; backdrop: string | null };
  history: { count: number; last: { price: string } | null };
}

/** The part alone, saved for a look (ru and en, each phone). */
async function shoot(page: Page, testInfo: TestInfo, lang: string, name: string, testId: string) {
  await page.getByTestId(testId).screenshot({ path: `test-results/market-floors/${testInfo.project.name}-${lang}-${name}.png` });
}

const TEXT = {
  en: { buy: /^Buy now · /, pay: /^Pay /, floor: /^Floor: [\d.,]+ TON\s*from/, help: 'below every other listing' },
  ru: { buy: /^Купить за /, pay: /^Оплатить /, floor: /^Минимум: [\d\s,]+ TON\s*от/, help: 'дешевле всех остальных' },
} as const;

for (const lang of ['en', 'ru'] as const) {
  test(
    `floors in a filter sheet and on a gift, its model's sales, buy now and the discount sort (${lang})`,
    anySize,
    async ({ page, request }, testInfo) => {
      test.setTimeout(120_000);
      const text = TEXT[lang];
      const { user, server } = await apiPlayer(request, { name: `Floor Buyer ${lang}`, lang, ton: '5000' });

      // Each phone and language takes a model of its own (the other market specs shop by backdrop,
      // cheapest first): the gift is the dearest of that model in the collection that lists most of
      // them, and the model's first sale here is the cheapest other one, bought over the API.
      const models = (await server.call<{ models: Facet[] }>('market/facets', {})).models.map((m) => m.name).sort();
      const model = models[(phoneIndex(testInfo) * 2 + (lang === 'ru' ? 1 : 0)) % models.length]!;
      const where = (await server.call<{ collections: Array<{ id: string; count: number }> }>('market/facets', { models: [model] }))
        .collections;
      const collection = [...where].sort((x, y) => y.count - x.count || x.id.localeCompare(y.id))[0]!.id;
      const sameModel = { collections: [collection], models: [model] };
      const group = (await server.call<Page_>('market/list', { ...sameModel, sort: 'price-desc', limit: 30 })).items;
      const target = group[0]!;
      const others = group.slice(1).reverse();
      let sold = false;
      for (const other of others) {
        const reply = await server.call<{ items: Array<{ result: string }> }>('market/checkout', {
          items: [{ giftId: other.id, price: other.price }],
          idempotencyKey: `e2e-floors-history-${user.id}-${other.id}`,
        });
        if (reply.items[0]?.result === 'bought') {
          sold = true;
          break;
        }
      }
      expect(sold, 'a sale of the model to draw').toBe(true);
      const balance = (await server.call<LightProfile>('profile/light')).balance.ton;

      await openApp(page, testInfo, { user, path: `/market?collection=${target.collection.id}&sort=price-desc` });
      await expect(page.getByTestId('screen-market')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', balance);

      // The model sheet: each model's floor beside it, as the facets call counts it under the collection filter.
      const facets = await server.call<{ models: Facet[] }>('market/facets', { collections: [target.collection.id] });
      await page.getByTestId('filter-chip-model').click();
      const sheet = page.getByTestId('filter-sheet');
      const option = sheet.locator(`[data-testid="facet-option"][data-value="${target.model.name}"]`);
      const floor = option.getByTestId('facet-floor');
      await expect(floor).toHaveAttribute('data-value', facets.models.find((m) => m.name === target.model.name)!.floor!);
      await expect(floor).toHaveText(text.floor);
      await shoot(page, testInfo, lang, 'filter-sheet', 'filter-sheet');
      await option.click();
      await page.getByTestId('filter-apply').click();
      await expect(sheet).toHaveCount(0);

      // The gift's detail: the floors of the other listings, how its price compares, its model's sales.
      const info = await server.call<Info>('market/gift-info', { giftId: target.id });
      const card = page.locator(`[data-testid="gift-card"][data-gift-id="${target.id}"]`);
      await card.locator('.gift-card__open').click();
      const detail = page.getByTestId('gift-detail');
      await expect(detail.getByTestId('gift-floor-collection')).toHaveAttribute('data-value', info.floors.collection ?? '');
      await expect(detail.getByTestId('gift-floor-model')).toHaveAttribute('data-value', info.floors.model ?? '');
      await expect(detail.getByTestId('gift-floor-backdrop')).toHaveAttribute('data-value', info.floors.backdrop ?? '');
      await expect(detail.getByTestId('gift-floor-compare').first()).toBeVisible();
      await expect(detail.getByTestId('price-chart')).toBeVisible();
      expect(Number(await detail.getByTestId('price-history').getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
      await expect(detail.getByTestId('price-history-last')).toHaveAttribute('data-value', info.history.last!.price);
      await shoot(page, testInfo, lang, 'detail', 'gift-detail');
      await detail.getByTestId('price-history').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/market-floors/${testInfo.project.name}-${lang}-detail-screen.png` });

      // Buy now: one tap, one confirmation; the balance moves by the price, once.
      await expect(detail.getByTestId('gift-detail-buy')).toHaveText(text.buy);
      await detail.getByTestId('gift-detail-buy').click();
      const confirm = detail.getByTestId('buy-now-confirm');
      await expect(confirm).toBeVisible();
      await shoot(page, testInfo, lang, 'buy-now-confirm', 'gift-detail');
      await expect(confirm.getByTestId('buy-now-pay')).toHaveText(text.pay);
      await confirm.getByTestId('buy-now-pay').click();
      await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', ton(nano(balance) - nano(target.price!)));
      await expect(detail).toContainText(lang === 'en' ? 'This gift is yours' : 'Это ваш подарок');
      const owned = (await server.call<{ items: Gift[] }>('gifts/inventory')).items;
      expect(owned.map((gift) => gift.id)).toContain(target.id);
      expect((await server.call<LightProfile>('profile/light')).balance.ton).toBe(ton(nano(balance) - nano(target.price!)));
      await detail.getByTestId('sheet-close').click();

      // The discount sort, with its rule told in the sheet; the grid follows the server's order.
      await page.getByTestId('filters-reset').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('collection')).toBe(null);
      await page.getByTestId('sort-chip').click();
      await expect(page.getByTestId('sort-help-discount')).toContainText(text.help);
      await page.getByTestId('sort-help-discount').scrollIntoViewIfNeeded();
      await shoot(page, testInfo, lang, 'sort-sheet', 'sort-sheet');
      await page.getByTestId('sort-option-discount-desc').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('discount-desc');
      const grid = page.getByTestId('market-grid');
      await expect(grid).not.toHaveAttribute('aria-busy', 'true');
      await expect
        .poll(async () => {
          const expected = (await server.call<Page_>('market/list', { sort: 'discount-desc', limit: 6 })).items.map((gift) => gift.id);
          const shown = (
            await grid.getByTestId('gift-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-gift-id')))
          ).slice(0, 6);
          return JSON.stringify(shown) === JSON.stringify(expected);
        })
        .toBe(true);
    },
  );
}
