import { describe, expect, it } from 'vitest';
import { statusKey } from './copyFormat';

describe('statusKey', () => {
  it('names an active copy, and a stopped one by its reason', () => {
    expect(statusKey({ status: 1, stop_reason: '' })).toBe('copy.status.active');
    expect(statusKey({ status: 2, stop_reason: 'loss_limit' })).toBe('copy.status.loss_limit');
    expect(statusKey({ status: 2, stop_reason: 'user' })).toBe('copy.status.user');
    expect(statusKey({ status: 2, stop_reason: '' })).toBe('copy.status.stopped');
  });
});
