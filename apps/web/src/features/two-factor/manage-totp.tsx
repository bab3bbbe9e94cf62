import { KeyRound, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Button, SubmitButton } from '../../components/button';
import { PasswordField } from '../../components/field';
import { Form } from '../../components/form';
import { ApiError, isSessionExpired } from '../../lib/errors';
import { detailOf } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { CodeField, codeErrorOf } from './code-field';
import { useNewRecoveryCodes, useTotpDisable } from './queries';

/** With two-factor on: turn it off, or make new recovery codes (password and a code each). */
export function ManageTotp({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const disable = useTotpDisable();
  const renew = useNewRecoveryCodes();
  const busy = disable.isPending || renew.isPending;

  const body = () => ({
    password,
    ...(recovery ? { recovery_code: code.trim() } : { code: code.replace(/\s+/g, '') }),
  });

  const valid = () => {
    const missing = {
      ...(password ? {} : { password: 'Please enter your password.' }),
      ...(code.trim() ? {} : { code: 'Please enter a code.' }),
    };
    setErrors(missing);
    return Object.keys(missing).length === 0;
  };

  const onError = (err: unknown) => {
    if (isSessionExpired(err)) return;
    if (!(err instanceof ApiError)) return setErrors({ form: 'Something went wrong.' });
    if (err.status === 429) {
      return setErrors({ form: 'Too many attempts. Please wait a minute and try again.' });
    }
    setErrors({
      password: codeErrorOf(err.body, 'password'),
      code: codeErrorOf(err.body, 'code') ?? codeErrorOf(err.body, 'recovery_code'),
      form: detailOf(err.body),
    });
  };

  const turnOff = () => {
    if (!valid()) return;
    disable.mutate(body(), {
      onSuccess: () => toast.success('Two-factor sign-in is off.'),
      onError,
    });
  };

  const newCodes = () => {
    if (!valid()) return;
    renew.mutate(body(), {
      onSuccess: (answer) => {
        setPassword('');
        setCode('');
        onNewCodes(answer.recovery_codes);
      },
      onError,
    });
  };

  return (
    <Form busy={busy} onSubmit={turnOff} noValidate aria-label="Change two-factor sign-in">
      <p>To turn it off or get new recovery codes, confirm it is you.</p>
      <PasswordField
        label="Password"
        error={errors.password}
        value={password}
        onChange={setPassword}
      />
      <CodeField recovery={recovery} value={code} onChange={setCode} error={errors.code} />
      <button
        type="button"
        className="text-button"
        onClick={() => {
          setRecovery(!recovery);
          setCode('');
        }}
      >
        {recovery ? 'Use a code from your app' : 'Use a recovery code'}
      </button>
      <p className="form-message error" role="alert">
        {errors.form}
      </p>
      <div className="two-factor-actions">
        <SubmitButton variant="danger" busy={disable.isPending} icon={ShieldOff}>
          Turn off two-factor sign-in
        </SubmitButton>
        <Button
          variant="secondary"
          busy={renew.isPending}
          icon={<KeyRound size={16} aria-hidden="true" />}
          onClick={newCodes}
        >
          New recovery codes
        </Button>
      </div>
    </Form>
  );
}
