import { T } from '@coinlane/core/texts';
import { describe, expect, it } from 'vitest';
import { refusalText } from './messages.ts';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe('refusalText', () => {
  it('translates the server refusals, with the status translated', () => {
    expect(refusalText(T.userSuspendSelf, t)).toBe('users.refusals.userSuspendSelf');
    expect(refusalText(T.userApproveNotPending('active'), t)).toBe(
      'users.refusals.userApproveNotPending {"status":"status.active"}',
    );
    expect(refusalText(T.userSuspendNotActive('suspended'), t)).toBe(
      'users.refusals.userSuspendNotActive {"status":"status.suspended"}',
    );
    expect(refusalText(`${T.userNotFound}: usr_1, usr_2`, t)).toBe('users.refusals.userNotFound');
    expect(refusalText(T.userActOnAdmin, t)).toBe('users.refusals.userActOnAdmin');
    expect(refusalText(T.lastSuperAdmin, t)).toBe('users.refusals.lastSuperAdmin');
    expect(refusalText(T.adminEditNothing, t)).toBe('users.refusals.adminEditNothing');
    expect(refusalText('Something else', t)).toBeNull();
  });
});
