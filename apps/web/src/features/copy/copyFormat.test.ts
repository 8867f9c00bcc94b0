import { describe, expect, it } from 'vitest';
import { signed, statusKey } from './copyFormat';

describe('signed', () => {
  it('adds a plus sign above zero only', () => {
    expect(signed('12.50')).toBe('+12.50');
    expect(signed('-3.10')).toBe('-3.10');
    expect(signed('0.00')).toBe('0.00');
  });
});

describe('statusKey', () => {
  it('names an active copy, and a stopped one by its reason', () => {
    expect(statusKey({ status: 1, stop_reason: '' })).toBe('copy.status.active');
    expect(statusKey({ status: 2, stop_reason: 'loss_limit' })).toBe('copy.status.loss_limit');
    expect(statusKey({ status: 2, stop_reason: 'user' })).toBe('copy.status.user');
    expect(statusKey({ status: 2, stop_reason: '' })).toBe('copy.status.stopped');
  });
});
