import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DateSchema,
  DRF,
  IdPathSchema,
  isCalendarDate,
  normalizeTime,
  TimeInputSchema,
  textField,
  UsernameSchema,
  zodToFieldErrors,
} from './common';
import { EventBodySchema } from './events';
import { TodoBodySchema } from './todos';

const errorsOf = (schema: z.ZodTypeAny, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : zodToFieldErrors(result.error);
};

describe('isCalendarDate', () => {
  it('accepts real dates only, leap years included', () => {
    for (const date of ['2025-07-01', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDate(date), date).toBe(true);
    }
    for (const date of [
      '2025-02-30',
      '2025-02-29',
      '1900-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-04-31',
      '0000-01-01',
      '2025-7-1',
      '07/01/2025',
      '2025-07-01T00:00:00',
      ' 2025-07-01',
      '',
    ]) {
      expect(isCalendarDate(date), date).toBe(false);
    }
  });
});

describe('normalizeTime', () => {
  it('turns HH:MM and HH:MM:SS into HH:MM:SS', () => {
    expect(normalizeTime('14:30')).toBe('14:30:00');
    expect(normalizeTime('09:05:30')).toBe('09:05:30');
    expect(normalizeTime('00:00')).toBe('00:00:00');
    expect(normalizeTime('23:59:59')).toBe('23:59:59');
  });

  it('refuses what is not a time of day', () => {
    for (const time of [
      '24:00',
      '25:00',
      '12:60',
      '12:00:60',
      '9:00',
      '12',
      '12:00:00.5',
      'noon',
      '',
    ]) {
      expect(normalizeTime(time), time).toBeUndefined();
    }
  });
});

describe("DRF's messages", () => {
  it('for dates and times, whatever the wrong value', () => {
    expect(errorsOf(z.object({ d: DateSchema }), { d: '2025-02-30' })).toEqual({
      d: [DRF.dateFormat],
    });
    expect(errorsOf(z.object({ d: DateSchema }), { d: 20250701 })).toEqual({ d: [DRF.dateFormat] });
    expect(errorsOf(z.object({ d: DateSchema }), {})).toEqual({ d: [DRF.required] });
    expect(errorsOf(z.object({ t: TimeInputSchema }), { t: '25:00' })).toEqual({
      t: [DRF.timeFormat],
    });
    expect(errorsOf(z.object({ t: TimeInputSchema }), { t: null })).toEqual({ t: [DRF.null] });
  });

  it('for text fields: required, blank after trimming, too long, NUL, not a string', () => {
    const schema = z.object({ s: textField(5) });
    expect(errorsOf(schema, {})).toEqual({ s: [DRF.required] });
    expect(errorsOf(schema, { s: '  ' })).toEqual({ s: [DRF.blank] });
    expect(errorsOf(schema, { s: '123456' })).toEqual({ s: [DRF.maxLength(5)] });
    expect(errorsOf(schema, { s: ' 12345 ' })).toBeUndefined();
    expect(errorsOf(schema, { s: 'a\u0000' })).toEqual({ s: [DRF.nullCharacters] });
    expect(errorsOf(schema, { s: 5 })).toEqual({ s: [DRF.notAString] });
  });

  it('for usernames, choices, booleans and whole bodies', () => {
    expect(errorsOf(z.object({ u: UsernameSchema }), { u: 'bad name!' })).toEqual({
      u: [DRF.usernameInvalid],
    });
    expect(errorsOf(TodoBodySchema, { task: 'x', priority: 'X', completed: 'yes' })).toEqual({
      priority: ['"X" is not a valid choice.'],
      completed: [DRF.notABoolean],
    });
    expect(errorsOf(EventBodySchema, [])).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
  });

  it('keeps the order of the fields and joins nested paths with dots', () => {
    const schema = z.object({ a: z.string(), b: z.object({ c: z.string() }) });
    expect(Object.keys(errorsOf(schema, { b: {} }) ?? {})).toEqual(['a', 'b.c']);
  });
});

describe('IdPathSchema', () => {
  it('takes positive 32-bit integers only', () => {
    expect(IdPathSchema.safeParse({ id: '42' })).toMatchObject({ success: true, data: { id: 42 } });
    for (const id of ['0', '-1', 'abc', '1.5', '2147483648', '1e3x']) {
      expect(IdPathSchema.safeParse({ id }).success, id).toBe(false);
    }
  });
});

describe('zodToFieldErrors', () => {
  it('keeps fields named like Object.prototype members as plain keys', () => {
    const schema = z.record(z.string(), z.number());
    const errors = errorsOf(schema, { hasOwnProperty: 'x', constructor: 'y', ['__proto__']: 'z' });
    const message = [DRF.notAnInteger];
    expect(JSON.stringify(errors)).toBe(
      JSON.stringify({ hasOwnProperty: message, constructor: message, ['__proto__']: message }),
    );
  });
});
