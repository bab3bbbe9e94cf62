import { InputField } from '../../components/field';

interface CodeFieldProps {
  /** A recovery code instead of a 6-digit code from the app. */
  recovery?: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
}

/** The field of a second factor: a code from the authenticator app, or a recovery code. */
export function CodeField({ recovery = false, value, onChange, error, autoFocus }: CodeFieldProps) {
  return recovery ? (
    <InputField
      label="Recovery code"
      hint="One of the codes you saved when you turned on two-factor sign-in."
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={64}
      required
      error={error}
      value={value}
      onChange={onChange}
      autoFocus={autoFocus}
    />
  ) : (
    <InputField
      label="Authentication code"
      hint="The 6-digit code from your authenticator app."
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      required
      error={error}
      value={value}
      onChange={onChange}
      autoFocus={autoFocus}
    />
  );
}

/** What a code error says: the field's own message when the API gave one. */
export function codeErrorOf(body: unknown, field: 'code' | 'recovery_code' | 'password') {
  if (body && typeof body === 'object' && field in body) {
    const list = (body as Record<string, unknown>)[field];
    if (Array.isArray(list) && typeof list[0] === 'string') return list[0];
  }
  return undefined;
}
