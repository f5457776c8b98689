import {
  type TAdminTransactionStatus,
  type TAdminTransactionsQueryInput,
  ZAdminTransactionsQuery,
} from '@coinlane/core/api/admin-transactions';
import { T } from '@coinlane/core/texts';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

/** Status colours, as the users page's (admin spec 4): completed green, pending yellow, failed red, else grey. */
export function transactionStatusTone(status: TAdminTransactionStatus): BadgeTone {
  switch (status) {
    case 'completed':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'failed':
      return 'red';
    default:
      return 'grey';
  }
}

/** The catalogue key of a filter error the server's schema gives. */
const ERROR_KEYS: Record<string, string> = {
  [T.dateInvalid]: 'filterErrors.dateInvalid',
  [T.dateRangeInvalid]: 'filterErrors.dateRangeInvalid',
  [T.usdAmountInvalid]: 'filterErrors.usdAmountInvalid',
  [T.usdRangeInvalid]: 'filterErrors.usdRangeInvalid',
};

/**
 * The filters checked with the server's own schema before they are sent: the query, or the catalogue key of the
 * error of each field that the server would refuse (the list then keeps showing the last good answer).
 */
export function checkTransactionQuery(
  query: TAdminTransactionsQueryInput,
): { ok: true } | { ok: false; errors: Record<string, string> } {
  const parsed = ZAdminTransactionsQuery.safeParse(query);
  if (parsed.success) return { ok: true };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = ERROR_KEYS[issue.message] ?? 'filterErrors.invalid';
  }
  return { ok: false, errors };
}
