import { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useRouterState } from '@tanstack/react-router';
import { KeyRound, LogIn, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, SubmitButton } from '../../components/button';
import { PasswordField } from '../../components/field';
import { Form } from '../../components/form';
import { ApiError } from '../../lib/errors';
import { setTokens } from '../../lib/tokens';
import { useSwitchUser } from '../../lib/use-switch-user';
import { signInWithPasskey, usePasskeyLogin } from '../passkeys/queries';
import { CodeField } from '../two-factor/code-field';
import { useLogin } from './queries';
import { UsernameField } from './username-field';

/** The `code` of a 401 from sign-in: the second factor is missing or wrong (ADR 0430). */
function twoFactorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 401) return undefined;
  const body = error.body as { code?: unknown } | null;
  return typeof body?.code === 'string' ? body.code : undefined;
}

export function LoginForm() {
  // Handed over by the screen before (router.tsx): a username just registered, or why the
  // device was signed out.
  const handed = useRouterState({ select: (state) => state.location.state });
  const [username, setUsername] = useState(handed.username ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  /** Asked for once the server answered `otp_required`: the second step. */
  const [askCode, setAskCode] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const login = useLogin();
  const passkey = usePasskeyLogin();
  const switchUser = useSwitchUser();

  // Passkeys offered in the username field's autofill (conditional mediation): a pick there
  // signs in at once. Clicking "Sign in with a passkey" replaces this ceremony; leaving ends it.
  const switchRef = useRef(switchUser);
  switchRef.current = switchUser;
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !live) return;
      try {
        const tokens = await signInWithPasskey(true);
        if (!live) return;
        setTokens(tokens);
        await switchRef.current('/');
      } catch {
        // Cancelled (the button's ceremony, or the page left) or refused: the form stays.
      }
    })();
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);

  const withPasskey = () => {
    setError('');
    passkey.mutate(undefined, {
      onSuccess: async (tokens) => {
        setTokens(tokens);
        await switchUser('/');
      },
      // A ceremony the user cancelled throws too: say so plainly, nothing more.
      onError: () => setError('Sign-in with a passkey did not work.'),
    });
  };

  const submit = () => {
    setError('');
    const second = askCode
      ? recovery
        ? { recovery_code: code.trim() }
        : { otp: code.replace(/\s+/g, '') }
      : {};
    return login.mutateAsync(
      { username, password, ...second },
      {
        onSuccess: async (tokens) => {
          setTokens(tokens);
          await switchUser('/');
        },
        onError: (err) => {
          const reason = twoFactorCode(err);
          if (reason === 'otp_required') {
            setAskCode(true);
            return;
          }
          if (reason === 'otp_invalid') {
            setError(recovery ? 'That recovery code did not work.' : 'That code did not work.');
            setCode('');
            return;
          }
          setError(
            err instanceof ApiError && err.status === 401
              ? 'Invalid username or password.'
              : err instanceof ApiError && err.status === 429
                ? 'Too many attempts. Please wait a minute and try again.'
                : 'Something went wrong.',
          );
        },
      },
    );
  };

  if (askCode) {
    return (
      <Form busy={login.isPending} onSubmit={submit} aria-label="Two-factor sign-in">
        <p>
          {recovery
            ? 'Enter one of your recovery codes.'
            : 'Enter the code from your authenticator app.'}
        </p>
        <CodeField recovery={recovery} value={code} onChange={setCode} autoFocus />
        <p className="form-message error" role="alert">
          {error}
        </p>
        <SubmitButton busy={login.isPending} icon={ShieldCheck}>
          Verify
        </SubmitButton>
        <button
          type="button"
          className="text-button"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError('');
          }}
        >
          {recovery ? 'Use a code from your app' : 'Use a recovery code'}
        </button>
      </Form>
    );
  }

  return (
    <Form busy={login.isPending} onSubmit={submit}>
      {handed.signedOutElsewhere ? (
        <p className="form-message notice" role="status">
          You were signed out from another device.
        </p>
      ) : null}
      <UsernameField value={username} onChange={setUsername} autoComplete="username webauthn" />
      <PasswordField
        label="Password"
        required
        autoFocus={Boolean(handed.username)}
        value={password}
        onChange={setPassword}
      />
      <p className="form-message error" role="alert">
        {error}
      </p>
      <SubmitButton busy={login.isPending} icon={LogIn}>
        Login
      </SubmitButton>
      <Button
        variant="secondary"
        busy={passkey.isPending}
        icon={<KeyRound size={16} aria-hidden="true" />}
        onClick={withPasskey}
      >
        Sign in with a passkey
      </Button>
    </Form>
  );
}
