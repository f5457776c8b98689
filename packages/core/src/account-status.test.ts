import { describe, expect, it } from 'vitest';
import { canApprove, canSuspend, nextAccountStatus } from './account-status.ts';

describe('nextAccountStatus', () => {
  it.each([
    ['pending', 'approve', { ok: true, status: 'active' }],
    ['active', 'approve', { ok: false, status: 'active', expected: 'pending' }],
    ['suspended', 'approve', { ok: false, status: 'suspended', expected: 'pending' }],
    ['active', 'suspend', { ok: true, status: 'suspended' }],
    ['pending', 'suspend', { ok: false, status: 'pending', expected: 'active' }],
    ['suspended', 'suspend', { ok: false, status: 'suspended', expected: 'active' }],
  ] as const)('%s + %s', (status, event, expected) => {
    expect(nextAccountStatus(status, event)).toEqual(expected);
  });

  it('offers Approve on pending only and Suspend on active only', () => {
    expect([canApprove('pending'), canApprove('active'), canApprove('suspended')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([canSuspend('pending'), canSuspend('active'), canSuspend('suspended')]).toEqual([
      false,
      true,
      false,
    ]);
  });
});
