import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls once, 500 ms after the last call, with the latest arguments', () => {
    const fn = vi.fn();
    const check = debounce(fn, 500);
    check('ali');
    vi.advanceTimersByTime(300);
    check('alic');
    vi.advanceTimersByTime(300);
    check('alice');
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('alice');
  });

  it('calls again for a later burst', () => {
    const fn = vi.fn();
    const check = debounce(fn, 500);
    check(1);
    vi.advanceTimersByTime(500);
    check(2);
    vi.advanceTimersByTime(500);
    expect(fn.mock.calls).toEqual([[1], [2]]);
  });

  it('cancel drops the pending call, flush runs it at once', () => {
    const fn = vi.fn();
    const check = debounce(fn, 500);
    check('x');
    check.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    check('y');
    check.flush();
    expect(fn).toHaveBeenCalledWith('y');
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
    check.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
