import type { ReactNode } from 'react';

interface PlaySectionProps {
  /** Names the card: test id `play-<name>`, its title's id `play-<name>-title`. */
  name: string;
  title: string;
  /** The line under the title that says what the card does. */
  text?: string;
  /** A card whose action cannot be undone (self-exclusion): drawn in the warning colour. */
  danger?: boolean;
  children: ReactNode;
}

/** One card of the responsible play screen: a section labelled by its title. */
export function PlaySection({ name, title, text, danger = false, children }: PlaySectionProps) {
  const titleId = `play-${name}-title`;
  return (
    <section className={`card play-section${danger ? ' play-section--danger' : ''}`} aria-labelledby={titleId} data-testid={`play-${name}`}>
      <h2 className="play-section__title" id={titleId}>
        {title}
      </h2>
      {text ? <p className="play-section__text">{text}</p> : null}
      {children}
    </section>
  );
}
