import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { DecimalInput } from '../src/components/decimal-input';
import { createI18n } from './i18n-helper';

afterEach(cleanup);

/** A field as a screen holds one: the text in state, filled in by the app at first. */
function Field({ start }: { start: string }) {
  const [text, setText] = useState(start);
  return (
    <>
      <DecimalInput aria-label="amount" value={text} onChange={setText} testId="amount" />
      <output data-testid="held">{text}</output>
    </>
  );
}

function renderIn(lang: 'ru' | 'en', start: string) {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <Field start={start} />
    </I18nextProvider>,
  );
  return screen.getByTestId<HTMLInputElement>('amount');
}

describe('a decimal field', () => {
  it("shows a value the app filled in (the API's 10.5) with the interface language's decimal mark", () => {
    expect(renderIn('ru', '10.5').value).toBe('10,5');
    cleanup();
    expect(renderIn('en', '10.5').value).toBe('10.5');
  });

  it("turns the other language's mark the player's keyboard typed into this language's, as typed", () => {
    const field = renderIn('ru', '');
    fireEvent.change(field, { target: { value: '2.75' } });
    expect(field.value).toBe('2,75');
    expect(screen.getByTestId('held').textContent).toBe('2,75');
    expect(field.inputMode).toBe('decimal');
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
