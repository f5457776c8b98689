import { T } from '@coinlane/core/texts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, initI18n, mockApi, ok, plan, renderWithQuery } from '../testing/kit.tsx';
import { PlanForm } from './plan-form.tsx';

beforeAll(initI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const features = () => within(screen.getByTestId('plan-features')).getAllByRole('textbox');
const removeButtons = () => screen.queryAllByRole('button', { name: /^Remove feature/ });
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Plan' }));

describe('Plan form', () => {
  it('keeps one feature input with no removal; removal appears once there are two', () => {
    mockApi(() => ok(null));
    renderWithQuery(<PlanForm onDone={() => {}} onCancel={() => {}} />);
    expect(features()).toHaveLength(1);
    expect(removeButtons()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Add feature' }));
    expect(features()).toHaveLength(2);
    expect(removeButtons()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove feature 1' }));
    expect(features()).toHaveLength(1);
    expect(removeButtons()).toHaveLength(0);
  });

  it('shows the required texts and sends nothing when name and price are empty', () => {
    const calls = mockApi(() => ok(null));
    renderWithQuery(<PlanForm onDone={() => {}} onCancel={() => {}} />);
    submit();
    expect(screen.getByText('Plan name is required')).toBeTruthy();
    expect(screen.getByText('Price is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says a USD price has at most 2 decimals, as the server does, and allows 8 in BTC', () => {
    mockApi(() => ok(null));
    renderWithQuery(<PlanForm onDone={() => {}} onCancel={() => {}} />);
    fill('Plan name', 'Pro');
    const price = screen.getByLabelText('Price');
    expect(price.getAttribute('step')).toBe('0.01');
    fill('Price', '0.00012345');
    submit();
    expect(screen.getByText(T.planPriceTooManyDecimals('USD', 2))).toBeTruthy();
    fill('Currency', 'BTC');
    expect(price.getAttribute('step')).toBe('0.00000001');
    expect(screen.queryByText(T.planPriceTooManyDecimals('USD', 2))).toBeNull();
    expect(screen.getByText('Up to 8 decimal places in BTC')).toBeTruthy();
  });

  it('saves with empty feature lines dropped and the renewal defaults', async () => {
    const calls = mockApi((c) => (c.method === 'POST' ? ok(plan()) : ok(null)));
    const onDone = vi.fn();
    renderWithQuery(<PlanForm onDone={onDone} onCancel={() => {}} />);
    fill('Plan name', 'Pro');
    fill('Price', '29');
    fill('Billing interval', 'yearly');
    fireEvent.click(screen.getByRole('button', { name: 'Add feature' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add feature' }));
    fireEvent.change(features()[0]!, { target: { value: '' } });
    fireEvent.change(features()[1]!, { target: { value: ' Priority support ' } });
    fireEvent.change(features()[2]!, { target: { value: '   ' } });
    expect(screen.getByLabelText('Send renewal invoice (days before)')).toHaveProperty('value', '3');
    expect(screen.getByLabelText('Grace period (days)')).toHaveProperty('value', '7');
    submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/v1/subscriptions/plans');
    expect(post.body).toEqual({
      name: 'Pro',
      price: '29',
      currency: 'USD',
      interval: 'yearly',
      features: ['Priority support'],
      renewalLeadDays: 3,
      graceDays: 7,
    });
  });

  it('shows the server’s field errors under their fields, in the interface language', async () => {
    await i18n.changeLanguage('de');
    mockApi((c) =>
      c.method === 'POST'
        ? fail(400, T.planNameTooLong(100), 'VALIDATION_ERROR', {
            name: T.planNameTooLong(100),
            'features.0': 'Feature text refused',
          })
        : ok(null),
    );
    renderWithQuery(<PlanForm onDone={() => {}} onCancel={() => {}} />);
    fill('Name des Plans', 'Pro');
    fill('Preis', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Plan erstellen' }));
    expect(await screen.findByText('Der Name des Plans darf höchstens 100 Zeichen lang sein')).toBeTruthy();
    expect(screen.getByText('Feature text refused')).toBeTruthy();
  });

  it('edits a plan with its values and says Failed to save plan when the server fails', async () => {
    const calls = mockApi((c) =>
      c.method === 'PUT' ? fail(500, T.serverError, 'INTERNAL_ERROR') : ok(null),
    );
    renderWithQuery(
      <PlanForm plan={plan({ description: null, features: [] })} onDone={() => {}} onCancel={() => {}} />,
    );
    expect(screen.getByText('Edit Pro')).toBeTruthy();
    expect(screen.getByLabelText('Price')).toHaveProperty('value', '29');
    expect(features()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to save plan')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/subscriptions/plans/pln_1');
    expect(put.body).toMatchObject({ description: null, features: [] });
  });
});
