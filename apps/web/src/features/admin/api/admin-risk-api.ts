import type { TAdminTransaction } from '@coinlane/core/api/admin-transactions';
import { T } from '@coinlane/core/texts';
import { ApiError, api } from '../../../lib/api-client.ts';

/** Approve (POST /admin/transactions/:id/approve): the administrator's reason is required. */
export const approveTransaction = (id: string, reason: string) =>
  api<TAdminTransaction>(`/admin/transactions/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    body: { reason },
  });

/**
 * The compliance export (GET /admin/transactions/compliance-export, reports.compliance) as a file: the flagged
 * transactions of a mode as CSV, named by the server (compliance-<mode>-<day>.csv) and audited there.
 */
export async function downloadComplianceExport(
  mode: 'live' | 'test',
): Promise<{ blob: Blob; fileName: string }> {
  let res: Response;
  try {
    res = await fetch(`/api/v1/admin/transactions/compliance-export?mode=${mode}`, {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
    });
  } catch (err) {
    throw new ApiError((err as Error).message || T.unknownError, 0, 'NETWORK_ERROR');
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as {
      error?: { message?: string; code?: string };
    } | null;
    throw new ApiError(
      json?.error?.message ?? T.httpStatus(res.status, res.statusText),
      res.status,
      json?.error?.code ?? `HTTP_${res.status}`,
    );
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), fileName: name ?? `compliance-${mode}.csv` };
}
