import type { TotpSetup } from '@prodify/contract';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button, SubmitButton } from '../../components/button';
import { Form } from '../../components/form';
import { ApiError, isSessionExpired } from '../../lib/errors';
import { CodeField, codeErrorOf } from './code-field';
import { useTotpConfirm } from './queries';

interface EnrolProps {
  setup: TotpSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}

/** Step two of setting up: scan (or type) the secret, then confirm with a code from the app. */
export function EnrolTotp({ setup, onConfirmed, onCancel }: EnrolProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const confirm = useTotpConfirm();
  // The server's own SVG (paths only), shown as an image: no markup of it enters the page.
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;

  const submit = () => {
    setError('');
    confirm.mutate(code.replace(/\s+/g, ''), {
      onSuccess: (body) => onConfirmed(body.recovery_codes),
      onError: (err) => {
        if (isSessionExpired(err)) return;
        setError(
          err instanceof ApiError && err.status === 429
            ? 'Too many attempts. Please wait a minute and try again.'
            : (err instanceof ApiError && codeErrorOf(err.body, 'code')) ||
                'Could not turn on two-factor sign-in.',
        );
      },
    });
  };

  return (
    <Form busy={confirm.isPending} onSubmit={submit} aria-label="Set up an authenticator app">
      <p>Scan this QR code with your authenticator app.</p>
      <img className="totp-qr" src={qr} alt="QR code for your authenticator app" />
      <p>
        Or enter this key by hand: <code className="totp-secret">{setup.secret}</code>
      </p>
      <CodeField value={code} onChange={setCode} error={error} />
      <div className="two-factor-actions">
        <SubmitButton busy={confirm.isPending} icon={ShieldCheck}>
          Turn on
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
