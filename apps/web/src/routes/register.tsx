import { LIMITS } from '@prodify/contract';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Button } from '../components/button';
import { Field } from '../components/field';
import {
  type Availability,
  checkUsername,
  USERNAME_CHECK_DELAY_MS,
  USERNAME_CHECK_MIN_LENGTH,
  useRegister,
} from '../features/auth/queries';
import { debounce } from '../lib/debounce';
import { ApiError } from '../lib/errors';
import { joinMessages } from '../lib/messages';
import { REGISTER_STRONG, registerStrengthMessage } from '../lib/password-strength';
import { toast } from '../lib/toast';
import { clearStorage } from '../lib/tokens';
import { useTitle } from '../lib/use-title';
import { AuthCard } from './-components/auth-card';

export const Route = createFileRoute('/register')({
  // Visiting /register clears local storage (spec §2); a hover preload must not.
  beforeLoad: ({ context, preload }) => {
    if (preload) return;
    clearStorage();
    context.queryClient.clear();
  },
  component: RegisterPage,
});

/** 'available' or 'taken' for the name as typed now; 'unknown' until its check has answered. */
function useUsernameAvailability(username: string): Availability {
  const [result, setResult] = useState<{ name: string; status: Availability } | null>(null);
  const check = useMemo(
    () =>
      debounce(async (name: string) => {
        setResult({ name, status: 'checking' });
        const status = await checkUsername(name);
        setResult((prev) => (prev?.name === name ? { name, status } : prev));
      }, USERNAME_CHECK_DELAY_MS),
    [],
  );

  useEffect(() => {
    if (username.length >= USERNAME_CHECK_MIN_LENGTH) check(username);
    else check.cancel();
  }, [username, check]);

  useEffect(() => () => check.cancel(), [check]);

  return result?.name === username ? result.status : 'unknown';
}

const AVAILABILITY_TEXT: Record<Availability, string> = {
  unknown: '',
  checking: 'Checking...',
  available: 'Username available',
  taken: 'Username is taken',
};

function RegisterPage() {
  useTitle('Register');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const availability = useUsernameAvailability(username);
  const register = useRegister();
  const navigate = useNavigate();
  const strength = password ? registerStrengthMessage(password) : '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending || availability === 'taken') return;
    setError('');
    register.mutate(
      { username, password },
      {
        onSuccess: async () => {
          toast.success('Registration successful! Please log in.');
          await navigate({ to: '/login' });
        },
        onError: (err) => {
          const reason = err instanceof ApiError ? joinMessages(err.body) : '';
          setError(reason ? `Registration failed. ${reason}` : 'Registration failed.');
        },
      },
    );
  };

  return (
    <AuthCard title="Register">
      <form className="form" onSubmit={submit}>
        <Field
          label="Username"
          liveHint
          hint={
            AVAILABILITY_TEXT[availability] ? (
              <span className={`availability availability-${availability}`}>
                {AVAILABILITY_TEXT[availability]}
              </span>
            ) : null
          }
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={LIMITS.usernameMax}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Password"
          liveHint
          hint={
            strength ? (
              <span
                className={
                  strength === REGISTER_STRONG
                    ? 'strength strength-strong'
                    : 'strength strength-weak'
                }
              >
                {strength}
              </span>
            ) : null
          }
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <p className="form-message error" role="alert">
          {error}
        </p>
        <Button
          type="submit"
          busy={register.isPending}
          disabled={availability === 'taken'}
          icon={<UserPlus size={16} aria-hidden="true" />}
        >
          Register
        </Button>
      </form>
    </AuthCard>
  );
}
