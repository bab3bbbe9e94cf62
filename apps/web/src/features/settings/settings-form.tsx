import { useSuspenseQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../components/button';
import { InputField, PasswordField } from '../../components/field';
import { Form } from '../../components/form';
import { ApiError, isSessionExpired } from '../../lib/errors';
import { joinMessages } from '../../lib/messages';
import { NewPasswordField } from '../auth/new-password-field';
import { settingsQuery, useUpdateSettings } from './queries';

type Outcome = { ok: boolean; text: string } | null;

export function SettingsForm() {
  const { data } = useSuspenseQuery(settingsQuery);
  const [username, setUsername] = useState(data.username);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const update = useUpdateSettings();

  const submit = () => {
    setOutcome(null);
    return update.mutateAsync(
      {
        username,
        current_password: currentPassword,
        // Blank means "keep the current password" (the API's rule: README, Settings).
        ...(newPassword ? { new_password: newPassword } : {}),
      },
      {
        onSuccess: (saved) => {
          setUsername(saved.username);
          setCurrentPassword('');
          setNewPassword('');
          setOutcome({ ok: true, text: 'Settings updated successfully.' });
        },
        onError: (error) => {
          if (isSessionExpired(error)) return;
          const text = error instanceof ApiError ? joinMessages(error.body) : '';
          setOutcome({ ok: false, text: text || 'Error updating settings.' });
        },
      },
    );
  };

  return (
    <Form busy={update.isPending} onSubmit={submit}>
      <InputField
        label="New Username"
        autoComplete="username"
        required
        value={username}
        onChange={setUsername}
      />
      <PasswordField
        label="Current Password"
        required
        value={currentPassword}
        onChange={setCurrentPassword}
      />
      <NewPasswordField
        screen="settings"
        label="New Password (optional)"
        value={newPassword}
        onChange={setNewPassword}
      />
      <SubmitButton busy={update.isPending} icon={Save}>
        Save Changes
      </SubmitButton>
      <p
        className={
          outcome ? (outcome.ok ? 'form-message success' : 'form-message error') : 'form-message'
        }
        role="status"
      >
        {outcome?.text}
      </p>
    </Form>
  );
}
