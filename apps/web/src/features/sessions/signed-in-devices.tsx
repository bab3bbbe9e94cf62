import type { Session } from '@prodify/contract';
import { useQuery } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { Button } from '../../components/button';
import { isSessionExpired } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { sessionsQuery, useEndOtherSessions, useEndSession } from './queries';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "just now" (last used is written at most once a minute). */
export function lastActive(timestamp: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(timestamp)) / 1000));
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** How a session was signed in, in words (ADR 0430). */
export const SIGN_IN_METHODS: Record<Session['method'], string> = {
  password: 'password',
  'password+otp': 'password and code',
  passkey: 'passkey',
  recovery_code: 'recovery code',
};

/** "Firefox 133 on Windows 10", from what the server read in the user agent. */
export function deviceName(session: Pick<Session, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown device';
}

/** Settings: the signed-in devices, with "Sign out" per device and everywhere else (ADR 0417). */
export function SignedInDevices() {
  const sessions = useQuery(sessionsQuery);
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const onError = (error: unknown) => {
    if (!isSessionExpired(error)) toast.error('Could not sign out that device.');
  };

  return (
    <section className="card" aria-labelledby="devices-title">
      <h2 className="card-title" id="devices-title">
        Signed-in devices
      </h2>
      {sessions.isPending ? (
        <p>Loading...</p>
      ) : sessions.isError ? (
        <p className="form-message error" role="alert">
          Failed to load your devices.
        </p>
      ) : (
        <>
          <ul className="list devices" aria-label="Signed-in devices">
            {sessions.data.map((session) => (
              <li key={session.id} className="list-item device">
                <MonitorSmartphone aria-hidden="true" size={20} />
                <div className="device-text">
                  <strong>{deviceName(session)}</strong>
                  {session.current ? <span className="device-current"> (this device)</span> : null}
                  <div className="device-meta">
                    {session.ip || 'unknown address'} · last active{' '}
                    <time dateTime={session.last_used_at}>{lastActive(session.last_used_at)}</time>
                    {' · signed in with '}
                    {SIGN_IN_METHODS[session.method] ?? session.method}
                  </div>
                </div>
                {session.current ? null : (
                  <Button
                    variant="secondary"
                    busy={end.isPending && end.variables === session.id}
                    aria-label={`Sign out ${deviceName(session)}, ${session.ip}`}
                    onClick={() =>
                      end.mutate(session.id, {
                        onSuccess: () => toast.success('Device signed out.'),
                        onError,
                      })
                    }
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            icon={<LogOut aria-hidden="true" size={16} />}
            busy={endOthers.isPending}
            disabled={others.length === 0}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: ({ ended }) =>
                  toast.success(
                    ended === 1
                      ? 'Signed out 1 other device.'
                      : `Signed out ${ended} other devices.`,
                  ),
                onError,
              })
            }
          >
            Sign out everywhere else
          </Button>
        </>
      )}
    </section>
  );
}
