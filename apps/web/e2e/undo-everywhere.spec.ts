import { expectAxeClean } from './axe';
import { apiAs, expect, isoDate, test } from './fixtures';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const { name, width, height } of VIEWPORTS) {
  test(`undo: deleting from a note's own page offers Undo, which brings it back (${name})`, async ({
    authedPage: page,
    account,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const note = await apiAs(account, request).createNote('Packing list', 'Tent, stove.');
    // The answer comes after the page has left for the list, as on a slow network.
    await page.route(`**/api/notes/delete/${note.id}/`, async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.fallback();
    });
    await page.goto(`/note-history/${note.id}`);
    await page.getByRole('button', { name: 'Delete note' }).click();
    await expect(page).toHaveURL(/\/note-history$/);
    const toast = page.getByRole('listitem').filter({ hasText: 'Note deleted!' });
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
    await toast.hover();
    await expectAxeClean(page, `undo toast after a note page's delete (${name})`);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Note restored.' })).toBeVisible();
    const notes = page.getByRole('region', { name: 'Your notes' }).getByRole('listitem');
    await expect(notes.getByRole('heading', { name: 'Packing list' })).toBeVisible();
  });

  test(`undo: deleting one occurrence of a series offers Undo; unused, the delete is made (${name})`, async ({
    authedPage: page,
    account,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const headers = { authorization: `Bearer ${account.access}` };
    const today = isoDate(new Date());
    const created = await request.post('/api/calendar/events/', {
      headers,
      data: { title: 'Stretching', date: today, time: '07:00', rrule: 'FREQ=DAILY' },
    });
    expect(created.status()).toBe(201);
    const onToday = async () =>
      (await (await request.get(`/api/calendar/events/?date=${today}`, { headers })).json()).map(
        (e: { title: string }) => e.title,
      );

    await page.goto('/calendar');
    const panel = page.getByRole('region', { name: /^Events on / });
    const dialog = page.getByRole('dialog', { name: /Stretching/ });
    await panel.getByRole('button', { name: 'Delete event' }).click();
    await dialog.getByRole('button', { name: 'This event' }).click();
    await expect(panel.getByText('No events.')).toBeVisible();
    const toast = page.getByRole('listitem').filter({ hasText: 'Event deleted.' });
    await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();

    // Undo: the occurrence is back, on the screen and on the server.
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Event restored.' })).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveText([/^Stretching @ 07:00/]);
    expect(await onToday()).toEqual(['Stretching']);

    // Again, and the toast goes unused (dismissed): the occurrence is deleted for good, the
    // rest of the series stays.
    await panel.getByRole('button', { name: 'Delete event' }).click();
    await dialog.getByRole('button', { name: 'This event' }).click();
    await expect(panel.getByText('No events.')).toBeVisible();
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(onToday).toEqual([]);
    await page.reload();
    await expect(panel.getByText('No events.')).toBeVisible();
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const next = await request.get(`/api/calendar/events/?date=${isoDate(tomorrow)}`, { headers });
    expect((await next.json()).map((e: { title: string }) => e.title)).toEqual(['Stretching']);
  });
}
