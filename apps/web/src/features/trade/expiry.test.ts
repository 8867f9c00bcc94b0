import { describe, expect, it } from 'vitest';
import { expiryOf } from './expiry';

const noon = Date.parse('2026-11-28T12:00:00Z');

describe('the expiry a pending order is sent with', () => {
  it('is none when good till cancelled, and the end of the UTC day for today', () => {
    expect(expiryOf({ kind: 'gtc' }, noon)).toEqual({ text: null, refusal: null });
    expect(expiryOf({ kind: 'today' }, noon)).toEqual({ text: '2026-11-28 23:59:59', refusal: null });
  });

  it('ends a chosen date at 23:59:59 UTC, and refuses a past date, one more than a year ahead, or none', () => {
    expect(expiryOf({ kind: 'date', date: '2026-12-24' }, noon)).toEqual({
      text: '2026-12-24 23:59:59',
      refusal: null,
    });
    expect(expiryOf({ kind: 'date', date: '2026-11-27' }, noon).refusal).toBe('expiry_in_past');
    expect(expiryOf({ kind: 'date', date: '2027-12-01' }, noon).refusal).toBe('expiry_too_far');
    expect(expiryOf({ kind: 'date', date: '' }, noon).refusal).toBe('expiry_in_past');
    expect(expiryOf({ kind: 'date', date: '2026-02-30' }, noon).refusal).toBe('expiry_in_past');
  });
});
