import type { KeyboardEvent, ReactNode } from 'react';
import { Field } from './field';

/*
 * A textarea with a limit that is shown, not enforced by cutting: a paste past the limit stays
 * whole, the count says by how much it is over, and the form refuses to save until it fits.
 * (`maxLength` would cut the paste without a word.) The count is the server's: UTF-16 units
 * of the trimmed text.
 */

const number = new Intl.NumberFormat();

/** The length the server checks against the limit. */
export const countedLength = (value: string) => value.trim().length;

/** How far `value` is over `max` (0 when it fits). */
export const overLimit = (value: string, max: number) => Math.max(0, countedLength(value) - max);

/** "Too long by 19,000 characters…", or '' when it fits. */
export function overLimitMessage(value: string, max: number): string {
  const over = overLimit(value, max);
  if (over === 0) return '';
  const by = over === 1 ? '1 character' : `${number.format(over)} characters`;
  return `Too long by ${by}: the limit is ${number.format(max)}. Nothing was cut; shorten the text to save.`;
}

interface LongTextFieldProps {
  label: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  /** Shown before the count. */
  hint?: string;
  /** Another error (blank); the limit's own message comes first. */
  error?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

export function LongTextField({
  label,
  max,
  value,
  onChange,
  rows,
  hint,
  error,
  onKeyDown,
}: LongTextFieldProps) {
  const tooLong = overLimitMessage(value, max);
  const count = `${number.format(countedLength(value))} / ${number.format(max)} characters`;
  const shownError: ReactNode = tooLong ? <span role="alert">{tooLong}</span> : error;
  return (
    <Field
      label={label}
      hint={
        <>
          {hint ? <span>{hint} </span> : null}
          <span className="text-count">{count}</span>
        </>
      }
      error={shownError || undefined}
    >
      {(control) => (
        <textarea
          {...control}
          required
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
      )}
    </Field>
  );
}
