import { T } from '@coinlane/core/texts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, initI18n, mockApi, ok, plan, renderWithQuery } from '../testing/kit.tsx';
import { PlanCard } from './plan-card.tsx';

beforeAll(initI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const NB = '\u00a0';

const askDelete = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).getByText(T.planDeleteConfirm)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete plan' }));
  return dialog;
};

describe('Plan card', () => {
  it('shows name, status, description, price with interval, features, subscribers, date and subscribe link', () => {
    mockApi(() => ok(null));
    renderWithQuery(<PlanCard plan={plan()} onEdit={() => {}} />);
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    expect(screen.getByText('Everything a growing shop needs')).toBeTruthy();
    expect(screen.getByTestId('plan-price').textContent).toBe('$29.00/ month');
    expect(screen.getByText('Priority support')).toBeTruthy();
    expect(screen.getByTestId('plan-subscribers').textContent).toBe('2 active subscribers');
    expect(screen.getByText('Created Nov 2, 2026')).toBeTruthy();
    expect(screen.getByTestId('subscribe-url').textContent).toBe('http://localhost:3000/subscribe/pln_1');
    expect(screen.queryByTestId('plan-qr')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show QR Code' }));
    expect(screen.getByRole('img', { name: 'QR code of the subscribe link of Pro' })).toBeTruthy();
  });

  it('says when a plan has no description or features, and formats a coin price in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    mockApi(() => ok(null));
    renderWithQuery(
      <PlanCard
        plan={plan({
          description: null,
          features: [],
          price: '0.0015',
          currency: 'BTC',
          interval: 'yearly',
          active: false,
        })}
        onEdit={() => {}}
      />,
    );
    expect(screen.getByText('Keine Beschreibung angegeben')).toBeTruthy();
    expect(screen.getByText('Keine Leistungen angegeben')).toBeTruthy();
    expect(screen.getByTestId('plan-price').textContent).toBe(`0,00150000${NB}BTC/ Jahr`);
    expect(screen.getAllByText('Inaktiv').length).toBeGreaterThan(0);
  });

  it('shows the server’s refusal when a plan with subscribers is deleted', async () => {
    const calls = mockApi((c) =>
      c.method === 'DELETE' ? fail(409, T.planHasSubscribers(3), 'INVALID_STATE') : ok(null),
    );
    renderWithQuery(<PlanCard plan={plan()} onEdit={() => {}} />);
    const dialog = askDelete();
    expect(await within(dialog).findByText(T.planHasSubscribers(3))).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/subscriptions/plans/pln_1');
  });

  it('says Failed to delete plan when the server gives no reason', async () => {
    mockApi((c) => (c.method === 'DELETE' ? new Response('oops', { status: 502 }) : ok(null)));
    renderWithQuery(<PlanCard plan={plan()} onEdit={() => {}} />);
    const dialog = askDelete();
    expect(await within(dialog).findByText('Failed to delete plan')).toBeTruthy();
  });

  it('deactivates with PUT {active:false}; a failure says Failed to update plan status', async () => {
    const calls = mockApi((c) =>
      c.method === 'PUT' ? fail(500, T.serverError, 'INTERNAL_ERROR') : ok(null),
    );
    const onEdit = vi.fn();
    renderWithQuery(<PlanCard plan={plan()} onEdit={onEdit} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Deactivate plan Pro' }));
    expect(await screen.findByText('Failed to update plan status')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ active: false });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 'pln_1' })));
  });
});
