import { z } from 'zod';
import { parseLocalIsoDate } from '../../lib/dates';

/*
 * Where the planner is, in its URL (`/calendar?view=week&date=2026-12-07`), so that a reload,
 * Back and a shared link show the same place (ADR 0513). Kept apart from the screen: the route's
 * options import it, and whatever it imports goes to the app's first chunk.
 */

export const PLANNER_VIEWS = ['month', 'week', 'agenda'] as const;
export type PlannerView = (typeof PLANNER_VIEWS)[number];

/** A real calendar day `yyyy-mm-dd` (years 0001–9999, as the month's drill-down). */
const DaySchema = z
  .string()
  .max(10)
  .refine((value) => parseLocalIsoDate(value) !== undefined);

/**
 * `view` (month when absent), `date`: the picked day (today when absent), and `shown`: the
 * first day shown when it is not the one `date` implies (the month's 1st after its arrows, the
 * agenda's first day). A value that is not valid is dropped, not refused: the screen shows its
 * default there, as a mistyped link should.
 */
export const PlannerSearchSchema = z.object({
  view: z.enum(PLANNER_VIEWS).optional().catch(undefined),
  date: DaySchema.optional().catch(undefined),
  shown: DaySchema.optional().catch(undefined),
});
export type PlannerSearch = z.infer<typeof PlannerSearchSchema>;

/** The route's `validateSearch`: every key set (undefined when absent or invalid). */
export function validatePlannerSearch(raw: Record<string, unknown>): PlannerSearch {
  const parsed = PlannerSearchSchema.parse(raw);
  return { view: parsed.view, date: parsed.date, shown: parsed.shown };
}

/** The URL's search of a place, the defaults left out (so the menu's plain /calendar is today). */
export function plannerSearch(place: {
  view: PlannerView;
  date: string;
  shown?: string;
  today: string;
}): PlannerSearch {
  return {
    view: place.view === 'month' ? undefined : place.view,
    date: place.date === place.today ? undefined : place.date,
    shown: place.shown,
  };
}
