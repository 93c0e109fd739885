import type { ReactNode } from 'react';
import { ChevronRightIcon } from './icons';
import { PrefetchLink, type PrefetchMode } from './prefetch-link';

interface LinkRowProps {
  to: string;
  icon: ReactNode;
  title: string;
  hint?: string;
  prefetch?: PrefetchMode;
  testId?: string;
}

/** A full-width navigation row (a 56 px tap target). */
export function LinkRow({ to, icon, title, hint, prefetch = 'viewport', testId }: LinkRowProps) {
  return (
    <PrefetchLink to={to} className="link-row" prefetch={prefetch} data-testid={testId}>
      <span className="icon-tile" aria-hidden="true">
        {icon}
      </span>
      <span className="link-row__text">
        <span className="link-row__title">{title}</span>
        {hint ? <span className="link-row__hint">{hint}</span> : null}
      </span>
      <ChevronRightIcon className="link-row__chevron" />
    </PrefetchLink>
  );
}
