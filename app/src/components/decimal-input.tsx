import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { localiseTyping, typedNumber } from '../lib/number-input';

type DecimalInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  /** The text to show: what the player typed, or a canonical decimal ("0.5") the app put there. */
  value: string;
  /** The text typed, its decimal mark the interface language's. */
  onChange: (text: string) => void;
  invalid?: boolean;
  testId?: string;
};

/**
 * The one field for a decimal number a player types (a stake, an amount, a limit, a price, a roll
 * target): the decimal keyboard, and the decimal mark always the interface language's, whether
 * the player's keyboard typed the other one or the app filled the field in (lib/number-input.ts).
 * A count asks for the digits keyboard instead (inputMode="numeric").
 */
export function DecimalInput({ value, onChange, invalid, testId, ...rest }: DecimalInputProps) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <input
      type="text"
      inputMode="decimal"
      autoComplete="off"
      autoCorrect="off"
      spellCheck={false}
      enterKeyHint="done"
      {...rest}
      value={localiseTyping(value, locale)}
      aria-invalid={invalid ? true : undefined}
      data-testid={testId}
      onChange={(event) => onChange(typedNumber(event.target, locale))}
    />
  );
}
