import { parseRRule } from '@prodify/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOM, describeRrule, repeatOf, repeatOptions, toRrule } from './repeat';

describe('repeat choices', () => {
  it('names the weekday and the day of the month of the event', () => {
    // 2026-11-26 is a Thursday.
    expect(repeatOptions('2026-11-26').map((o) => o.label)).toEqual([
      'Does not repeat',
      'Daily',
      'Weekly on Thursday',
      'Monthly on day 26',
      'Yearly',
      'Custom…',
    ]);
  });

  it('turns each choice into an RRULE', () => {
    expect(toRrule('none', '2026-11-26')).toBeNull();
    expect(toRrule('daily', '2026-11-26')).toBe('FREQ=DAILY');
    expect(toRrule('weekly', '2026-11-26')).toBe('FREQ=WEEKLY;BYDAY=TH');
    expect(toRrule('monthly', '2026-01-31')).toBe('FREQ=MONTHLY;BYMONTHDAY=31');
    expect(toRrule('yearly', '2028-02-29')).toBe('FREQ=YEARLY');
  });

  it('builds a custom rule: interval, weekdays in order, COUNT or UNTIL', () => {
    expect(
      toRrule('custom', '2026-11-26', {
        freq: 'WEEKLY',
        interval: 2,
        weekdays: ['FR', 'MO'],
        end: { kind: 'count', count: 10 },
      }),
    ).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;COUNT=10');
    expect(
      toRrule('custom', '2026-11-26', {
        freq: 'WEEKLY',
        interval: 1,
        weekdays: [],
        end: { kind: 'until', date: '2027-03-01' },
      }),
    ).toBe('FREQ=WEEKLY;BYDAY=TH;UNTIL=20270301');
    expect(
      toRrule('custom', '2026-11-26', {
        freq: 'DAILY',
        interval: 3,
        weekdays: ['MO'],
        end: { kind: 'never' },
      }),
    ).toBe('FREQ=DAILY;INTERVAL=3');
    // The form's week starts on Sunday, and so does the rule's list of days.
    expect(
      toRrule('custom', '2026-11-26', {
        freq: 'WEEKLY',
        interval: 1,
        weekdays: ['MO', 'SU'],
        end: { kind: 'never' },
      }),
    ).toBe('FREQ=WEEKLY;BYDAY=SU,MO');
  });

  it('spells every rule as the contract answers it', () => {
    const choices = ['daily', 'weekly', 'monthly', 'yearly'] as const;
    const rules = choices.map((choice) => toRrule(choice, '2026-11-26'));
    rules.push(
      toRrule('custom', '2026-11-26', {
        freq: 'MONTHLY',
        interval: 4,
        weekdays: [],
        end: { kind: 'until', date: '2027-03-01' },
      }),
    );
    for (const rule of rules) {
      const parsed = parseRRule(rule ?? '');
      expect(parsed.ok && parsed.text).toBe(rule);
    }
  });

  it('describes a preset rule in words, anything else as Custom', () => {
    expect(describeRrule('FREQ=WEEKLY;BYDAY=TH', '2026-11-26')).toBe('Weekly on Thursday');
    expect(describeRrule('rrule:freq=weekly;byday=th', '2026-11-26')).toBe('Weekly on Thursday');
    expect(describeRrule('FREQ=DAILY;COUNT=3', '2026-11-26')).toBe('Custom');
  });

  it('shows a stored rule as the choice that makes it, so the editor can change it', () => {
    expect(repeatOf(undefined, '2026-11-26')).toEqual({ choice: 'none', custom: DEFAULT_CUSTOM });
    expect(repeatOf('FREQ=WEEKLY;BYDAY=TH', '2026-11-26').choice).toBe('weekly');
    expect(repeatOf('freq=daily', '2026-11-26').choice).toBe('daily');
    const custom = repeatOf('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;COUNT=10', '2026-11-26');
    expect(custom).toEqual({
      choice: 'custom',
      custom: {
        freq: 'WEEKLY',
        interval: 2,
        weekdays: ['MO', 'FR'],
        end: { kind: 'count', count: 10 },
      },
    });
    // Shown as stored: the custom part spells the same rule again.
    expect(toRrule(custom.choice, '2026-11-26', custom.custom)).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;COUNT=10',
    );
    expect(repeatOf('FREQ=MONTHLY;INTERVAL=4;UNTIL=20270301', '2026-11-26').custom.end).toEqual({
      kind: 'until',
      date: '2027-03-01',
    });
  });
});
