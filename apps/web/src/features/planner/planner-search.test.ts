import { describe, expect, it } from 'vitest';
import { plannerSearch, validatePlannerSearch } from './planner-search';

describe("the planner's place in its URL", () => {
  it('reads a view and real days', () => {
    expect(validatePlannerSearch({ view: 'week', date: '2026-12-07' })).toEqual({
      view: 'week',
      date: '2026-12-07',
      shown: undefined,
    });
    expect(validatePlannerSearch({ view: 'agenda', shown: '2026-12-01' }).shown).toBe('2026-12-01');
  });

  it('drops what is not valid rather than failing the screen', () => {
    expect(
      validatePlannerSearch({ view: 'year', date: '2026-02-30', shown: ['2026-12-01'] }),
    ).toEqual({ view: undefined, date: undefined, shown: undefined });
    expect(validatePlannerSearch({ date: '2026-12-07T00:00' }).date).toBeUndefined();
    expect(validatePlannerSearch({ date: 20261207 }).date).toBeUndefined();
  });

  it('leaves the defaults out', () => {
    expect(plannerSearch({ view: 'month', date: '2026-11-27', today: '2026-11-27' })).toEqual({
      view: undefined,
      date: undefined,
      shown: undefined,
    });
    expect(
      plannerSearch({ view: 'week', date: '2026-12-07', today: '2026-11-27', shown: undefined }),
    ).toEqual({ view: 'week', date: '2026-12-07', shown: undefined });
  });
});
