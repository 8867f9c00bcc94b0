import { describe, expect, it } from 'vitest';
import { noticeText } from '../../src/notifications/texts';

describe("a notification's figures in the reader's language", () => {
  it('groups and writes the decimal sign the way each language does, at the stored decimals', () => {
    const deposit = { kind: 'deposit_approved' as const, params: { amount: '12345.60' } };
    expect(noticeText(deposit, 'en').text).toBe('Your deposit of 12,345.60 USD was approved and credited');
    expect(noticeText(deposit, 'de').text).toContain('12.345,60');
    const alert = {
      kind: 'alert_fired' as const,
      params: { code: 'BTC/USD', direction: 'above', level: '96500.00', price: '96512.25', note: '' },
    };
    expect(noticeText(alert, 'en').text).toBe(
      'BTC/USD reached 96,512.25: at or above your alert at 96,500.00',
    );
    expect(noticeText(alert, 'fr').text.replace(/\u202f/g, ' ')).toContain('96 512,25');
  });

  it('leaves what is not a figure as it was', () => {
    const filled = {
      kind: 'pending_filled' as const,
      params: { code: 'EUR/USD', order_id: '12345', price: '1.10000' },
    };
    expect(noticeText(filled, 'de').text).toContain('#12345');
    expect(noticeText(filled, 'de').text).toContain('1,10000');
  });
});
