import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../components/button';
import { PasswordField } from '../../components/field';
import { Form } from '../../components/form';
import { ApiError, isSessionExpired } from '../../lib/errors';
import { detailOf } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { clearTokens } from '../../lib/tokens';
import { useSwitchUser } from '../../lib/use-switch-user';
import { useDeleteAccount } from './queries';

export function DangerZone() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const remove = useDeleteAccount();
  const switchUser = useSwitchUser();

  const submit = () => {
    if (!password) {
      setError('Please enter your password.');
      return;
    }
    setError('');
    return remove.mutateAsync(password, {
      onSuccess: async () => {
        toast.success('Account deleted.');
        // The real keys (the spec's original removed 'accessToken', leaving the tokens behind).
        clearTokens();
        await switchUser('/register');
      },
      onError: (err) => {
        if (isSessionExpired(err)) return;
        setError((err instanceof ApiError && detailOf(err.body)) || 'Error deleting account.');
      },
    });
  };

  return (
    <Form busy={remove.isPending} onSubmit={submit} noValidate>
      <p>Deleting your account removes your notes, tasks and events for good.</p>
      <PasswordField label="Password" error={error} value={password} onChange={setPassword} />
      <SubmitButton variant="danger" busy={remove.isPending} icon={Trash2}>
        Delete Account
      </SubmitButton>
    </Form>
  );
}
