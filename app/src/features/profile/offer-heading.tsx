import type { ReactNode } from 'react';

/**
 * A profile card's head: its icon tile, its title (`profile-${id}`, for aria-labelledby) and a
 * line of explanation (`profile-${id}-text`, for aria-describedby).
 */
export function OfferHeading({ id, icon, title, text, tone }: { id: string; icon: ReactNode; title: string; text: string; tone?: 'win' }) {
  return (
    <>
      <span className={`icon-tile icon-tile--task${tone === 'win' ? ' profile-offer__icon--win' : ''}`} aria-hidden="true">
        {icon}
      </span>
      <div className="profile-offer__text">
        <h2 className="profile-section__title" id={`profile-${id}`}>
          {title}
        </h2>
        <p className="profile-offer__body" id={`profile-${id}-text`}>
          {text}
        </p>
      </div>
    </>
  );
}
