import { describe, expect, it } from 'vitest';
import { detailOf, joinMessages } from './messages';

describe('joinMessages', () => {
  it('joins every field message with spaces, in order', () => {
    expect(
      joinMessages({
        current_password: ['Current password is incorrect.'],
        new_password: [
          'Password must be at least 8 characters and include upper/lowercase, number, and symbol.',
        ],
      }),
    ).toBe(
      'Current password is incorrect. Password must be at least 8 characters and include upper/lowercase, number, and symbol.',
    );
    expect(joinMessages({ username: ['a', 'b'], x: ['c'] })).toBe('a b c');
  });

  it('reads detail and error bodies but not codes or nested objects', () => {
    expect(
      joinMessages({
        detail: 'Given token not valid for any token type',
        code: 'token_not_valid',
        messages: [{ message: 'Token is invalid or expired' }],
      }),
    ).toBe('Given token not valid for any token type');
    expect(joinMessages({ error: 'Username already taken.' })).toBe('Username already taken.');
    expect(joinMessages('Plain text')).toBe('Plain text');
  });

  it('is empty when there is nothing to show', () => {
    expect(joinMessages(undefined)).toBe('');
    expect(joinMessages(null)).toBe('');
    expect(joinMessages('')).toBe('');
    expect(joinMessages({})).toBe('');
    expect(joinMessages(new Blob())).toBe('');
  });
});

describe('detailOf', () => {
  it('returns the detail text when there is one', () => {
    expect(detailOf({ detail: 'Incorrect password.' })).toBe('Incorrect password.');
    expect(detailOf({ detail: '' })).toBeUndefined();
    expect(detailOf({ password: ['x'] })).toBeUndefined();
    expect(detailOf('<html>')).toBeUndefined();
  });
});
