import type { OrderDetail } from '@backroom/contracts';
import { describe, expect, it } from 'vitest';
import { orderActionMessage } from './format';

/** The fields of an order the notification reads; lines as [fulfilled, refunded] units. */
const order = (o: { refunded?: number; total?: number; lines?: [number, number][] }) =>
  ({
    orderName: '#1042',
    currency: 'USD',
    refunded: o.refunded ?? 0,
    total: o.total ?? 54,
    lineItems: (o.lines ?? [[0, 0]]).map(([fulfilledQuantity, refundedQuantity]) => ({ fulfilledQuantity, refundedQuantity })),
  }) as OrderDetail;

describe('orderActionMessage (the notification of an order action, issue 12)', () => {
  it.each([
    [
      'fulfil',
      order({
        lines: [
          [0, 0],
          [1, 0],
        ],
      }),
      order({
        lines: [
          [2, 0],
          [1, 0],
        ],
      }),
      'Order #1042: 2 items fulfilled',
    ],
    ['fulfil', order({}), order({ lines: [[1, 0]] }), 'Order #1042: 1 item fulfilled'],
    ['refund', order({ refunded: 5 }), order({ refunded: 17 }), 'Order #1042 refunded $12.00'],
    ['refund', order({}), order({ lines: [[0, 1]] }), 'Order #1042: 1 item removed'],
    ['cancel', order({}), order({ refunded: 54 }), 'Order #1042 cancelled and $54.00 refunded'],
    ['cancel', order({}), order({}), 'Order #1042 cancelled'],
    ['markPaid', order({}), order({ total: 1234.5 }), 'Order #1042 marked as paid ($1,234.50)'],
    ['notes', order({}), order({}), 'Notes and tags of order #1042 saved'],
  ] as const)('%s → %s', (action, before, after, text) => {
    expect(orderActionMessage(action, before, after)).toBe(text);
  });

  it('counts from zero when the order was not cached before the action', () => {
    expect(orderActionMessage('fulfil', undefined, order({ lines: [[3, 0]] }))).toBe('Order #1042: 3 items fulfilled');
    expect(orderActionMessage('refund', undefined, order({ refunded: 0.1 }))).toBe('Order #1042 refunded $0.10');
  });
});
