import { LIMITS } from '@prodify/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../components/button';
import { Field } from '../components/field';
import { useLogin } from '../features/auth/queries';
import { ApiError } from '../lib/errors';
import { setTokens } from '../lib/tokens';
import { useTitle } from '../lib/use-title';
import { AuthCard } from './-components/auth-card';

export const Route = createFileRoute('/login')({
  component: LoginPage,
});

function LoginPage() {
  useTitle('Login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    setError('');
    login.mutate(
      { username, password },
      {
        onSuccess: async (tokens) => {
          setTokens(tokens);
          // Nothing cached for a previous user may show for this one.
          queryClient.clear();
          await navigate({ to: '/' });
        },
        onError: (err) => {
          setError(
            err instanceof ApiError && err.status === 401
              ? 'Invalid username or password.'
              : 'Something went wrong.',
          );
        },
      },
    );
  };

  return (
    <AuthCard title="Login">
      <form className="form" onSubmit={submit}>
        <Field label="Username">
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
        <Field label="Password">
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <p className="form-message error" role="alert">
          {error}
        </p>
        <Button type="submit" busy={login.isPending} icon={<LogIn size={16} aria-hidden="true" />}>
          Login
        </Button>
      </form>
    </AuthCard>
  );
}
