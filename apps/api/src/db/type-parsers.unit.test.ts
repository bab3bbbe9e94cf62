import { describe, expect, it } from 'vitest';
import { formatTimestamptz, OID, TYPE_PARSERS } from './type-parsers';

describe('formatTimestamptz', () => {
  it('writes DRF timestamps with six fraction digits and Z', () => {
    expect(formatTimestamptz('2026-11-21 14:45:20.277636+00')).toBe('2026-11-21T14:45:20.277636Z');
    expect(formatTimestamptz('2026-11-21 15:24:57.647+00')).toBe('2026-11-21T15:24:57.647000Z');
  });

  it('drops a zero fraction as Python does', () => {
    expect(formatTimestamptz('2026-11-21 14:45:20+00')).toBe('2026-11-21T14:45:20Z');
    expect(formatTimestamptz('2026-11-21 14:45:20.000000+00')).toBe('2026-11-21T14:45:20Z');
  });

  it('converts another offset to UTC', () => {
    expect(formatTimestamptz('2026-11-21 16:45:20.5+02')).toBe('2026-11-21T14:45:20.500000Z');
    expect(formatTimestamptz('2026-01-01 00:15:00+05:30')).toBe('2025-12-31T18:45:00Z');
    expect(formatTimestamptz('2026-11-21 09:45:20-05')).toBe('2026-11-21T14:45:20Z');
  });

  it('passes through values it does not understand', () => {
    expect(formatTimestamptz('infinity')).toBe('infinity');
  });
});

describe('TYPE_PARSERS', () => {
  it('keeps dates and times as written and counts as numbers', () => {
    expect(TYPE_PARSERS[OID.date]?.('2025-02-28')).toBe('2025-02-28');
    expect(TYPE_PARSERS[OID.time]?.('09:05:30')).toBe('09:05:30');
    expect(TYPE_PARSERS[OID.int8]?.('42')).toBe(42);
  });
});
