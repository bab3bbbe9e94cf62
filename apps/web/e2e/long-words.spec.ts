import { expectAxeClean } from './axe';
import { apiAs, expect, isoDate, test } from './fixtures';

/** One unbroken "word" far wider than a phone (90 characters: within every title limit). */
const LONG = `Supercalifragilistic${'expialidocious'.repeat(5)}`;

const SCREENS = ['/', '/note-history', '/todo', '/calendar', '/settings', '/trash'] as const;

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`long unbroken words break on every signed-in screen (${name})`, async ({
    authedPage: page,
    account,
    request,
  }) => {
    await page.setViewportSize({ width, height });
    const api = apiAs(account, request);
    const today = isoDate(new Date());
    const note = await api.createNote(LONG, `${LONG} ${LONG}`);
    await api.createTodo(LONG, today, 'H');
    await api.createEvent(LONG, today, '09:30');
    // A deleted one too, so the trash has a long title to show.
    const gone = await api.createNote(`Gone${LONG}`, LONG);
    const removed = await request.delete(`/api/notes/delete/${gone.id}/`, {
      headers: { authorization: `Bearer ${account.access}` },
    });
    expect(removed.status()).toBe(204);

    for (const path of [...SCREENS, `/note-history/${note.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The long title is on the screen (the trash shows the deleted one; settings shows none).
      if (path !== '/settings')
        await expect(page.getByText(LONG).filter({ visible: true }).first()).toBeVisible();
      const sizes = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(sizes.scroll, `${path} at ${width} px`).toBeLessThanOrEqual(sizes.viewport);
      expect(sizes.body, `${path} at ${width} px`).toBeLessThanOrEqual(sizes.viewport);
    }
    await page.goto('/');
    await expect(page.getByText(LONG).filter({ visible: true }).first()).toBeVisible();
    await expectAxeClean(page, `today with long words (${name})`);
  });
}
