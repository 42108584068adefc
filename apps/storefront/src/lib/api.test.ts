import { describe, expect, it } from 'vitest';
import { shopperMessage } from './api';

describe('shopperMessage (what the checkout shows of a refusal)', () => {
  it.each([
    ['lines.0.quantity: only 0 left of Last Silk Scarf', 'Only 0 left of Last Silk Scarf'],
    ['lines.12.quantity: only 3 left of Clay Mug', 'Only 3 left of Clay Mug'],
    ['discountCode: This discount code has reached its usage limit', 'This discount code has reached its usage limit'],
    ['customer.email: Invalid email address', 'Invalid email address'],
    ['Too many requests, try again in 30 seconds', 'Too many requests, try again in 30 seconds'],
    ['Store not found', 'Store not found'],
  ])('%s → %s', (raw, shown) => {
    expect(shopperMessage(raw)).toBe(shown);
  });
});
