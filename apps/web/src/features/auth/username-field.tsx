import { LIMITS } from '@prodify/contract';
import type { ReactNode } from 'react';
import { InputField } from '../../components/field';

interface UsernameFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Live feedback under the field (register's availability check). */
  hint?: ReactNode;
  /** `username webauthn` on sign-in: the browser offers saved passkeys in its autofill. */
  autoComplete?: string;
}

/** The username of the sign-in and sign-up forms: typed as is, no capitals added, no spelling. */
export function UsernameField({
  value,
  onChange,
  hint,
  autoComplete = 'username',
}: UsernameFieldProps) {
  return (
    <InputField
      label="Username"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      required
      maxLength={LIMITS.usernameMax}
      liveHint={hint !== undefined}
      hint={hint}
      value={value}
      onChange={onChange}
    />
  );
}
