import { apiAs, expect, longDate, test } from './fixtures';

const DAY_MS = 86_400_000;

/**
 * The latest moment before now, at the given UTC time of day. At 12:30 UTC it is already the
 * next day in Auckland (UTC+12/+13); at 05:00 UTC it is still the day before in Los Angeles
 * (UTC-7/-8). Kept in the past so the signed-in tokens are not "expired" for the page.
 */
function lastUtcTime(hours: number, minutes: number): number {
  const now = new Date();
  const at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes);
  return at > now.getTime() ? at - DAY_MS : at;
}

function dateIn(timeZone: string, epochMs: number): string {
  // en-CA writes yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(epochMs));
}

const CASES = [
  { timezoneId: 'Pacific/Auckland', moment: () => lastUtcTime(12, 30), shift: +1 },
  { timezoneId: 'America/Los_Angeles', moment: () => lastUtcTime(5, 0), shift: -1 },
] as const;

for (const { timezoneId, moment, shift } of CASES) {
  test.describe(timezoneId, () => {
    test.use({ timezoneId });

    test('the calendar uses the local date of the picked day', async ({
      authedPage: page,
      account,
      request,
    }) => {
      const at = moment();
      const utcDay = new Date(at).toISOString().slice(0, 10);
      const localDay = dateIn(timezoneId, at);
      // The point of the test: here the UTC date is a different day.
      expect(dateIn('UTC', at + shift * DAY_MS)).toBe(localDay);
      expect(localDay).not.toBe(utcDay);

      const api = apiAs(account, request);
      await api.createEvent('On the local day', localDay);
      await api.createEvent('On the UTC day', utcDay);

      await page.clock.setFixedTime(at);
      const firstLoad = page.waitForRequest((r) => r.url().includes('/api/calendar/events/?date='));
      await page.goto('/calendar');
      expect(new URL((await firstLoad).url()).searchParams.get('date')).toBe(localDay);

      const panel = page.getByRole('region', { name: /^Events on / });
      await expect(
        panel.getByRole('heading', { name: `Events on ${longDate(localDay)}` }),
      ).toBeVisible();
      await expect(panel.getByRole('listitem')).toHaveText(['On the local day']);
      // Today's cell is the local day.
      await expect(page.locator('[data-today]')).toHaveAttribute('data-day', localDay);

      // Pick a day with no events yet: the panel, the query and the new event agree on it.
      const taken = [localDay, utcDay].map((d) => Number(d.slice(8)));
      const pickedDay = [10, 11, 12].find((d) => !taken.includes(d)) ?? 13;
      const picked = `${localDay.slice(0, 8)}${String(pickedDay).padStart(2, '0')}`;
      const query = page.waitForRequest((r) => r.url().includes(`?date=${picked}`));
      await page.locator(`[data-day="${picked}"] button`).click();
      await query;
      await expect(
        panel.getByRole('heading', { name: `Events on ${longDate(picked)}` }),
      ).toBeVisible();
      const posted = page.waitForRequest((r) => r.method() === 'POST');
      await page.getByLabel('New event title').fill('Picked day');
      await page.getByRole('button', { name: 'Add Event' }).click();
      expect((await posted).postDataJSON()).toMatchObject({ date: picked });
      await expect(panel.getByRole('listitem')).toHaveText(['Picked day']);

      const stored = await request.get(`/api/calendar/events/?date=${picked}`, {
        headers: { authorization: `Bearer ${account.access}` },
      });
      expect(((await stored.json()) as Array<{ title: string }>).map((e) => e.title)).toEqual([
        'Picked day',
      ]);
    });
  });
}
