import type { ReactNode } from 'react';
import './status-screen.css';

interface StatusScreenProps {
  testId: string;
  tone?: 'info' | 'error';
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Inside the main layout the screen fills the content area, not the whole viewport. */
  inline?: boolean;
}

/** A centred message with an icon, a title, a description and actions. */
export function StatusScreen({ testId, tone = 'info', icon, title, description, children, inline }: StatusScreenProps) {
  return (
    <section
      className={`status-screen status-screen--${tone}${inline ? ' status-screen--inline' : ''}`}
      data-testid={testId}
      role={tone === 'error' ? 'alert' : undefined}
    >
      <div className="status-screen__icon" aria-hidden="true">
        {icon}
      </div>
      <h1 className="status-screen__title">{title}</h1>
      {description ? <div className="status-screen__description">{description}</div> : null}
      {children ? <div className="status-screen__actions">{children}</div> : null}
    </section>
  );
}
