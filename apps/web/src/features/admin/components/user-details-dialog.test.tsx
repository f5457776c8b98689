import type { TKyc } from '@coinlane/core/api/kyc';
import { T } from '@coinlane/core/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TUserRow } from '../api/admin-api.ts';
import { useAdminUsers } from '../hooks/use-admin-users.ts';
import { locales as kycLocales } from '../kyc-locales.ts';
import { locales } from '../locales.ts';
import { type Notice, UserDetailsDialog } from './user-details-dialog.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: {
        admin: locales.en,
        adminKyc: kycLocales.en,
        // The role names of the app's `common` catalogue (app/locales.ts, which features do not import).
        common: {
          roles: {
            super_admin: 'super admin',
            support_admin: 'support admin',
            finance_admin: 'finance admin',
            compliance_admin: 'compliance admin',
          },
        },
      },
    },
    interpolation: { escapeValue: false },
  });
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const merchant: TUserRow = {
  id: 'usr_2',
  name: 'Acme Ltd',
  email: 'ops@acme.test',
  businessName: 'Acme Ltd',
  businessType: 'retail',
  country: 'US',
  status: 'active',
  kycStatus: 'pending',
  isAdmin: false,
  adminRole: null,
  riskScore: 2,
  firstName: 'Ada',
  lastName: 'Lovelace',
  totalTransactions: 1234,
  totalVolume: '150.15',
  monthlyVolume: '1250.00',
  lastLogin: null,
  createdAt: '2026-03-01T10:00:00.000Z',
};
const admin: TUserRow = {
  ...merchant,
  id: 'usr_3',
  name: 'Grace Hopper',
  email: 'grace@coinlane.test',
  businessName: null,
  isAdmin: true,
  adminRole: 'super_admin',
};

type Call = { url: string; method: string; body: unknown };
const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), { status: 200 });
const fail = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ success: false, data: null, error: { message, code, fields } }), { status });

const noKyc: TKyc = {
  required: true,
  status: 'pending',
  rejectionReason: null,
  reviewedAt: null,
  documents: [],
  maxDocuments: 10,
  maxBytes: 10 * 1024 * 1024,
};

/**
 * The list is GET /admin/users and each account's KYC GET /admin/users/:id/kyc (`kyc`, else none submitted); every
 * other call is recorded and answered by `handler`.
 */
function mockApi(
  users: TUserRow[],
  handler: (call: Call) => Response | undefined = () => undefined,
  kyc: Record<string, TKyc> = {},
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      if (url === '/api/v1/admin/users' && call.method === 'GET') return ok(users);
      if (url === '/api/v1/auth/current-user') return ok({ user: null });
      const kycOf = /^\/api\/v1\/admin\/users\/([^/]+)\/kyc$/.exec(url)?.[1];
      if (kycOf && call.method === 'GET') return ok(kyc[kycOf] ?? noKyc);
      calls.push(call);
      return handler(call) ?? fail(404, 'NOT_FOUND', 'unexpected');
    }),
  );
  return calls;
}

/** The dialog as the page uses it: the user read from the cached list, the page's notice. */
function Harness({
  id,
  canWrite,
  canManage,
  canDelete = false,
  canVerify = false,
}: {
  id: string;
  canWrite: boolean;
  canManage: boolean;
  canDelete?: boolean;
  canVerify?: boolean;
}) {
  const users = useAdminUsers();
  const [notice, setNotice] = useState<Notice | null>(null);
  const user = users.data?.find((u) => u.id === id) ?? null;
  return (
    <UserDetailsDialog
      user={user}
      onClose={() => {}}
      viewerId="usr_1"
      canWrite={canWrite}
      canManage={canManage}
      canDelete={canDelete}
      canVerify={canVerify}
      processing={false}
      notice={notice}
      onNotice={setNotice}
      onAction={() => {}}
    />
  );
}

async function open({
  id = merchant.id,
  canWrite = true,
  canManage = false,
  canDelete = false,
  canVerify = false,
} = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <Harness
        id={id}
        canWrite={canWrite}
        canManage={canManage}
        canDelete={canDelete}
        canVerify={canVerify}
      />
    </QueryClientProvider>,
  );
  return screen.findByRole('dialog', { name: 'User details' });
}

