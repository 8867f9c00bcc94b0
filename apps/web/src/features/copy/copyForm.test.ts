import { describe, expect, it } from 'vitest';
import { checkCopyForm } from './copyForm';

describe('checkCopyForm', () => {
  it('accepts a positive amount in cents and a percent from 1 to 100, trimmed', () => {
    expect(checkCopyForm(' 1000.50 ', ' 30 ')).toEqual({
      ok: true,
      allocation: '1000.50',
      stop_percent: '30',
    });
    expect(checkCopyForm('0.01', '1')).toMatchObject({ ok: true });
    expect(checkCopyForm('250', '100')).toMatchObject({ ok: true });
    expect(checkCopyForm('250', '12.5')).toMatchObject({ ok: true, stop_percent: '12.5' });
  });

  it.each(['', 'abc', '0', '0.00', '-5', '1e3', '10.123', '1,000', '.5'])(
    'refuses the allocation %j',
    (allocation) => {
      expect(checkCopyForm(allocation, '30')).toEqual({ ok: false, error: 'copy.form.badAllocation' });
    },
  );

  it.each(['', 'x', '0', '0.99', '100.01', '101', '-10', '1e2'])('refuses the loss limit %j', (percent) => {
    expect(checkCopyForm('1000', percent)).toEqual({ ok: false, error: 'copy.form.badStopPercent' });
  });
});
