import { describe, expect, test } from 'vitest';
import type { InsightsReply } from '@thankly/api-contract';
import { insightsCsv, majorUnits } from './insights-csv.ts';
import { withRates, zeroCounts } from './insights-report.ts';

describe('insights CSV', () => {
  test('amounts are written in the currency’s own unit, exactly', () => {
    expect(majorUnits(11980, 'EUR')).toBe('119.80');
    expect(majorUnits(5, 'USD')).toBe('0.05');
    expect(majorUnits(-250, 'GBP')).toBe('-2.50');
    expect(majorUnits(1250, 'JPY')).toBe('1250');
    expect(majorUnits(1234, 'KWD')).toBe('1.234');
  });

  test('one row per day, a revenue column per currency of the period', () => {
    const zero = withRates(zeroCounts());
    const reply: InsightsReply = {
      from: '2026-11-01',
      to: '2026-11-02',
      trackingEnabled: true,
      redemptionWindowDays: 30,
      codeUsedNotAttributed: 0,
      steps: [],
      totals: {
        ...zero,
        sent: 3,
        redemptions: 1,
        repeatOrders: 1,
        revenue: [
          { currency: 'EUR', amountMinor: 5990 },
          { currency: 'JPY', amountMinor: 1250 },
        ],
      },
      days: [
        {
          date: '2026-11-01',
          ...zero,
          sent: 1,
          delivered: 1,
          redemptions: 0,
          repeatOrders: 0,
          revenue: [],
        },
        {
          date: '2026-11-02',
          ...zero,
          sent: 2,
          delivered: 2,
          clickedEmails: 1,
          redemptions: 1,
          redeemedEmails: 1,
          repeatOrders: 1,
          revenue: [
            { currency: 'EUR', amountMinor: 5990 },
            { currency: 'JPY', amountMinor: 1250 },
          ],
        },
      ],
      templates: [],
    };
    expect(insightsCsv(reply)).toBe(
      'date,sent,delivered,unique_opens,machine_opens,clicked_emails,clicks,machine_clicks,redemptions,redeemed_emails,repeat_orders,revenue_EUR,revenue_JPY\r\n' +
        '2026-11-01,1,1,0,0,0,0,0,0,0,0,0.00,0\r\n' +
        '2026-11-02,2,2,0,0,1,0,0,1,1,1,59.90,1250\r\n',
    );
  });
});
