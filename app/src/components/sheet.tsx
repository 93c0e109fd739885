import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CrossIcon } from './icons';
import './icon-button.css';
import './sheet.css';

interface BottomSheetProps {
  title: ReactNode;
  /** Beside the title (a count, a small action). */
  aside?: ReactNode;
  children: ReactNode;
  /** Stays at the bottom while the body scrolls (the main action, a question's answers). */
  footer?: ReactNode;
  /** Escape and a tap on the dimmed page call it; without it the sheet waits for an answer. */
  onClose?: () => void;
  /** The close button's label in the screen's language; without it there is no close button. */
  closeLabel?: string;
  closeTestId?: string;
  testId?: string;
  className?: string;
  panelClassName?: string;
  titleClassName?: string;
  bodyClassName?: string;
}

const withClass = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base);

/**
 * A sheet over the page from the bottom (under the toasts, which must stay readable): focus moves
 * in and comes back when it closes, the page under it does not scroll, Escape and a tap on the
 * dimmed page close it when it can be closed. Rendered into the body, so no transformed ancestor
 * can move it. Mounting it opens it.
 */
export function BottomSheet(props: BottomSheetProps) {
  const { title, aside, children, footer, onClose, closeLabel, closeTestId, testId } = props;
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useEffectEvent(() => onClose?.());

  useEffect(() => {
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
  }, []);

  if (typeof document === 'undefined') return null;
  return createPortal(
    <div
      className={withClass('sheet', props.className)}
      data-testid={testId}
      onClick={(event) => {
        // A tap on the dimmed page, outside the panel.
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div
        ref={panel}
        className={withClass('sheet__panel', props.panelClassName)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="sheet__header">
          <span className="sheet__grip" aria-hidden="true" />
          <h2 className={withClass('sheet__title', props.titleClassName)} id={titleId}>
            {title}
          </h2>
          {aside}
          {closeLabel && onClose ? (
            <button
              type="button"
              className="icon-button icon-button--hint sheet__close"
              aria-label={closeLabel}
              data-testid={closeTestId}
              onClick={onClose}
            >
              <CrossIcon />
            </button>
          ) : null}
        </header>
        <div className={withClass('sheet__body', props.bodyClassName)}>{children}</div>
        {footer ? <footer className="sheet__footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
