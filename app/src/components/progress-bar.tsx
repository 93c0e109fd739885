import './progress-bar.css';

interface ProgressBarProps {
  /** 0..1 */
  value: number;
  /** What the bar measures, for screen readers. */
  label: string;
  tone?: 'gold' | 'ton' | 'win';
  testId?: string;
}

/** A filled bar (the spec's "filled amount out of a maximum"). */
export function ProgressBar({ value, label, tone = 'gold', testId }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 1000) / 10;
  return (
    <div
      className={`meter meter--${tone}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={testId}
    >
      {/* Any progress at all shows as at least a sliver. */}
      <span className="meter__fill" style={{ width: percent > 0 ? `max(${percent}%, 8px)` : '0' }} />
    </div>
  );
}