describe('User details dialog', () => {
  it('shows the transaction figures the server sends', async () => {
    mockApi([merchant]);
    const dialog = await open();
    const figure = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(figure('Total transactions')).toBe('1,234');
    expect(figure('Total volume')).toBe('$150.15');
    expect(figure('Monthly volume')).toBe('$1,250.00');
  });

  it('offers Edit Details only to viewers with users.write, and for an admin only with admin.manage', async () => {
    mockApi([merchant, admin]);
    await open({ canWrite: false });
    expect(screen.queryByRole('button', { name: 'Edit Details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    cleanup();

    await open({ canWrite: true });
    expect(screen.getByRole('button', { name: 'Edit Details' })).toBeTruthy();
    cleanup();

    await open({ id: admin.id, canWrite: true, canManage: false });
    expect(screen.queryByRole('button', { name: 'Edit Details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    cleanup();

    await open({ id: admin.id, canWrite: true, canManage: true });
    expect(screen.getByRole('button', { name: 'Edit Details' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeTruthy();
  });

  it('lets an administrator edit their own details without admin.manage, never suspend themselves', async () => {
    mockApi([{ ...admin, id: 'usr_1', adminRole: 'support_admin' }]);
    await open({ id: 'usr_1', canWrite: true, canManage: false });
    expect(screen.getByRole('button', { name: 'Edit Details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    // The role is shown, not offered.
    expect(screen.queryByLabelText('Role')).toBeNull();
    expect(screen.getByText('support admin')).toBeTruthy();
  });

  it('sends exactly the changed fields and shows the saved details', async () => {
    const calls = mockApi([merchant], (c) =>
      c.method === 'PUT' ? ok({ ...merchant, ...(c.body as object), name: 'Acme Ltd' }) : undefined,
    );
    await open();
    const edit = screen.getByRole('button', { name: 'Edit Details' });
    fireEvent.click(edit);
    const form = screen.getByRole('form', { name: 'Edit the details of Acme Ltd' });
    // A new element: were the clicked button reused as Save, a browser would submit the form it just opened.
    expect(screen.getByRole('button', { name: 'Save' })).not.toBe(edit);
    expect((within(form).getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect((within(form).getByLabelText('Business type') as HTMLSelectElement).value).toBe('retail');
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: ' Augusta ' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(within(form).getByLabelText('Country'), { target: { value: 'DE' } });
    fireEvent.change(within(form).getByLabelText('Business type'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The details of Acme Ltd have been saved.')).toBeTruthy();
    expect(calls).toEqual([
      {
        url: '/api/v1/admin/users/usr_2',
        method: 'PUT',
        body: { firstName: 'Augusta', businessType: '', country: 'DE' },
      },
    ]);
    // Back to the read view, with the row as the server answered it.
    expect(screen.queryByRole('form')).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'User details' });
    expect(within(dialog).getByText('Germany')).toBeTruthy();
  });

  it('shows the field errors and the message of a refused save', async () => {
    const tooLong = 'Must be at most 80 characters';
    mockApi([merchant], (c) =>
      c.method === 'PUT' ? fail(400, 'VALIDATION_ERROR', tooLong, { lastName: tooLong }) : undefined,
    );
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Details' }));
    const lastName = screen.getByLabelText('Last name');
    fireEvent.change(lastName, { target: { value: 'Byron' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(lastName.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(lastName.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(tooLong);
    expect(screen.getByRole('alert').textContent).toBe(tooLong);
    // The form stays open with what was typed.
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Byron');
  });

  it('offers the role only with admin.manage and sends the chosen role', async () => {
    const calls = mockApi([merchant], (c) =>
      c.url.endsWith('/role')
        ? ok({ ...merchant, isAdmin: true, adminRole: (c.body as { role: string }).role })
        : undefined,
    );
    await open({ canManage: false });
    expect(screen.queryByLabelText('Role')).toBeNull();
    cleanup();

    await open({ canManage: true });
    const role = screen.getByLabelText('Role') as HTMLSelectElement;
    expect(role.value).toBe('');
    expect([...role.options].map((o) => o.textContent)).toEqual([
      'No admin role (merchant)',
      'Super admin',
      'Support admin',
      'Finance admin',
      'Compliance admin',
    ]);
    fireEvent.change(role, { target: { value: 'support_admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Acme Ltd now has the support admin role.')).toBeTruthy();
    expect(calls).toEqual([
      { url: '/api/v1/admin/users/usr_2/role', method: 'PUT', body: { role: 'support_admin' } },
    ]);
  });

  it('asks before taking a role away, and says why the last super admin keeps it', async () => {
    const calls = mockApi([admin], (c) =>
      c.url.endsWith('/role') ? fail(409, 'CONFLICT', T.lastSuperAdmin) : undefined,
    );
    await open({ id: admin.id, canManage: true });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(calls).toEqual([]);
    const confirm = screen.getByRole('dialog', { name: 'Change the admin role?' });
    expect(
      within(confirm).getByText(
        'Grace Hopper will lose the super admin role and all access to the back-office.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Change role' }));
    expect(await within(confirm).findByText(T.lastSuperAdmin)).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/v1/admin/users/usr_3/role', method: 'PUT', body: { role: null } }]);
  });

  it('deletes an account only with users.delete, after asking, and it leaves the list', async () => {
    const calls = mockApi([merchant, admin], (call) =>
      call.method === 'DELETE' ? ok({ id: merchant.id, deleted: true }) : undefined,
    );
    await open({ canDelete: false });
    expect(screen.queryByRole('button', { name: 'Delete Account' })).toBeNull();
    cleanup();
    // An administrator's account needs admin.manage as well.
    await open({ id: admin.id, canDelete: true, canManage: false });
    expect(screen.queryByRole('button', { name: 'Delete Account' })).toBeNull();
    cleanup();

    const dialog = await open({ canDelete: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this account?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(within(confirm).getByText(/Its payments, fees and audit trail stay on record/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'User details' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/v1/admin/users/${merchant.id}`,
    ]);
  });

  describe('Submitted Documents and the KYC review', () => {
    const submitted: TKyc = {
      ...noKyc,
      documents: [
        {
          id: 'kyc_1',
          kind: 'identity',
          fileName: 'passport_scan_front.pdf',
          contentType: 'application/pdf',
          size: 20480,
          uploadedAt: '2026-11-20T09:30:00.000Z',
        },
        {
          id: 'kyc_2',
          kind: 'proof_of_address',
          fileName: 'utility_bill.png',
          contentType: 'image/png',
          size: 4096,
          uploadedAt: '2026-11-20T09:31:00.000Z',
        },
      ],
    };

    it('lists the real documents, underscores as spaces, each with View opening its file', async () => {
      mockApi([merchant], undefined, { [merchant.id]: submitted });
      const dialog = await open({ canWrite: false });
      expect(await within(dialog).findByText('passport scan front.pdf')).toBeTruthy();
      expect(within(dialog).getByText(/Identity document/)).toBeTruthy();
      const view = within(dialog).getByRole('link', { name: 'View utility bill.png' });
      expect(view.getAttribute('href')).toBe('/api/v1/admin/users/usr_2/kyc/documents/kyc_2/file');
      expect(within(dialog).queryByRole('button', { name: 'Verify' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
    });

    it("says 'No documents submitted' when there are none, and Verify waits for one", async () => {
      mockApi([merchant]);
      const dialog = await open({ canVerify: true });
      expect(await within(dialog).findByText(T.noDocuments)).toBeTruthy();
      expect((within(dialog).getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    });

    it('verifies with users.verify: the badge turns verified and the notice says the merchant was mailed', async () => {
      const calls = mockApi(
        [merchant],
        (c) =>
          c.method === 'PUT'
            ? ok({ ...submitted, status: 'verified', reviewedAt: '2026-11-28T10:00:00.000Z' })
            : undefined,
        { [merchant.id]: submitted },
      );
      const dialog = await open({ canVerify: true });
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Verify' }));
      expect(
        await within(dialog).findByText(
          'The documents of Acme Ltd are verified. The merchant has been e-mailed.',
        ),
      ).toBeTruthy();
      expect(calls).toEqual([
        { url: '/api/v1/admin/users/usr_2/kyc', method: 'PUT', body: { status: 'verified' } },
      ]);
      const kycRow = within(dialog).getByText('KYC status').nextElementSibling;
      expect(kycRow?.textContent).toBe('Verified');
      expect(within(dialog).queryByRole('button', { name: 'Verify' })).toBeNull();
    });

    it('rejects only with a reason, sent as typed, and shows it', async () => {
      const reason = 'The passport photo is blurred.';
      const calls = mockApi(
        [merchant],
        (c) =>
          c.method === 'PUT' ? ok({ ...submitted, status: 'rejected', rejectionReason: reason }) : undefined,
        { [merchant.id]: submitted },
      );
      const dialog = await open({ canVerify: true });
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Reject' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject documents' }));
      expect(within(dialog).getByText(T.kycReasonRequired)).toBeTruthy();
      expect(calls).toEqual([]);
      fireEvent.change(within(dialog).getByLabelText(/Reason for the rejection/), {
        target: { value: ` ${reason} ` },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject documents' }));
      expect(await within(dialog).findByText(`Rejected: ${reason}`)).toBeTruthy();
      expect(calls).toEqual([
        { url: '/api/v1/admin/users/usr_2/kyc', method: 'PUT', body: { status: 'rejected', reason } },
      ]);
      expect(within(dialog).getByText('KYC status').nextElementSibling?.textContent).toBe('Rejected');
    });

    it('offers no review of one’s own account, nor of an administrator’s without admin.manage', async () => {
      mockApi([{ ...merchant, id: 'usr_1' }, admin], undefined, { usr_1: submitted, [admin.id]: submitted });
      const own = await open({ id: 'usr_1', canVerify: true });
      await within(own).findByText('passport scan front.pdf');
      expect(within(own).queryByRole('button', { name: 'Verify' })).toBeNull();
      cleanup();
      const other = await open({ id: admin.id, canVerify: true, canManage: false });
      await within(other).findByText('passport scan front.pdf');
      expect(within(other).queryByRole('button', { name: 'Verify' })).toBeNull();
    });
  });
});
