import { useRouterState } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../components/button';
import { PasswordField } from '../../components/field';
import { Form } from '../../components/form';
import { ApiError } from '../../lib/errors';
import { setTokens } from '../../lib/tokens';
import { useSwitchUser } from '../../lib/use-switch-user';
import { useLogin } from './queries';
import { UsernameField } from './username-field';

export function LoginForm() {
  // Handed over by the screen before (router.tsx): a username just registered, or why the
  // device was signed out.
  const handed = useRouterState({ select: (state) => state.location.state });
  const [username, setUsername] = useState(handed.username ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const login = useLogin();
  const switchUser = useSwitchUser();

  const submit = () => {
    setError('');
    login.mutate(
      { username, password },
      {
        onSuccess: async (tokens) => {
          setTokens(tokens);
          await switchUser('/');
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
    <Form busy={login.isPending} onSubmit={submit}>
      {handed.signedOutElsewhere ? (
        <p className="form-message notice" role="status">
          You were signed out from another device.
        </p>
      ) : null}
      <UsernameField value={username} onChange={setUsername} />
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
    </Form>
  );
}
