import type { ButtonHTMLAttributes } from 'react';

interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The call this button starts is on its way: the button is disabled and says so to assistive tech. */
  busy: boolean;
  testId?: string;
  /** A small spinner before the label while busy: 'light' on a filled button, 'default' on a pale one. */
  spinner?: 'light' | 'default';
}

/** A button that starts a call and stays disabled, marked busy, until the call settles. */
export function BusyButton({ busy, disabled, testId, spinner, type = 'button', children, ...rest }: BusyButtonProps) {
  return (
    <button type={type} disabled={busy || disabled} aria-busy={busy} data-testid={testId} {...rest}>
      {busy && spinner ? (
        <span className={spinner === 'light' ? 'spinner spinner--small spinner--light' : 'spinner spinner--small'} aria-hidden="true" />
      ) : null}
      {children}
    </button>
  );
}
