import type { ReactNode } from 'react';
import './card.css';
import './screen.css';

interface ScreenProps {
  /** Becomes `data-testid="screen-<name>"`. */
  name: string;
  title: string;
  description?: string;
  /** Something beside the title (a small action). */
  aside?: ReactNode;
  children?: ReactNode;
}

/** A screen's root: its title, a short description of what it is for, and its content. */
export function Screen({ name, title, description, aside, children }: ScreenProps) {
  return (
    <section className="screen" data-testid={`screen-${name}`} aria-labelledby={`screen-${name}-title`}>
      <header className="screen__header">
        <div className="ends-row">
          <h1 className="screen__title" id={`screen-${name}-title`}>
            {title}
          </h1>
          {aside}
        </div>
        {description ? <p className="screen__description">{description}</p> : null}
      </header>
      {children}
    </section>
  );
}
