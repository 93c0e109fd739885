import type { ReactNode } from 'react';

interface UpcomingProps {
  icon: ReactNode;
  children: ReactNode;
}

/** What a part of a screen will hold once it is built: text only, no invented data. */
export function Upcoming({ icon, children }: UpcomingProps) {
  return (
    <div className="upcoming">
      <span className="upcoming__icon" aria-hidden="true">
        {icon}
      </span>
      <p>{children}</p>
    </div>
  );
}
