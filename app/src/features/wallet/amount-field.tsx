import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { numberInputText } from '../../lib/number-input';
import { DecimalInput } from '../../components/decimal-input';
import '../../components/field.css';
import '../../components/chip.css';
import './amount-field.css';

export interface QuickAmount {
  label: string;
  /** The amount it writes, as the API writes it ("12.45"): the field shows it in the player's form. */
  value: string;
  testId?: string;
}

interface AmountFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint?: ReactNode;
  quick?: readonly QuickAmount[];
  /** A quick action inside the field, beside the unit (withdraw: 'Max'). */
  inlineAction?: QuickAmount;
  disabled?: boolean;
  testId?: string;
  errorTestId?: string;
}

/** A TON amount: decimal keyboard, the unit beside it, quick amounts under it, its error below. */
export function AmountField({ id, value, onChange, error, hint, quick, inlineAction, disabled, testId, errorTestId }: AmountFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const messageId = `${id}-message`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('wallet.amount.label')}
      </label>
      <div className={`field__control${error ? ' is-invalid' : ''}`}>
        <DecimalInput
          id={id}
          className="field__input field__input--amount"
          placeholder="0"
          value={value}
          disabled={disabled}
          invalid={Boolean(error)}
          aria-describedby={error || hint ? messageId : undefined}
          testId={testId}
          onChange={onChange}
        />
        <span className="field__unit" aria-hidden="true">
          {t('wallet.amount.unit')}
        </span>
        {inlineAction ? (
          <button
            type="button"
            className="field__action"
            disabled={disabled}
            data-testid={inlineAction.testId}
            onClick={() => onChange(numberInputText(inlineAction.value, locale))}
          >
            {inlineAction.label}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" id={messageId} role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={messageId}>
          {hint}
        </p>
      ) : null}
      {quick && quick.length > 0 ? (
        <div className="quick-amounts" role="group" aria-label={t('wallet.amount.quick')}>
          {quick.map((item) => (
            <button
              key={item.label}
              type="button"
              className="chip quick-amounts__chip"
              disabled={disabled}
              data-testid={item.testId}
              onClick={() => onChange(numberInputText(item.value, locale))}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
