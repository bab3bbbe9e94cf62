import type { TotpSetup } from '@prodify/contract';
import { useQuery } from '@tanstack/react-query';
import { ShieldPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { isSessionExpired } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { EnrolTotp } from './enrol-totp';
import { ManageTotp } from './manage-totp';
import { twoFactorQuery, useTotpSetup } from './queries';
import { RecoveryCodesShown } from './recovery-codes';

/** Settings → Two-factor sign-in: set up an authenticator app, recovery codes, turn off. */
export function TwoFactorSection() {
  const status = useQuery(twoFactorQuery);
  const setup = useTotpSetup();
  const [pending, setPending] = useState<TotpSetup>();
  const [codes, setCodes] = useState<string[]>();

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: setPending,
      onError: (err) => {
        if (!isSessionExpired(err)) toast.error('Could not start the setup.');
      },
    });

  let content: React.ReactNode;
  if (codes) {
    content = <RecoveryCodesShown codes={codes} onDone={() => setCodes(undefined)} />;
  } else if (pending) {
    content = (
      <EnrolTotp
        setup={pending}
        onCancel={() => setPending(undefined)}
        onConfirmed={(made) => {
          setPending(undefined);
          setCodes(made);
          toast.success('Two-factor sign-in is on.');
        }}
      />
    );
  } else if (status.isPending) {
    content = <p>Loading...</p>;
  } else if (status.isError) {
    content = (
      <p className="form-message error" role="alert">
        Failed to load your two-factor settings.
      </p>
    );
  } else if (status.data.totp) {
    const left = status.data.recovery_codes_left;
    content = (
      <>
        <p>
          Two-factor sign-in is <strong>on</strong>: signing in asks for a code from your
          authenticator app. {left} recovery {left === 1 ? 'code' : 'codes'} left.
        </p>
        <ManageTotp onNewCodes={setCodes} />
      </>
    );
  } else {
    content = (
      <>
        <p>
          Two-factor sign-in is <strong>off</strong>. Turn it on so that a stolen password alone
          cannot open your account.
        </p>
        <Button
          busy={setup.isPending}
          icon={<ShieldPlus size={16} aria-hidden="true" />}
          onClick={start}
        >
          Set up an authenticator app
        </Button>
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="two-factor-title">
      <h2 className="card-title" id="two-factor-title">
        Two-factor sign-in
      </h2>
      {content}
    </section>
  );
}
