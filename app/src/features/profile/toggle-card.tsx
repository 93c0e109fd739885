import type { ReactNode } from 'react';
import { OfferHeading } from './offer-heading';
import '../../components/switch.css';

interface ToggleCardProps {
  /** Names the card's title and text for the switch's label and description, and its test ids. */
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  /** Where the switch stands (while saving: where it is going). */
  on: boolean;
  /** Saving or not yet known: announced, and the switch does not take taps. */
  busy?: boolean;
  disabled?: boolean;
  onToggle: () => void;
}

/** One of the profile's settings: an icon, a title, a line of explanation and a switch. */
export function ToggleCard({ id, icon, title, text, on, busy = false, disabled = false, onToggle }: ToggleCardProps) {
  return (
    <section className="card profile-toggle" data-testid={id}>
      <OfferHeading id={id} icon={icon} title={title} text={text} />
      <button
        type="button"
        role="switch"
        className={`switch${on ? ' is-on' : ''}`}
        aria-checked={on}
        aria-labelledby={`profile-${id}`}
        aria-describedby={`profile-${id}-text`}
        aria-busy={busy}
        disabled={busy || disabled}
        onClick={onToggle}
        data-testid={`${id}-switch`}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </section>
  );
}
