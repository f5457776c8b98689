import { checkPlanPrice } from '@coinlane/core/api/subscriptions';
import { T } from '@coinlane/core/texts';
import { describe, expect, it } from 'vitest';
import {
  addFeature,
  canRemoveFeature,
  EMPTY_PLAN,
  featuresToSave,
  planRequest,
  priceStep,
  removeFeature,
  serverFieldErrors,
  validatePlanForm,
} from './plan-form.ts';

describe('plan form rules (merchant spec 5)', () => {
  it('drops empty and blank feature lines on save, trimming the rest', () => {
    expect(featuresToSave(['  Unlimited links ', '', '   ', 'Priority support'])).toEqual([
      'Unlimited links',
      'Priority support',
    ]);
    expect(featuresToSave([''])).toEqual([]);
  });

  it('always keeps one feature input, and offers removal only when there are more', () => {
    expect(removeFeature([''], 0)).toEqual(['']);
    expect(canRemoveFeature([''])).toBe(false);
    const two = addFeature(['a']);
    expect(two).toEqual(['a', '']);
    expect(canRemoveFeature(two)).toBe(true);
    expect(removeFeature(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('requires a name and a price, with the server texts', () => {
    expect(validatePlanForm(EMPTY_PLAN)).toEqual({ name: T.planNameRequired, price: T.planPriceRequired });
    expect(validatePlanForm({ ...EMPTY_PLAN, name: '   ', price: '9.99' })).toEqual({
      name: T.planNameRequired,
    });
  });

  it('checks the price with checkPlanPrice in the chosen currency (its decimals)', () => {
    const v = { ...EMPTY_PLAN, name: 'Pro' };
    const server = checkPlanPrice('9.999', 'USD');
    expect(server.ok).toBe(false);
    expect(validatePlanForm({ ...v, price: '9.999' }).price).toBe(!server.ok && server.message);
    expect(validatePlanForm({ ...v, price: '9.999' }).price).toBe(T.planPriceTooManyDecimals('USD', 2));
    expect(validatePlanForm({ ...v, price: '0' }).price).toBe(T.planPriceInvalid);
    expect(validatePlanForm({ ...v, price: '0.00012345', currency: 'BTC' })).toEqual({});
    expect(validatePlanForm({ ...v, price: '0.000000001', currency: 'BTC' }).price).toBe(
      T.planPriceTooManyDecimals('BTC', 8),
    );
    expect(validatePlanForm({ ...v, price: '101', currency: 'BTC' }).price).toBe(
      T.planPriceTooLarge('100', 'BTC'),
    );
  });

  it('keeps the renewal settings in the server range', () => {
    const v = { ...EMPTY_PLAN, name: 'Pro', price: '5' };
    expect(EMPTY_PLAN.renewalLeadDays).toBe('3');
    expect(EMPTY_PLAN.graceDays).toBe('7');
    expect(validatePlanForm({ ...v, renewalLeadDays: '29' }).renewalLeadDays).toBe(T.planLeadDaysInvalid(28));
    expect(validatePlanForm({ ...v, graceDays: '-1' }).graceDays).toBe(T.planGraceDaysInvalid(30));
    expect(validatePlanForm({ ...v, graceDays: '1.5' }).graceDays).toBe(T.planGraceDaysInvalid(30));
  });

  it('steps the price by 0.01 in USD and by the coin’s smallest unit otherwise', () => {
    expect(priceStep('USD')).toBe('0.01');
    expect(priceStep('BTC')).toBe('0.00000001');
    expect(priceStep('USDT')).toBe('0.000001');
    expect(priceStep('ETH')).toBe(`0.${'0'.repeat(17)}1`);
  });

  it('sends the normalised price, the kept features and the day counts; a cleared description as null on edit', () => {
    const v = {
      ...EMPTY_PLAN,
      name: ' Pro ',
      price: '029.50',
      features: ['A', '', ' B '],
      renewalLeadDays: '5',
      graceDays: '0',
    };
    expect(planRequest(v, false)).toEqual({
      name: 'Pro',
      price: '29.5',
      currency: 'USD',
      interval: 'monthly',
      features: ['A', 'B'],
      renewalLeadDays: 5,
      graceDays: 0,
    });
    expect(planRequest(v, true).description).toBeNull();
  });

  it('places the server field errors on their fields', () => {
    expect(serverFieldErrors({ price: 'bad price', 'features.2': 'too long', merchantId: 'x' })).toEqual({
      errors: { price: 'bad price', features: 'too long' },
      other: ['x'],
    });
  });
});
