import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { DeleteButton, SubmitButton } from '../../components/button';
import { InputField } from '../../components/field';
import { Form } from '../../components/form';
import { isSessionExpired } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { passkeysQuery, useAddPasskey, useRemovePasskey } from './queries';

const date = (timestamp: string) =>
  new Date(timestamp).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** Settings → Passkeys: add one under a name, see when each was used, remove one (ADR 0431). */
export function PasskeysSection() {
  const passkeys = useQuery(passkeysQuery);
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState('');

  const submit = () => {
    if (!name.trim()) {
      setError('Please name this passkey.');
      return;
    }
    setError('');
    add.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        toast.success('Passkey added.');
      },
      onError: (err) => {
        if (!isSessionExpired(err)) setError('The passkey was not added.');
      },
    });
  };

  return (
    <section className="card" aria-labelledby="passkeys-title">
      <h2 className="card-title" id="passkeys-title">
        Passkeys
      </h2>
      <p>Sign in with your fingerprint, face or device PIN instead of a password and code.</p>
      {passkeys.isPending ? (
        <p>Loading...</p>
      ) : passkeys.isError ? (
        <p className="form-message error" role="alert">
          Failed to load your passkeys.
        </p>
      ) : passkeys.data.length === 0 ? (
        <p>No passkeys yet.</p>
      ) : (
        <ul className="list" aria-label="Passkeys">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="list-item device">
              <KeyRound aria-hidden="true" size={20} />
              <div className="device-text">
                <strong id={`passkey-${passkey.id}`}>{passkey.name}</strong>
                <div className="device-meta">
                  added {date(passkey.created_at)} ·{' '}
                  {passkey.last_used_at ? `last used ${date(passkey.last_used_at)}` : 'never used'}
                </div>
              </div>
              <DeleteButton
                label={`Remove passkey ${passkey.name}`}
                busy={remove.isPending && remove.variables === passkey.id}
                onClick={() =>
                  remove.mutate(passkey.id, {
                    onSuccess: () => toast.success('Passkey removed.'),
                    onError: (err) => {
                      if (!isSessionExpired(err)) toast.error('Could not remove the passkey.');
                    },
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Form busy={add.isPending} onSubmit={submit} noValidate aria-label="Add a passkey">
        <InputField
          label="Passkey name"
          hint='For example "MacBook" or "Phone".'
          maxLength={100}
          error={error}
          value={name}
          onChange={setName}
        />
        <SubmitButton busy={add.isPending} icon={KeyRound}>
          Add a passkey
        </SubmitButton>
      </Form>
    </section>
  );
}
