import { expectAxeClean } from './axe';
import { apiAs, expect, longDate, test } from './fixtures';

/*
 * Issue 19, defect 4: the planner forgot where it was. The view, the shown month (or the
 * agenda's first day) and the picked day are in the URL, so reload, Back and a shared link work.
 */

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a shared link opens the week of a day; reload and Back keep the place', async ({
      authedPage: page,
      account,
      request,
    }) => {
      await apiAs(account, request).createEvent('Winter fair', '2026-12-07', '10:00');
      await page.goto('/calendar?view=week&date=2026-12-07');
      const week = page.getByRole('group', { name: 'Week of Sunday, December 6, 2026' });
      await expect(week).toBeVisible();
      await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(
        page.getByRole('heading', { name: `Events on ${longDate('2026-12-07')}` }),
      ).toBeVisible();
      await expect(
        page
          .getByRole('region', { name: `Events on ${longDate('2026-12-07')}` })
          .getByRole('listitem'),
      ).toHaveText(['Winter fair @ 10:00']);
      await expectAxeClean(page, `week from a link (${viewport.name})`);

      // Another day, then the agenda: each is in the URL, and survives a reload.
      await week.locator('[data-day="2026-12-09"] .week-day-head').click();
      await expect(page).toHaveURL(/\/calendar\?view=week&date=2026-12-09$/);
      await page.getByRole('button', { name: 'Agenda', exact: true }).click();
      await expect(page).toHaveURL(/\/calendar\?view=agenda&date=2026-12-09$/);
      await page.getByRole('button', { name: 'Next 30 days' }).click();
      await expect(page).toHaveURL(/view=agenda&date=2026-12-09&shown=\d{4}-\d{2}-\d{2}$/);
      const shown = new URL(page.url()).searchParams.get('shown');
      await page.reload();
      await expect(page.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(
        page.getByRole('heading', { name: `Events on ${longDate('2026-12-09')}` }),
      ).toBeVisible();
      expect(new URL(page.url()).searchParams.get('shown')).toBe(shown);

      // Back walks the same steps backwards.
      await page.goBack();
      await expect(page).toHaveURL(/\/calendar\?view=agenda&date=2026-12-09$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/calendar\?view=week&date=2026-12-09$/);
      await expect(
        page.getByRole('heading', { name: `Events on ${longDate('2026-12-09')}` }),
      ).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/calendar\?view=week&date=2026-12-07$/);
      await expect(week).toBeVisible();
      await expect(
        page.getByRole('heading', { name: `Events on ${longDate('2026-12-07')}` }),
      ).toBeVisible();
    });

    test('the month shown and the day picked are kept; a wrong value falls back to today', async ({
      authedPage: page,
    }) => {
      await page.goto('/calendar?date=2027-03-15');
      await expect(
        page.getByRole('heading', { name: `Events on ${longDate('2027-03-15')}` }),
      ).toBeVisible();
      await expect(page.getByText('March 2027', { exact: true })).toBeVisible();
      // The month's arrow shows April without picking a day: that is in the URL too.
      await page.getByRole('button', { name: /next month/i }).click();
      await expect(page).toHaveURL(/\/calendar\?date=2027-03-15&shown=2027-04-01$/);
      await page.reload();
      await expect(page.getByText('April 2027', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('heading', { name: `Events on ${longDate('2027-03-15')}` }),
      ).toBeVisible();
      await page.locator('[data-day="2027-04-20"] button').first().click();
      await expect(page).toHaveURL(/\/calendar\?date=2027-04-20$/);
      await page.goBack();
      await expect(page).toHaveURL(/shown=2027-04-01$/);
      await expect(
        page.getByRole('heading', { name: `Events on ${longDate('2027-03-15')}` }),
      ).toBeVisible();

      // Today (and the menu's plain /calendar) is today's month, with nothing in the URL.
      await page.getByRole('button', { name: 'Today', exact: true }).click();
      await expect(page).toHaveURL(/\/calendar$/);
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      await expect(
        page.getByRole('heading', { name: `Events on ${longDate(today)}` }),
      ).toBeVisible();

      // Not a view, not a real day: the defaults, no error.
      await page.goto('/calendar?view=year&date=2026-02-30&shown=soon');
      await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(
        page.getByRole('heading', { name: `Events on ${longDate(today)}` }),
      ).toBeVisible();
    });
  });
}
