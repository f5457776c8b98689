import {
  ADD_CRYPTO_DEFAULTS,
  type TCreateCryptocurrencyRequest,
  type TCryptocurrency,
  type TUpdateCryptocurrencyRequest,
  ZCreateCryptocurrencyRequest,
} from '@coinlane/core/api/admin-cryptocurrencies';

/**
 * The Cryptocurrencies tab's edits (admin spec 7, "Settings save": each cryptocurrency's enabled, min_amount,
 * max_amount and fee_percentage, saved with Save Changes) and the Add New Cryptocurrency form (decision 020).
 */
export const CRYPTO_EDIT_FIELDS = ['enabled', 'minAmount', 'maxAmount', 'feePercentage'] as const;
export type TCryptoEditField = (typeof CRYPTO_EDIT_FIELDS)[number];

/** A row's field id in the page's edits and errors: `crypto.<id>.<field>`. */
export const cryptoFieldId = (id: string, field: TCryptoEditField) => `crypto.${id}.${field}`;

/** A row's field as the form shows it: the switch as a boolean, amounts as text, no fee of its own as ''. */
export function cryptoValue(c: TCryptocurrency, field: TCryptoEditField): string | boolean {
  if (field === 'enabled') return c.enabled;
  if (field === 'feePercentage') return c.feePercentage ?? '';
  return c[field];
}

/** One PUT per row with a changed field, with only the changed fields (an emptied fee: null, the platform fee). */
export function cryptoChanges(
  list: readonly TCryptocurrency[],
  edits: Readonly<Record<string, string | boolean>>,
): { id: string; changes: TUpdateCryptocurrencyRequest; ids: string[] }[] {
  const out: { id: string; changes: TUpdateCryptocurrencyRequest; ids: string[] }[] = [];
  for (const c of list) {
    const changes: Record<string, string | boolean | null> = {};
    const ids: string[] = [];
    for (const field of CRYPTO_EDIT_FIELDS) {
      const id = cryptoFieldId(c.id, field);
      if (!(id in edits)) continue;
      const edited = edits[id]!;
      const stored = cryptoValue(c, field);
      if (typeof edited === 'boolean' ? edited === stored : edited.trim() === String(stored)) continue;
      changes[field] =
        typeof edited === 'boolean'
          ? edited
          : field === 'feePercentage' && edited.trim() === ''
            ? null
            : edited.trim();
      ids.push(id);
    }
    if (ids.length > 0) out.push({ id: c.id, changes: changes as TUpdateCryptocurrencyRequest, ids });
  }
  return out;
}

/** The Add New Cryptocurrency form as typed. */
export type TAddCryptoForm = {
  symbol: string;
  name: string;
  network: string;
  minAmount: string;
  maxAmount: string;
  feePercentage: string;
  decimals: string;
  contractAddress: string;
  iconUrl: string;
  enabled: boolean;
};

/** The spec's defaults (admin spec 9): min 0.00000001, max 1000000, fee 2.5, decimals 8, enabled. */
export const emptyAddForm = (): TAddCryptoForm => ({
  symbol: '',
  name: '',
  network: '',
  minAmount: ADD_CRYPTO_DEFAULTS.minAmount,
  maxAmount: ADD_CRYPTO_DEFAULTS.maxAmount,
  feePercentage: ADD_CRYPTO_DEFAULTS.feePercentage,
  decimals: String(ADD_CRYPTO_DEFAULTS.decimals),
  contractAddress: '',
  iconUrl: '',
  enabled: ADD_CRYPTO_DEFAULTS.enabled,
});

/** The request body of the form (an empty fee: no fee of its own, the platform fee). */
export function addRequestOf(form: TAddCryptoForm): TCreateCryptocurrencyRequest {
  const decimals = form.decimals.trim();
  return {
    symbol: form.symbol,
    name: form.name,
    network: form.network,
    minAmount: form.minAmount,
    maxAmount: form.maxAmount,
    feePercentage: form.feePercentage.trim() === '' ? null : form.feePercentage,
    decimals: /^-?\d+(\.\d+)?$/.test(decimals) ? Number(decimals) : Number.NaN,
    contractAddress: form.contractAddress,
    iconUrl: form.iconUrl,
    enabled: form.enabled,
  };
}

/** The spec's rules (section 5) on the form, with the first message of each field; {} when it may be sent. */
export function validateAddForm(form: TAddCryptoForm): Record<string, string> {
  const parsed = ZCreateCryptocurrencyRequest.safeParse(addRequestOf(form));
  if (parsed.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return fields;
}
