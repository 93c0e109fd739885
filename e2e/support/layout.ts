import type { Page } from '@playwright/test';
import type { HostOptions } from './host';

export interface LayoutProblem {
  what: string;
  element: string;
  rect: { top: number; bottom: number; left: number; right: number };
}

/**
 * Reads the page as a player sees it: horizontal overflow, and any visible text, control
 * or picture that sits under the device's safe areas or the messenger's overlay controls.
 */
export async function layoutProblems(page: Page, host: HostOptions): Promise<LayoutProblem[]> {
  const top = host.safeArea.top + host.contentSafeArea.top;
  const bottom = host.safeArea.bottom;
  return page.evaluate(
    async ({ top, bottom }) => {
      const problems: LayoutProblem[] = [];
      const describe = (el: Element) => {
        const id = el.getAttribute('data-testid');
        const text = (el.textContent ?? '').trim().slice(0, 30);
        return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} "${text}"`;
      };
      const rectOf = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      const isFixed = (el: Element | null): boolean => {
        for (let e = el; e; e = e.parentElement) {
          const p = getComputedStyle(e).position;
          if (p === 'fixed' || p === 'sticky') return true;
        }
        return false;
      };
      const visible = (el: Element) => {
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      };
      /** Things a player reads or taps: elements with their own text, controls and pictures. */
      const leaves = () =>
        Array.from(document.body.querySelectorAll('*')).filter((el) => {
          if (el.closest('.Toastify, [data-tc-root], tc-root, #tc-widget-root')) return false;
          if (!visible(el)) return false;
          if (/^(BUTTON|A|INPUT|SELECT|TEXTAREA|IMG|SVG|CANVAS)$/i.test(el.tagName)) return true;
          return Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
        });

      const width = window.innerWidth;
      const height = window.innerHeight;
      if (document.documentElement.scrollWidth > width + 1) {
        problems.push({
          what: `page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport`,
          element: 'html',
          rect: { top: 0, bottom: 0, left: 0, right: document.documentElement.scrollWidth },
        });
      }

      window.scrollTo(0, 0);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      for (const el of leaves()) {
        const r = rectOf(el);
        if (r.bottom <= 0 || r.top >= height) continue;
        if (r.right > width + 1 || r.left < -1) problems.push({ what: 'sticks out sideways', element: describe(el), rect: r });
        if (r.top < top - 1) problems.push({ what: `under the top safe area (${top}px)`, element: describe(el), rect: r });
        if (isFixed(el) && r.bottom > height - bottom + 1) {
          problems.push({ what: `under the bottom safe area (${bottom}px)`, element: describe(el), rect: r });
        }
      }

      // Scrolled to the end, the last content must clear the fixed bars and the home indicator.
      // Scroll to the end until the page stops growing (late content, lazy images).
      for (let i = 0, last = -1; i < 10 && last !== document.documentElement.scrollHeight; i++) {
        last = document.documentElement.scrollHeight;
        window.scrollTo(0, last);
        await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      }
      const fixedTops = leaves()
        .filter((el) => isFixed(el) && el.getBoundingClientRect().top > height / 2)
        .map((el) => el.getBoundingClientRect().top);
      const floor = Math.min(height - bottom, ...fixedTops);
      for (const el of leaves()) {
        if (isFixed(el)) continue;
        const r = rectOf(el);
        if (r.bottom <= 0 || r.top >= height) continue;
        if (r.bottom > floor + 1) problems.push({ what: `hidden under the bottom bar (floor ${floor}px)`, element: describe(el), rect: r });
      }
      window.scrollTo(0, 0);
      return problems;
    },
    { top, bottom },
  );
}
