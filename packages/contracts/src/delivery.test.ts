import { describe, expect, it } from 'vitest';
import { addDays, dayAt, deliveryPromise, deliveryTimesOf, formatDay, freeShippingProgress, shippingLine } from './delivery.js';

describe('delivery promises (issue 31 item 1)', () => {
  it('dates an instant on the shop calendar, not UTC', () => {
    const t = Date.parse('2026-12-08T03:00:00Z'); // Dec 7, 7 PM in Los Angeles (UTC−8)
    expect(dayAt(t, -480)).toBe('2026-12-07');
    expect(dayAt(t, 60)).toBe('2026-12-08');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(formatDay('2026-12-14')).toBe('Dec 14');
  });

  it('reads production (thank-you steps) and shipping (product page) times from the theme', () => {
    const config = {
      settings: {
        thankpage: {
          steps: {
            settings: {
              blocks: [
                { unit: 'days', time: 0 },
                { unit: 'days', time: 1 },
                { unit: 'hours', time: 30 },
                { unit: 'days', time: 0 },
              ],
            },
          },
        },
        product: { setting_shipping: { time_shipping: { from: 7, to: 15 } } },
      },
    };
    expect(deliveryTimesOf(config)).toEqual({ processingDays: 3, shippingFromDays: 7, shippingToDays: 15 });
    expect(deliveryTimesOf({})).toEqual({ processingDays: 0, shippingFromDays: 7, shippingToDays: 15 });
    expect(deliveryTimesOf({ settings: { product: { setting_shipping: { time_shipping: { from: 9, to: 3 } } } } })).toMatchObject({
      shippingFromDays: 9,
      shippingToDays: 9,
    });
  });

  it('says "Estimated delivery" before a fulfilment and "Shipped" only after one', () => {
    const times = { processingDays: 2, shippingFromDays: 7, shippingToDays: 15 };
    const open = deliveryPromise({ placedOn: '2026-12-07', times });
    expect(open).toMatchObject({ shipsOn: '2026-12-09', from: '2026-12-16', to: '2026-12-24', fromDays: 9, toDays: 17, shipped: null });
    expect(open.estimate).toBe('Estimated delivery Dec 16 – Dec 24');
    const shipped = deliveryPromise({ placedOn: '2026-12-07', shippedOn: '2026-12-08', times });
    expect(shipped.shipped).toBe('Shipped Dec 8');
    expect(shipped.estimate).toBe('Estimated delivery Dec 15 – Dec 23');
  });

  it('never asks to spend more when shipping is already free', () => {
    expect(freeShippingProgress({ subtotalCents: 2800, shippingCents: 0, goalCents: 5000 })).toEqual({
      reached: true,
      remainingCents: 0,
      percent: 100,
    });
    expect(freeShippingProgress({ subtotalCents: 2800, shippingCents: 599, goalCents: 5000 })).toEqual({
      reached: false,
      remainingCents: 2200,
      percent: 56,
    });
    expect(freeShippingProgress({ subtotalCents: 5000, shippingCents: 599, goalCents: 5000 }).reached).toBe(true);
    expect(shippingLine(0, String)).toBe('Free');
    expect(shippingLine(599, (c) => `$${(c / 100).toFixed(2)}`)).toBe('$5.99');
  });
});
