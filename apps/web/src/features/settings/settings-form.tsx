import { useSuspenseQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { ApiError, isSessionExpired } from '../../lib/errors';
import { joinMessages } from '../../lib/messages';
import { settingsStrength } from '../../lib/password-strength';
import { settingsQuery, useUpdateSettings } from './queries';

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

export function SettingsForm() {
  const { data } = useSuspenseQuery(settingsQuery);
  const [username, setUsername] = useState(data.username);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const update = useUpdateSettings();
  const strength = newPassword ? settingsStrength(newPassword) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setOutcome(null);
    update.mutate(
      {
        username,
        current_password: currentPassword,
        // Blank means "keep the current password" (decisions §3.5).
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
    <form className="form" onSubmit={submit}>
      <Field label="New Username">
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        )}
      </Field>
      <Field label="Current Password">
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="New Password (optional)"
        liveHint
        hint={
          strength ? (
            <span className={`strength strength-${strength.toLowerCase()}`}>
              Strength: {strength}
            </span>
          ) : (
            'Leave blank to keep your current password.'
          )
        }
      >
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" busy={update.isPending} icon={<Save size={16} aria-hidden="true" />}>
        Save Changes
      </Button>
      <p
        className={
          outcome ? (outcome.ok ? 'form-message success' : 'form-message error') : 'form-message'
        }
        role="status"
      >
        {outcome?.text}
      </p>
    </form>
  );
}
