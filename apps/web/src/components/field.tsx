import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { charsLeftHint } from './char-count';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Announce hint changes (live feedback such as the username check). */
  liveHint?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, the control, and an optional hint and error, wired together by id. */
export function Field({ label, hint, error, liveHint, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {liveHint ? (
        <p className="field-hint" id={hintId} aria-live="polite">
          {hint}
        </p>
      ) : hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface InputFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  liveHint?: boolean;
  /** A class on the field's wrapper (the input takes `className`). */
  fieldClassName?: string;
  value: string;
  onChange: (value: string) => void;
}

/** A Field around a plain `<input>` (text unless `type` says otherwise). */
export function InputField({
  label,
  hint,
  error,
  liveHint,
  fieldClassName,
  onChange,
  ...input
}: InputFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} liveHint={liveHint} className={fieldClassName}>
      {(control) => (
        <input type="text" {...control} {...input} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** A password's field; a current password unless `autoComplete` says 'new-password'. */
export function PasswordField(props: Omit<InputFieldProps, 'type'>) {
  return <InputField type="password" autoComplete="current-password" {...props} />;
}

/**
 * An InputField of at most `max` characters (code points) that says how many are left as the
 * limit nears (components/char-count.tsx).
 */
export function CountedInputField({
  max,
  ...field
}: Omit<InputFieldProps, 'maxLength' | 'hint' | 'liveHint' | 'fieldClassName'> & { max: number }) {
  return (
    <InputField
      {...field}
      maxLength={max}
      hint={charsLeftHint(field.value, max)}
      liveHint
      fieldClassName="counted"
    />
  );
}
