import { PasswordField } from '../../components/field';
import { missingText, refusedCriteria, strengthLabel } from './password-strength';

interface NewPasswordFieldProps {
  screen: 'register' | 'settings';
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}

/**
 * A new password with live feedback: the spec's strength label, and what the server would still
 * refuse it for ('Missing: a symbol'), read with the field and announced as it changes.
 */
export function NewPasswordField({ screen, ...field }: NewPasswordFieldProps) {
  const password = field.value;
  const label = password ? strengthLabel(screen, password) : null;
  const missing = password ? missingText(refusedCriteria(screen, password)) : '';
  const idle = screen === 'settings' ? 'Leave blank to keep your current password.' : null;
  return (
    <PasswordField
      {...field}
      autoComplete="new-password"
      liveHint
      hint={
        label ? (
          <>
            <span className={`strength strength-${label.level}`}>{label.text}</span>
            {/* The space keeps the two apart in the field's accessible description. */}
            {missing ? (
              <>
                {' '}
                <span className="password-missing">{missing}</span>
              </>
            ) : null}
          </>
        ) : (
          idle
        )
      }
    />
  );
}
