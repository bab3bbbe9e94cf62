import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Copy, Power, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Loading } from '../../components/loading';
import { ApiError, isSessionExpired } from '../../lib/errors';
import { joinMessages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { feedQuery, useCreateFeed, useDeleteFeed } from './feed-queries';

function failed(fallback: string) {
  return (error: unknown) => {
    if (isSessionExpired(error)) return;
    const text = error instanceof ApiError ? joinMessages(error.body) : '';
    toast.error(text || fallback);
  };
}

/** The feed's address as a calendar app needs it: absolute, on this server. */
function absolute(url: string): string {
  return new URL(url, window.location.origin).href;
}

/**
 * The secret calendar feed: create it, copy its address, rotate it, turn it off. The server
 * keeps only a hash of the token, so the address is shown once, when it is made.
 */
export function CalendarFeed() {
  const feed = useQuery(feedQuery);
  const create = useCreateFeed();
  const remove = useDeleteFeed();
  const [url, setUrl] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  const fieldId = useId();
  const warningId = useId();
  const confirmId = useId();
  // Rotating and turning off both break every subscription at once: each asks first.
  const [asking, setAsking] = useState<'off' | 'rotate' | null>(null);
  const confirmingOff = asking === 'off';

  const active = feed.data?.active === true;

  const make = (rotating: boolean) =>
    create.mutate(undefined, {
      onSuccess: ({ url: made }) => {
        setAsking(null);
        setUrl(absolute(made));
        toast.success(
          rotating
            ? 'New feed URL made. The old one no longer works.'
            : 'Feed URL made. Copy it into your calendar app.',
        );
        // The new address is what the user wants next: to copy it.
        requestAnimationFrame(() => field.current?.focus());
      },
      onError: failed('The feed URL could not be made. Please try again.'),
    });

  const turnOff = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setUrl('');
        setAsking(null);
        toast.success('Calendar feed turned off. Its URL no longer works.');
        // The button that had the focus is gone: give it to "Create feed URL".
        requestAnimationFrame(() => actions.current?.querySelector('button')?.focus());
      },
      onError: failed('The feed could not be turned off. Please try again.'),
    });

  /** Ask first, the safe answer ("Keep it on", "Keep this URL") focused. */
  const ask = (what: 'off' | 'rotate') => {
    setAsking(what);
    requestAnimationFrame(() =>
      actions.current?.querySelector<HTMLButtonElement>('[data-keep]')?.focus(),
    );
  };
  /** No: the question goes, the focus goes back to the button that asked it. */
  const keep = () => {
    const from = asking === 'rotate' ? '[data-rotate]' : '[data-off]';
    setAsking(null);
    requestAnimationFrame(() => actions.current?.querySelector<HTMLButtonElement>(from)?.focus());
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Feed URL copied.');
    } catch {
      // No clipboard (plain HTTP on a LAN address is not a secure context): select it instead.
      field.current?.select();
      toast.info('Press Ctrl+C (⌘C on a Mac) to copy the selected URL.');
    }
  };

  if (feed.isPending) {
    return <Loading />;
  }
  if (feed.isError) {
    return (
      <div className="load-error" role="alert">
        <p className="form-message error">The calendar feed could not be loaded.</p>
        <Button variant="secondary" onClick={() => feed.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="feed">
      <p id={warningId}>
        A feed URL lets Google Calendar, Apple Calendar or Thunderbird show your events and dated
        tasks, and keep them up to date.{' '}
        <strong>Anyone who has the URL can read your calendar</strong> without signing in, so share
        it with no one; if it leaks, rotate it.
      </p>
      {active && url ? (
        <div className="field">
          <label className="field-label" htmlFor={fieldId}>
            Feed URL
          </label>
          <input
            ref={field}
            id={fieldId}
            className="feed-url"
            type="text"
            readOnly
            value={url}
            aria-describedby={warningId}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : active ? (
        <p>
          Your feed is on. Its URL was shown when it was made; for your safety it is not kept. To
          see a URL again, rotate it (calendars subscribed to the old one stop updating).
        </p>
      ) : (
        <p>Your calendar has no feed.</p>
      )}
      <div className="feed-actions" ref={actions}>
        {active && url ? (
          <Button variant="primary" icon={<Copy size={16} aria-hidden="true" />} onClick={copy}>
            Copy URL
          </Button>
        ) : null}
        {active ? (
          asking ? null : (
            <>
              <Button
                variant="secondary"
                icon={<RefreshCw size={16} aria-hidden="true" />}
                data-rotate
                onClick={() => ask('rotate')}
              >
                Rotate URL
              </Button>
              <Button
                variant="danger"
                icon={<Power size={16} aria-hidden="true" />}
                data-off
                onClick={() => ask('off')}
              >
                Turn off
              </Button>
            </>
          )
        ) : (
          <Button
            variant="primary"
            busy={create.isPending}
            icon={<CalendarPlus size={16} aria-hidden="true" />}
            onClick={() => make(false)}
          >
            Create feed URL
          </Button>
        )}
        {active && confirmingOff ? (
          <fieldset className="feed-confirm" aria-labelledby={confirmId}>
            <p id={confirmId}>
              Turn off the feed? Its URL stops working, and calendars subscribed to it stop
              updating.
            </p>
            <div className="feed-actions">
              <Button
                variant="danger"
                busy={remove.isPending}
                icon={<Power size={16} aria-hidden="true" />}
                onClick={turnOff}
              >
                Turn off feed
              </Button>
              <Button variant="secondary" data-keep onClick={keep}>
                Keep it on
              </Button>
            </div>
          </fieldset>
        ) : null}
        {active && asking === 'rotate' ? (
          <fieldset className="feed-confirm" aria-labelledby={confirmId}>
            <p id={confirmId}>
              Rotate the feed URL? The current URL stops working, and calendars subscribed to it
              stop updating until you give them the new one.
            </p>
            <div className="feed-actions">
              <Button
                variant="danger"
                busy={create.isPending}
                icon={<RefreshCw size={16} aria-hidden="true" />}
                onClick={() => make(true)}
              >
                Make a new URL
              </Button>
              <Button variant="secondary" data-keep onClick={keep}>
                Keep this URL
              </Button>
            </div>
          </fieldset>
        ) : null}
      </div>
    </div>
  );
}
