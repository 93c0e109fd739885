import { playRefusalKey, usePlayT } from '../i18n/play-texts';
import { PrefetchLink } from './prefetch-link';
import './text-link.css';

/** The way from a refusal of responsible play (a limit, a break, the 18+ question) to its settings screen. */
export function PlayLink() {
  const { rt } = usePlayT();
  return (
    <PrefetchLink to="/profile/play" className="text-link play-link" data-testid="play-refusal-link">
      {rt('responsible.refusal.link')}
    </PrefetchLink>
  );
}

/** A refusal of responsible play in the player's language (the server's words for a code this app does not know), and the way to the settings. */
export function PlayRefusal({ code, fallback }: { code: string; fallback: string }) {
  const { rt } = usePlayT();
  const key = playRefusalKey(code);
  return (
    <>
      {key ? rt(key) : fallback} <PlayLink />
    </>
  );
}
