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
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const login = useLogin();
  const switchUser = useSwitchUser();

  const submit = () => {
    setError('');
    return login.mutateAsync(
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
      <UsernameField value={username} onChange={setUsername} />
      <PasswordField label="Password" required value={password} onChange={setPassword} />
      <p className="form-message error" role="alert">
        {error}
      </p>
      <SubmitButton busy={login.isPending} icon={LogIn}>
        Login
      </SubmitButton>
    </Form>
  );
}
