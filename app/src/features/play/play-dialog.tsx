import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import '../../components/sheet.css';
import './play.css';

interface PlayDialogProps {
  title: string;
  children: ReactNode;
  /** The buttons, at the bottom. */
  footer: ReactNode;
  /** Escape and a tap on the dimmed page call it; without it the dialog waits for an answer. */
  onClose?: () => void;
  testId?: string;
  tone?: 'danger';
}

/**
 * A question over the page that wants an answer (a break, self-exclusion, the 18+ question, the
 * reality check): focus moves in and comes back, the page under it does not scroll. Rendered into
 * the body, so no transformed ancestor can move it.
 */
export function PlayDialog({ title, children, footer, onClose, testId, tone }: PlayDialogProps) {
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

  return createPortal(
    <div
      className="sheet play-dialog"
      data-testid={testId}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div
        ref={panel}
        className={`sheet__panel${tone === 'danger' ? ' play-dialog--danger' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="sheet__header">
          <span className="sheet__grip" aria-hidden="true" />
          <h2 className="sheet__title play-dialog__title" id={titleId}>
            {title}
          </h2>
        </header>
        <div className="sheet__body play-dialog__body">{children}</div>
        <footer className="sheet__footer">{footer}</footer>
      </div>
    </div>,
    document.body,
  );
}
