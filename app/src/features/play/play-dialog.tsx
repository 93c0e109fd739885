import type { ReactNode } from 'react';
import { BottomSheet } from '../../components/sheet';
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

/** A question over the page that wants an answer (a break, self-exclusion, the 18+ question, the reality check). */
export function PlayDialog({ title, children, footer, onClose, testId, tone }: PlayDialogProps) {
  return (
    <BottomSheet
      title={title}
      footer={footer}
      onClose={onClose}
      testId={testId}
      className="play-dialog"
      panelClassName={tone === 'danger' ? 'play-dialog--danger' : undefined}
      titleClassName="play-dialog__title"
      bodyClassName="play-dialog__body"
    >
      {children}
    </BottomSheet>
  );
}

interface DialogActionsProps {
  /** Without it there is no cancel button (the question must be answered). */
  onCancel?: () => void;
  cancelLabel?: string;
  cancelTestId?: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** A call is under way: both buttons wait. */
  busy?: boolean;
  /** The confirm button waits for something more (a box ticked). */
  confirmDisabled?: boolean;
  confirmTestId: string;
  tone?: 'danger';
}

/** A question's answers: cancel (or leave), and the action it asks about. */
export function DialogActions(props: DialogActionsProps) {
  const { busy = false, tone } = props;
  return (
    <div className="sheet-actions">
      {props.onCancel ? (
        <button type="button" className="button button--ghost" onClick={props.onCancel} disabled={busy} data-testid={props.cancelTestId}>
          {props.cancelLabel}
        </button>
      ) : null}
      <button
        type="button"
        className={`button ${tone === 'danger' ? 'play-danger-button' : 'button--primary'} sheet-actions__main`}
        onClick={props.onConfirm}
        disabled={busy || props.confirmDisabled}
        aria-busy={busy || undefined}
        data-testid={props.confirmTestId}
      >
        {props.confirmLabel}
      </button>
    </div>
  );
}
