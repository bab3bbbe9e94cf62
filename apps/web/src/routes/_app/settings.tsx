import { createFileRoute } from '@tanstack/react-router';
import { QueryBoundary } from '../../components/query-boundary';
import { PasskeysSection } from '../../features/passkeys/passkeys-section';
import { SignedInDevices } from '../../features/sessions/signed-in-devices';
import { DangerZone } from '../../features/settings/danger-zone';
import { settingsQuery } from '../../features/settings/queries';
import { SettingsForm } from '../../features/settings/settings-form';
import { TransferSection } from '../../features/transfer/transfer-section';
import { TrashSection } from '../../features/trash/trash-section';
import { TwoFactorSection } from '../../features/two-factor/two-factor-section';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/_app/settings')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(settingsQuery).catch(() => undefined),
  component: SettingsPage,
});

function SettingsPage() {
  useTitle('Account Settings');
  return (
    <div className="page narrow">
      <h1 className="page-title">Account Settings</h1>
      <section className="card" aria-labelledby="account-title">
        <h2 className="card-title" id="account-title">
          Account
        </h2>
        <QueryBoundary
          errorMessage="Failed to fetch user data"
          silent
          errorFallback={(retry) => (
            <div className="load-error" role="alert">
              <p className="form-message error">Failed to fetch user data</p>
              <button type="button" className="btn btn-secondary" onClick={retry}>
                <span>Try again</span>
              </button>
            </div>
          )}
        >
          <SettingsForm />
        </QueryBoundary>
      </section>
      <TwoFactorSection />
      <PasskeysSection />
      <SignedInDevices />
      <TrashSection />
      <TransferSection />
      <section className="card danger-card" aria-labelledby="danger-title">
        <h2 className="card-title" id="danger-title">
          Danger Zone
        </h2>
        <DangerZone />
      </section>
    </div>
  );
}
