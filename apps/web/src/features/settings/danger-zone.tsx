import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { ApiError, isSessionExpired } from '../../lib/errors';
import { detailOf } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { clearTokens } from '../../lib/tokens';
import { useDeleteAccount } from './queries';

export function DangerZone() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!password) {
      setError('Please enter your password.');
      return;
    }
    setError('');
    remove.mutate(password, {
      onSuccess: async () => {
        toast.success('Account deleted.');
        // The real keys (the spec's original removed 'accessToken', leaving the tokens behind).
        clearTokens();
        await queryClient.cancelQueries();
        queryClient.clear();
        await navigate({ to: '/register' });
      },
      onError: (err) => {
        if (isSessionExpired(err)) return;
        setError((err instanceof ApiError && detailOf(err.body)) || 'Error deleting account.');
      },
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>Deleting your account removes your notes, tasks and events for good.</p>
      <Field label="Password" error={error}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button
        type="submit"
        variant="danger"
        busy={remove.isPending}
        icon={<Trash2 size={16} aria-hidden="true" />}
      >
        Delete Account
      </Button>
    </form>
  );
}
