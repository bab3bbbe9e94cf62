import { PREFERENCE_MESSAGES } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/app';
import { serverTimeZone } from './preferences.queries';

const ctx = useTestApp();

const DEFAULTS = {
  time_zone: serverTimeZone(),
  todo_reminder_time: '09:00',
  remind_in_app: true,
  remind_by_push: false,
  remind_by_email: false,
  daily_agenda_at: null,
};

describe('GET/PATCH /api/preferences/', () => {
  it('answers the defaults, then what was changed, field by field, for that user only', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    const get = async (user = alice) =>
      (await ctx.request('GET', '/api/preferences/', { headers: user.auth })).json();
    expect(await get()).toEqual(DEFAULTS);
    const patched = await ctx.request('PATCH', '/api/preferences/', {
      body: { time_zone: 'America/New_York', daily_agenda_at: '07:30', remind_by_email: true },
      headers: alice.auth,
    });
    expect(patched.statusCode).toBe(200);
    const expected = {
      ...DEFAULTS,
      time_zone: 'America/New_York',
      daily_agenda_at: '07:30',
      remind_by_email: true,
    };
    expect(patched.json()).toEqual(expected);
    expect(await get()).toEqual(expected);
    const again = await ctx.request('PATCH', '/api/preferences/', {
      body: { todo_reminder_time: '18:15', daily_agenda_at: null },
      headers: alice.auth,
    });
    expect(again.json()).toEqual({
      ...expected,
      todo_reminder_time: '18:15',
      daily_agenda_at: null,
    });
    expect(await get(bob)).toEqual(DEFAULTS);
  });

  it('refuses an unknown time zone, a malformed time and an unknown key with field errors', async () => {
    const alice = await ctx.signUp('alice');
    const res = await ctx.request('PATCH', '/api/preferences/', {
      body: {
        time_zone: 'Mars/Olympus',
        todo_reminder_time: '25:00',
        daily_agenda_at: '7:30',
        remind_in_app: 'yes',
        colour: 'blue',
      },
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      time_zone: [PREFERENCE_MESSAGES.timeZone],
      todo_reminder_time: [PREFERENCE_MESSAGES.time],
      daily_agenda_at: [PREFERENCE_MESSAGES.time],
      remind_in_app: ['Must be a valid boolean.'],
      colour: [PREFERENCE_MESSAGES.unknown],
    });
    for (const zone of ['+01:00', 'CET', 'Europe', '', 'Europe/Berlin/../../x']) {
      const one = await ctx.request('PATCH', '/api/preferences/', {
        body: { time_zone: zone },
        headers: alice.auth,
      });
      expect(one.statusCode, zone).toBe(400);
    }
    expect((await ctx.request('GET', '/api/preferences/', { headers: alice.auth })).json()).toEqual(
      DEFAULTS,
    );
  });

  it('keeps the browser’s zone given at sign-up, and ignores one Intl does not know', async () => {
    const register = (username: string, time_zone: string) =>
      ctx.request('POST', '/api/user/register/', {
        body: { username, password: 'Str0ng!Pass1', time_zone },
      });
    const registered = await register('carol', 'Asia/Kolkata');
    // The original answer, unchanged.
    expect(registered.json()).toEqual({ id: expect.any(Number), username: 'carol' });
    expect((await register('dave', 'Nowhere/Land')).statusCode).toBe(201);
    const zoneOf = async (username: string) => {
      const login = await ctx.request('POST', '/api/token/', {
        body: { username, password: 'Str0ng!Pass1' },
      });
      const headers = { authorization: `Bearer ${login.json().access}` };
      return (await ctx.request('GET', '/api/preferences/', { headers })).json().time_zone;
    };
    expect(await zoneOf('carol')).toBe('Asia/Kolkata');
    expect(await zoneOf('dave')).toBe(serverTimeZone());
  });
});
