import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CrossIcon } from '../../components/icons';
import { useMarketText } from './market-texts';
import '../../components/sheet.css';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Beside the title (a count, a small action). */
  aside?: ReactNode;
  children: ReactNode;
  /** Stays at the bottom while the body scrolls (the main action). */
  footer?: ReactNode;
  testId?: string;
  className?: string;
}

/**
 * A bottom sheet over the page (under the toasts, which must stay readable): Escape, the close
 * button and a tap on the dimmed page close it; focus moves in and comes back; the page under it
 * does not scroll. Rendered into the body, so no transformed ancestor can move it.
 */
export function Sheet({ open, onClose, title, aside, children, footer, testId, className }: SheetProps) {
  const { mt } = useMarketText();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    root.style.overflow = 'hidden';
    panel.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      root.style.overflow = overflow;
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <div
      className={`sheet${className ? ` ${className}` : ''}`}
      data-testid={testId}
      onClick={(event) => {
        // A tap on the dimmed page, outside the panel.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={panel} className="sheet__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="sheet__header">
          <span className="sheet__grip" aria-hidden="true" />
          <h2 className="sheet__title" id={titleId}>
            {title}
          </h2>
          {aside}
          <button type="button" className="sheet__close" aria-label={mt('gifts.close')} data-testid="sheet-close" onClick={onClose}>
            <CrossIcon />
          </button>
        </header>
        <div className="sheet__body">{children}</div>
        {footer ? <footer className="sheet__footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
