import { describe, expect, it } from 'vitest';
import { checkExpiry, isExpired, MAX_EXPIRY_DAYS } from './pending';

const now = Date.UTC(2026, 10, 28, 12, 0, 0);
const day = 24 * 60 * 60_000;

describe('a pending order placed with an expiry', () => {
  it('is good till cancelled without one, for a market order too', () => {
    expect(checkExpiry(null, true, now)).toBeNull();
    expect(checkExpiry(null, false, now)).toBeNull();
  });

  it('refuses an expiry on a market order', () => {
    expect(checkExpiry(now + day, false, now)).toBe('expiry_not_pending');
  });

  it('refuses an expiry now or in the past, and one more than a year ahead', () => {
    expect(checkExpiry(now, true, now)).toBe('expiry_in_past');
    expect(checkExpiry(now - 1000, true, now)).toBe('expiry_in_past');
    expect(checkExpiry(now + MAX_EXPIRY_DAYS * day + 1000, true, now)).toBe('expiry_too_far');
    expect(checkExpiry(now + MAX_EXPIRY_DAYS * day, true, now)).toBeNull();
    expect(checkExpiry(now + 1000, true, now)).toBeNull();
  });

  it('has expired from its expiry on, never without one', () => {
    expect(isExpired(now, now)).toBe(true);
    expect(isExpired(now + 1, now)).toBe(false);
    expect(isExpired(null, now)).toBe(false);
  });
});
