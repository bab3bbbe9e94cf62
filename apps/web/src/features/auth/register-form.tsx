import { useNavigate } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../components/button';
import { Form } from '../../components/form';
import { ApiError } from '../../lib/errors';
import { joinMessages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { NewPasswordField } from './new-password-field';
import { useRegister } from './queries';
import { AVAILABILITY_TEXT, useUsernameAvailability } from './username-availability';
import { UsernameField } from './username-field';

export function RegisterForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const availability = useUsernameAvailability(username);
  const register = useRegister();
  const navigate = useNavigate();
  const taken = availability === 'taken';

  const submit = () => {
    if (taken) return;
    setError('');
    return register.mutateAsync(
      { username, password },
      {
        onSuccess: async () => {
          toast.success('Registration successful! Please log in.');
          // The Login screen opens with the new username filled in.
          await navigate({ to: '/login', state: { username } });
        },
        onError: (err) => {
          const reason = err instanceof ApiError ? joinMessages(err.body) : '';
          setError(reason ? `Registration failed. ${reason}` : 'Registration failed.');
        },
      },
    );
  };

  const availabilityText = AVAILABILITY_TEXT[availability];
  return (
    <Form busy={register.isPending} onSubmit={submit}>
      <UsernameField
        value={username}
        onChange={setUsername}
        hint={
          availabilityText ? (
            <span className={`availability availability-${availability}`}>{availabilityText}</span>
          ) : null
        }
      />
      <NewPasswordField
        screen="register"
        label="Password"
        required
        value={password}
        onChange={setPassword}
      />
      <p className="form-message error" role="alert">
        {error}
      </p>
      <SubmitButton busy={register.isPending} disabled={taken} icon={UserPlus}>
        Register
      </SubmitButton>
    </Form>
  );
}
