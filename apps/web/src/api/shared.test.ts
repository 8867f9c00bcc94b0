import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedFor } from './shared';

describe('an answer shared while it is fresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is asked for once by a start-up prefetch and the page that mounts after it', async () => {
    const request = vi.fn(async () => ['EURUSD']);
    const list = sharedFor(request, { maxAgeMs: 5_000 });
    const prefetched = list();
    vi.advanceTimersByTime(800);
    expect(list()).toBe(prefetched);
    expect(await list()).toEqual(['EURUSD']);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('is asked for again by a refresh once it is older than its age', async () => {
    let n = 0;
    const list = sharedFor(async () => ++n, { maxAgeMs: 5_000 });
    expect(await list()).toBe(1);
    vi.advanceTimersByTime(4_999);
    expect(await list()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await list()).toBe(2);
  });

  it('is not shared when it failed: the next call asks again', async () => {
    const request = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('ok');
    const list = sharedFor(request, { maxAgeMs: 5_000 });
    await expect(list()).rejects.toThrow('offline');
    expect(await list()).toBe('ok');
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('is asked for again in the language chosen since: category names come in the language they were asked in', async () => {
    let lang = 'en';
    const list = sharedFor(async () => `categories in ${lang}`, { maxAgeMs: 5_000, keyOf: () => lang });
    expect(await list()).toBe('categories in en');
    vi.advanceTimersByTime(1_000);
    lang = 'de';
    expect(await list()).toBe('categories in de');
    expect(await list()).toBe('categories in de');
  });
});
