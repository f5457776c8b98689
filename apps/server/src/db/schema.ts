import type { TChainDetails } from '@coinlane/core/chain-details';
import type { ColumnType, Generated, GeneratedAlways, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T extends object | null = object> = JSONColumnType<T, string | undefined, string>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  status: Generated<'pending' | 'active' | 'suspended'>;
  kyc_status: Generated<'pending' | 'verified' | 'rejected'>;
  email_confirmed_at: NullableTimestamp;
  mode: Generated<'test' | 'live'>;
  last_login_at: NullableTimestamp;
  /** When an administrator deleted (anonymised) the account; its money records stay (0020). */
  deleted_at: NullableTimestamp;
  password_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserProfilesTable {
  id: string;
  email: string;
  /** Derived from admin_role (a generated column since 0019): true for an account with one of the four roles. */
  is_admin: GeneratedAlways<boolean>;
  /** The account's admin role (admin spec 6), the one source of truth of admin access; null for a merchant. */
  admin_role: 'super_admin' | 'support_admin' | 'finance_admin' | 'compliance_admin' | null;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  business_name: string | null;
  website: string | null;
  phone: string | null;
  business_type: string | null;
  description: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postal_code: string | null;
  avatar_url: string | null;
  risk_score: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserSettingsTable {
  user_id: string;
  auto_conversion_enabled: Generated<boolean>;
  conversion_currency: Generated<string>;
  email_notifications: Generated<boolean>;
  webhook_notifications: Generated<boolean>;
  payment_alerts: Generated<boolean>;
  api_key_expiry_days: Generated<number>;
  default_currency: Generated<string>;
  theme: Generated<'dark' | 'light' | 'auto'>;
  language: Generated<'en' | 'es' | 'fr' | 'de'>;
  auto_payout_enabled: Generated<boolean>;
  /** The most a conversion may lose against the pool's time-weighted average price, basis points (0029). */
  max_slippage_bps: Generated<number>;
  /** The merchant's last "Move now" while auto payout is off: payments confirmed by then are flushed (0029). */
  payouts_requested_at: NullableTimestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  mode: Generated<'test' | 'live'>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: RequiredTimestamp;
  revoked_at: NullableTimestamp;
}

export interface LoginChallengesTable {
  id: string;
  user_id: string;
  code_hash: string;
  expires_at: RequiredTimestamp;
  wrong_attempts: Generated<number>;
  sent_count: Generated<number>;
  ip: string | null;
  created_at: Timestamp;
  consumed_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** What a single-use e-mailed link does (0012 added revoke_api_keys). */
export type EmailTokenKind = 'confirm_email' | 'password_reset' | 'revoke_api_keys';

export interface EmailTokensTable {
  id: string;
  user_id: string;
  kind: EmailTokenKind;
  token_hash: string;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  user_id: string | null;
  ip: string;
  success: boolean;
  created_at: Timestamp;
}

export interface SystemSettingsTable {
  category: string;
  key: string;
  value: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_type: 'user' | 'admin' | 'api_key' | 'pos_device' | 'system';
  action: string;
  entity_type: string;
  entity_id: string | null;
  mode: 'test' | 'live' | null;
  before: Json | null;
  after: Json | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface DevMailTable {
  id: string;
  seq: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: Timestamp;
  /** The mail's Reply-To, when it has one (0015-contact-requests). */
  reply_to: Generated<string | null>;
}

export type ApiKeyPermission = 'read' | 'write' | 'webhook';

export interface ApiKeysTable {
  id: string;
  user_id: string;
  mode: 'test' | 'live';
  name: string;
  key_prefix: string;
  key_hash: string;
  permissions: JSONColumnType<ApiKeyPermission[], string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_used_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** A point-of-sale device (migration 0035, decision 026). */
export interface PosDevicesTable {
  id: string;
  user_id: string;
  mode: 'test' | 'live';
  name: string;
  fiat_currency: string;
  /** `cl_pos_test_AbCd`, and the SHA-256 of the whole credential; both null until paired. */
  credential_prefix: string | null;
  credential_hash: string | null;
  /** HMAC of the open pairing code, and when it lapses; both null when none is open. */
  pairing_code_hash: string | null;
  pairing_expires_at: NullableTimestamp;
  paired_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** The device that rang up a payment (migration 0035). */
export interface PosSalesTable {
  payment_id: string;
  device_id: string;
  user_id: string;
  mode: 'test' | 'live';
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  /** `<user id>:<mode>` of the caller, or `public` for unauthenticated routes. */
  owner: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  status: Generated<'processing' | 'completed'>;
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
  locked_at: Timestamp;
  completed_at: NullableTimestamp;
}

// ---------------------------------------------------------------------------------------------------------
// Payment engine (migration 0002). numeric columns travel as exact decimal strings both ways: convert crypto
// amounts with BigInt(...) and money.ts, never with Number.

/** numeric / numeric(78,0): read as a decimal string, written as one. */
type Numeric = ColumnType<string, string, string>;
type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;
type Mode = 'test' | 'live';

export interface SupportedCryptocurrenciesTable {
  id: string;
  symbol: string;
  name: string;
  network: string;
  decimals: number;
  contract_address: string | null;
  icon_url: string | null;
  min_amount: Generated<string>;
  max_amount: Generated<string>;
  fee_percentage: NullableNumeric;
  required_confirmations: number;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FeeStructuresTable {
  type: 'platform' | 'withdrawal' | 'processing';
  percentage: Generated<string>;
  minimum_fee: NullableNumeric;
  maximum_fee: NullableNumeric;
  fixed_amount: Generated<string>;
  currency: Generated<string>;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface ExchangeRatesTable {
  source: string;
  base: string;
  symbol: string;
  rate: Numeric;
  quote: 'base_per_symbol' | 'symbol_per_base';
  fetched_at: RequiredTimestamp;
  updated_by: string | null;
}

export interface PaymentLinksTable {
  id: string;
  user_id: string;
  mode: Mode;
  status: Generated<'active' | 'completed' | 'expired'>;
  currency: string;
  network: string;
  decimals: number;
  amount: Numeric;
  fiat_amount: NullableNumeric;
  fiat_currency: string | null;
  description: string | null;
  metadata: Json<Record<string, unknown>>;
  expires_in_hours: number | null;
  expires_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  completed_payment_id: string | null;
  /** 'invoice': the payment link of a subscription invoice (0028), not listed among the merchant's links. */
  kind: Generated<'link' | 'invoice'>;
  /** Where the hosted page sends the customer after a confirmed payment (migration 0037); null: none. */
  return_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  mode: Mode;
  payment_link_id: string | null;
  attempt: Generated<number>;
  status: Generated<'pending' | 'partial' | 'confirmed' | 'failed' | 'expired'>;
  exception: Generated<'none' | 'paid_partial' | 'paid_over' | 'paid_late'>;
  failure_reason: string | null;
  currency: string;
  network: string;
  decimals: number;
  contract_address: string | null;
  amount: Numeric;
  amount_received: Generated<string>;
  amount_confirmed: Generated<string>;
  amount_late: Generated<string>;
  /** The sum of the payment's paid refunds, base units (0026-refunds; kept by the refunds module). */
  amount_refunded: Generated<string>;
  confirmations: Generated<number>;
  required_confirmations: number;
  tx_hash: string | null;
  address: string;
  fiat_amount: NullableNumeric;
  fiat_currency: string | null;
  usd_amount: NullableNumeric;
  locked_crypto_rate: string | null;
  locked_fiat_rate: string | null;
  rate_source: string | null;
  rate_locked_at: NullableTimestamp;
  description: string | null;
  customer_email: string | null;
  metadata: Json<Record<string, unknown>>;
  expires_at: RequiredTimestamp;
  confirmed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The merchant wallet that received the payment (live UTXO payments; 0006-wallets). */
  wallet_id: Generated<string | null>;
  /** The child index m/0/i of the wallet's key, for key wallets. */
  derivation_index: Generated<number | null>;
  /** The node's tip when the watcher first saw the payment past its expiry awaiting confirmations (0013). */
  expiry_height: Generated<number | null>;
  /**
   * The chain family's facts of how the payment is paid, fixed at creation (EVM: chain id, forwarder salt and
   * factory); one zod schema per family in @coinlane/core/chain-details, parsed where read (0018).
   */
  chain_details: Json<TChainDetails>;
  /** The address is a single-address wallet's, shared by its payments and told apart by amount (0018). */
  shared_address: Generated<boolean>;
  // (0025): customer origin, risk, approval
  /** The hosted page's client IP; null for API payments and after the retention period (prune job). */
  customer_ip: Generated<string | null>;
  // (0029): the payout rule the payment was created under and the conversion facts fixed then
  payout_rule_id: Generated<string | null>;
  conversion: ColumnType<TPaymentConversion | null, string | null | undefined, string | null>;
  /** ISO country of customer_ip, 'Unknown' when the offline database has none; null when nothing was recorded. */
  customer_country: Generated<string | null>;
  /** 1-10 (risk rules, @coinlane/core/risk-rules); 5 until scored. */
  risk_score: Generated<number>;
  fraud_flags: Generated<string[]>;
  risk_scored_at: Generated<Date | null>;
  /** An administrator approved it (POST /admin/transactions/{id}/approve): when, who (user id), why. */
  approved_at: Generated<Date | null>;
  approved_by: Generated<string | null>;
  approval_reason: Generated<string | null>;
}

/** The flush job's bookkeeping of a payment paid to an EVM forwarder deposit address: one row each (0018). */
export interface PaymentFlushesTable {
  payment_id: string;
  /** When the last flush moved the forwarder to the merchant, its transaction (null: found empty) and block. */
  flushed_at: NullableTimestamp;
  flush_tx: Generated<string | null>;
  flush_block: Generated<number | null>;
  /** Failed flush requests of the payment so far, and when it may be tried again. */
  flush_attempts: Generated<number>;
  flush_retry_at: NullableTimestamp;
  /** The largest flush batch the payment may be sent in after a batch of it reverted; null: any. */
  flush_batch_max: Generated<number | null>;
  /** Left as dust by the flush job: looked at again after flush_retry_at or a transfer from this block. */
  flush_deferred_block: Generated<number | null>;
}

/** One re-price of a payment link's attempt whose rate lock lapsed with nothing seen (0015). */
export interface PaymentPriceChangesTable {
  id: string;
  payment_id: string;
  user_id: string;
  mode: Mode;
  amount_before: Numeric;
  amount_after: Numeric;
  /** The lock that lapsed (the payment's expires_at before), and the new one. */
  lock_ended_at: RequiredTimestamp;
  locked_until: RequiredTimestamp;
  usd_amount: NullableNumeric;
  locked_crypto_rate: string | null;
  locked_fiat_rate: string | null;
  rate_source: string | null;
  changed_at: RequiredTimestamp;
}

export interface TransfersTable {
  id: string;
  user_id: string;
  mode: Mode;
  payment_id: string;
  network: string;
  currency: string;
  decimals: number;
  txid: string;
  output_index: number;
  address: string;
  amount: Numeric;
  confirmations: Generated<number>;
  status: Generated<'pending' | 'confirmed' | 'removed'>;
  is_late: Generated<boolean>;
  block_height: number | null;
  block_hash: string | null;
  seen_at: RequiredTimestamp;
  confirmed_at: NullableTimestamp;
  removed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** (0025) the payer addresses the watcher saw; null when unknown. */
  payer_addresses: Generated<string[] | null>;
}

export interface PlatformFeesTable {
  id: string;
  user_id: string;
  mode: Mode;
  payment_id: string;
  currency: string;
  network: string;
  decimals: number;
  base_amount: Numeric;
  percentage: Numeric;
  fee_amount: Numeric;
  usd_amount: NullableNumeric;
  fee_usd: NullableNumeric;
  status: Generated<'pending' | 'invoiced' | 'voided'>;
  invoiced_at: NullableTimestamp;
  created_at: Timestamp;
  /** When a reorganisation reversed the payment and its fee stopped counting (0013). */
  voided_at: NullableTimestamp;
}

/** The outpoints ('txid:vout') each credited UTXO transaction spends (0013): a conflicting one replaces it. */
export interface TransferSpendsTable {
  network: string;
  txid: string;
  outpoint: string;
  created_at: Timestamp;
}

export interface OutboxEventsTable {
  id: string;
  seq: Generated<number>;
  user_id: string;
  mode: Mode;
  type: string;
  entity_type: string;
  entity_id: string;
  payload: Json<Record<string, unknown>>;
  created_at: Timestamp;
  /** When the webhook dispatcher turned the event into deliveries (0004-jobs-webhooks). */
  webhooks_dispatched_at: NullableTimestamp;
  /** When the payment-mail dispatcher read the event (0017-payment-mails). */
  mails_dispatched_at: NullableTimestamp;
}

export interface JobsTable {
  id: string;
  name: string;
  payload: Json<Record<string, unknown>>;
  state: Generated<'queued' | 'running' | 'completed' | 'dead'>;
  unique_key: string | null;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
  /** Asked for again while running (enqueueJob's rerunIfRunning): queued again when it returns. */
  rerun: Generated<boolean>;
}

export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  mode: Mode;
  url: string;
  events: Json<string[]>;
  secret_sealed: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  secret_rotated_at: Timestamp;
  /**
   * The secret before the last rotation, sealed like secret_sealed, and when it stops signing (the rotation + 24
   * hours; 0034, decision 004): both null before a rotation. Ignored once expired.
   */
  previous_secret_sealed: Generated<string | null>;
  previous_secret_expires_at: Generated<Date | null>;
  /** Webhook Monitoring's Disable: when, by which administrator, why (0022); null while the endpoint is on. */
  disabled_at: Generated<Date | null>;
  disabled_by: Generated<string | null>;
  disabled_reason: Generated<string | null>;
}

export interface WebhookDeliveriesTable {
  id: string;
  seq: Generated<number>;
  endpoint_id: string;
  user_id: string;
  mode: Mode;
  event_id: string;
  event_type: string;
  event_created_at: RequiredTimestamp;
  /** The JSON body exactly as sent (every attempt sends the same bytes). */
  body: string;
  state: Generated<'pending' | 'delivered' | 'retrying' | 'failed'>;
  auto_attempts: Generated<number>;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_attempt_at: NullableTimestamp;
  next_attempt_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt_number: number;
  is_resend: Generated<boolean>;
  url: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
  created_at: Timestamp;
}

/** Per network: the last block the watcher processed, and what it last saw (modules/chains). */
export interface ChainCursorsTable {
  network: string;
  height: number | null;
  hash: string | null;
  node_tip: number | null;
  last_error: string | null;
  last_error_at: NullableTimestamp;
  last_block_time: NullableTimestamp;
  status_at: Timestamp;
  updated_at: Timestamp;
  /** The chain id the node reported (EVM networks; 0008-evm). */
  chain_id: Generated<number | null>;
  /** The forwarder factory the watcher found deployed and predicting Coinlane's addresses (EVM; 0011). */
  factory: Generated<string | null>;
  /**
   * The swapping forwarder factory the watcher found deployed with a known version's code, bound to Uniswap contracts
   * present on the node (EVM; 0031, docs/decisions/024-auto-conversion.md).
   */
  swap_factory: Generated<string | null>;
}

/** The hashes of the last ~100 processed blocks per network (reorganisation fork points). */
export interface ChainBlocksTable {
  network: string;
  height: number;
  hash: string;
  previous_hash: string | null;
  created_at: Timestamp;
}

/**
 * Per merchant, mode and UTC hour of creation: payments with a USD value and their sum (migration 0041), in stripes:
 * the writing connection's (0-63) until the rollup job folds a past hour into stripe 64 (migration 0046).
 */
export interface PaymentUsdHoursTable {
  user_id: string;
  mode: string;
  hour: Timestamp;
  stripe: number;
  payments: number;
  usd: Numeric;
}

/** Per merchant, mode, status, coin and decimals: payments and the sums lists and balances show (migration 0042). */
export interface PaymentTotalsTable {
  user_id: string;
  mode: string;
  status: string;
  currency: string;
  decimals: number;
  payments: Numeric;
  confirmed_cents: Numeric;
  kept_units: Numeric;
  kept_cents: Numeric;
  holding: Numeric;
}

/** The changes of payment_totals not folded into it yet, appended by triggers (migration 0042). */
export interface PaymentTotalsLogTable extends PaymentTotalsTable {
  id: Generated<string>;
}

/** A merchant's confirmed payments and their USD cents by confirmation quarter-hour or UTC day (migration 0043). */
export interface PaymentVolumeTable {
  user_id: string;
  mode: string;
  at: Timestamp;
  payments: Numeric;
  cents: Numeric;
}

/** The changes of the volume not folded into it yet, by quarter-hour, appended by triggers (migration 0043). */
export interface PaymentVolumeLogTable extends PaymentVolumeTable {
  id: Generated<string>;
}

export interface Database {
  payment_volume_slots: PaymentVolumeTable;
  payment_volume_days: PaymentVolumeTable;
  payment_usd_hours: PaymentUsdHoursTable;
  payment_totals: PaymentTotalsTable;
  payment_totals_log: PaymentTotalsLogTable;
  payment_volume_log: PaymentVolumeLogTable;
  users: UsersTable;
  user_profiles: UserProfilesTable;
  user_settings: UserSettingsTable;
  sessions: SessionsTable;
  login_challenges: LoginChallengesTable;
  email_tokens: EmailTokensTable;
  login_attempts: LoginAttemptsTable;
  system_settings: SystemSettingsTable;
  audit_log: AuditLogTable;
  dev_mail: DevMailTable;
  api_keys: ApiKeysTable;
  pos_devices: PosDevicesTable;
  pos_sales: PosSalesTable;
  idempotency_keys: IdempotencyKeysTable;
  supported_cryptocurrencies: SupportedCryptocurrenciesTable;
  fee_structures: FeeStructuresTable;
  exchange_rates: ExchangeRatesTable;
  payment_links: PaymentLinksTable;
  payments: PaymentsTable;
  payment_flushes: PaymentFlushesTable;
  transfers: TransfersTable;
  payment_price_changes: PaymentPriceChangesTable;
  platform_fees: PlatformFeesTable;
  transfer_spends: TransferSpendsTable;
  outbox_events: OutboxEventsTable;
  jobs: JobsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  wallets: WalletsTable;
  evm_flushes: EvmFlushesTable;
  payment_mails: PaymentMailsTable;
  // (0025)
  sanctions_imports: SanctionsImportsTable;
  sanctioned_addresses: SanctionedAddressesTable;
  // Support tickets (0021-support-tickets)
  support_tickets: SupportTicketsTable;
  support_ticket_messages: SupportTicketMessagesTable;
  // Operations (0022-operations-monitoring)
  system_logs: SystemLogsTable;
  system_alerts: SystemAlertsTable;
}

/** Warn and error log lines of every process role, kept for a bounded time (0022, modules/system-logs). */
export interface SystemLogsTable {
  id: GeneratedAlways<string | number>;
  level: 'error' | 'warn' | 'info' | 'debug';
  service: string;
  message: string;
  metadata: Json<Record<string, unknown> | null>;
  created_at: Timestamp;
}

/** Conditions for the operators, one active per (kind, dedupe_key) (0022, modules/system-alerts). */
export interface SystemAlertsTable {
  id: string;
  kind: string;
  dedupe_key: string;
  level: 'critical' | 'error' | 'warning' | 'info';
  status: Generated<'active' | 'resolved'>;
  title: string;
  description: string;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
}

export type PaymentMailKind = 'confirmed' | 'late' | 'underpaid' | 'overpaid' | 'reversed';

/** One merchant mail about a payment, per kind and round (0017-payment-mails). */
export interface PaymentMailsTable {
  payment_id: string;
  kind: PaymentMailKind;
  round: Generated<number>;
  user_id: string;
  mode: Mode;
  event_id: string | null;
  state: Generated<'queued' | 'sending' | 'sent' | 'skipped'>;
  skip_reason: string | null;
  claimed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Merchant wallets (0006-wallets): account-wide, addresses and keys sealed at rest. */
export interface WalletsTable {
  id: string;
  user_id: string;
  currency: string;
  network: string;
  chain_mode: 'mainnet' | 'testnet' | 'regtest';
  kind: 'xpub' | 'address';
  address_sealed: string;
  address_hash: string;
  address_display: string;
  script_type: string;
  label: string;
  is_default: Generated<boolean>;
  verified: Generated<boolean>;
  verified_at: NullableTimestamp;
  next_index: Generated<number>;
  code_hash: string | null;
  code_expires_at: NullableTimestamp;
  code_wrong_attempts: Generated<number>;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** EVM wallets: forwarder (default for an address), single or xpub; null on UTXO networks (0008-evm). */
  receive_mode: Generated<'forwarder' | 'single' | 'xpub' | null>;
}

/** One flushMany transaction of the operator's gas wallet (0009-evm-flushes). */
export interface EvmFlushesTable {
  id: string;
  network: string;
  chain_id: number;
  status: Generated<'preparing' | 'sent' | 'confirmed' | 'reverted' | 'failed'>;
  from_address: string;
  factory: string;
  payment_ids: Json<string[]>;
  forwarders: JSONColumnType<string[], string | undefined, string>;
  flushed_payment_ids: JSONColumnType<string[], string | undefined, string>;
  failed_payment_ids: JSONColumnType<string[], string | undefined, string>;
  nonce: number | null;
  tx_hash: string | null;
  raw_tx: string | null;
  block_number: number | null;
  gas_used: NullableNumeric;
  effective_gas_price: NullableNumeric;
  cost_wei: NullableNumeric;
  error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
  updated_at: Timestamp;
}

// --- KYC documents (0023-kyc-documents, decision 019): declared apart so that merges stay easy. ---

export interface UsersTable {
  /** Why an admin rejected the KYC documents (set with kyc_status 'rejected', cleared otherwise). */
  kyc_rejection_reason: string | null;
  kyc_reviewed_at: NullableTimestamp;
  kyc_reviewed_by: string | null;
}

/** A merchant's KYC document, sealed at rest (AES-256-GCM under APP_SECRET_KEY, lib/secret-box.ts). */
export interface KycDocumentsTable {
  id: string;
  user_id: string;
  kind: 'identity' | 'proof_of_address' | 'business_registration';
  file_name: string;
  content_type: 'application/pdf' | 'image/jpeg' | 'image/png';
  size_bytes: number;
  sealed: Uint8Array;
  created_at: Timestamp;
}

export interface Database {
  kyc_documents: KycDocumentsTable;
}

/**
 * A support ticket (0021-support-tickets): a merchant's (user_id) or a visitor's sales inquiry (no user_id; the
 * name, e-mail, company, language and client IP of the contact form). resolved_at is set exactly while the status
 * is resolved or closed.
 */
export interface SupportTicketsTable {
  id: string;
  title: string;
  category: 'general' | 'technical' | 'billing' | 'account' | 'sales';
  priority: Generated<'normal' | 'medium' | 'high' | 'urgent' | 'critical'>;
  status: Generated<'open' | 'in_progress' | 'resolved' | 'closed'>;
  user_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  company: string | null;
  language: string | null;
  ip: string | null;
  user_agent: string | null;
  assigned_to: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  resolved_at: NullableTimestamp;
}

/** One message of a ticket's thread; mailed_at: its notice mail has gone out (0021-support-tickets). */
export interface SupportTicketMessagesTable {
  id: string;
  ticket_id: string;
  author_id: string | null;
  is_staff: Generated<boolean>;
  body: string;
  mailed_at: NullableTimestamp;
  created_at: Timestamp;
}

// Refunds (issue 16, 0026-refunds, docs/decisions/022-refunds-without-custody.md).
export type RefundStatus = 'awaiting_address' | 'awaiting_payment' | 'paid' | 'canceled' | 'expired';

/** A refund the merchant pays from its own wallet to the address the customer gives (0026-refunds). */
export interface RefundsTable {
  id: string;
  payment_id: string;
  user_id: string;
  mode: Mode;
  network: string;
  currency: string;
  contract_address: string | null;
  decimals: number;
  chain_id: number | null;
  amount: Numeric;
  status: Generated<RefundStatus>;
  address: string | null;
  address_given_at: NullableTimestamp;
  token_hash: string;
  token_expires_at: RequiredTimestamp;
  customer_notified: Generated<boolean>;
  requested_by_type: 'admin' | 'user' | 'api_key';
  requested_by_id: string | null;
  reason: string | null;
  watch_from_height: number | null;
  paid_txid: string | null;
  paid_output_index: number | null;
  paid_block_height: number | null;
  paid_block_hash: string | null;
  paid_amount: NullableNumeric;
  paid_at: NullableTimestamp;
  canceled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  refunds: RefundsTable;
}

// (0025): the sanctions list (docs/decisions/021-risk-sanctions-and-approval.md)
/** One import of the OFAC SDN list (npm run sanctions:import): the last one is in force. */
export interface SanctionsImportsTable {
  id: string;
  source_file: string;
  file_sha256: string;
  /** The list's DateOfIssue. */
  published_on: ColumnType<string | null, string | null, string | null>;
  address_count: number;
  imported_at: Timestamp;
}

/** A digital currency address of the list in force; address_key is its normalised form (sanctionsKey). */
export interface SanctionedAddressesTable {
  address_key: string;
  address: string;
  /** The list's asset code: XBT, ETH, LTC, USDT, TRX, ... */
  asset: string;
  party_name: string | null;
  /** The DistinctParty's FixedRef (the SDN entry). */
  party_ref: string | null;
  import_id: string;
}

// (0028): subscriptions (docs/decisions/023-subscriptions.md)
export interface SubscriptionPlansTable {
  id: string;
  user_id: string;
  mode: Mode;
  name: string;
  description: string | null;
  price: Numeric;
  currency: 'USD' | 'BTC' | 'ETH' | 'USDT';
  interval: 'monthly' | 'yearly';
  features: Json<string[]>;
  active: Generated<boolean>;
  renewal_lead_days: Generated<number>;
  grace_days: Generated<number>;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  mode: Mode;
  plan_id: string;
  email: string;
  language: Generated<string>;
  currency: string;
  network: string;
  status: Generated<'incomplete' | 'active' | 'past_due' | 'cancelled' | 'expired'>;
  cancel_at_period_end: Generated<boolean>;
  anchor_at: NullableTimestamp;
  anchor_period: Generated<number>;
  period_index: Generated<number>;
  current_period_start: NullableTimestamp;
  current_period_end: NullableTimestamp;
  open_invoice_id: string | null;
  grace_reminded: Generated<boolean>;
  credit: Generated<string>;
  total_paid_usd: Generated<string>;
  /** The test clock's lead over real time (int8, read as a number). */
  clock_offset_ms: ColumnType<number, number | undefined, number>;
  next_action: 'expire_incomplete' | 'issue_renewal' | 'end_period' | 'remind_grace' | 'end_grace' | null;
  next_action_at: NullableTimestamp;
  due_at: NullableTimestamp;
  created_via: 'subscribe_page' | 'merchant';
  cancelled_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubscriptionInvoicesTable {
  id: string;
  subscription_id: string;
  user_id: string;
  mode: Mode;
  period: number;
  period_start: NullableTimestamp;
  period_end: NullableTimestamp;
  amount: Numeric;
  credit_applied: Generated<string>;
  amount_due: Numeric;
  currency: string;
  status: Generated<'open' | 'paid' | 'void'>;
  due_at: RequiredTimestamp;
  payment_link_id: string | null;
  payment_id: string | null;
  due_reminded: Generated<boolean>;
  paid_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubscriptionPortalTokensTable {
  token_hash: string;
  subscription_id: string;
  expires_at: RequiredTimestamp;
  created_at: Timestamp;
}

export interface Database {
  subscription_plans: SubscriptionPlansTable;
  subscriptions: SubscriptionsTable;
  subscription_invoices: SubscriptionInvoicesTable;
  subscription_portal_tokens: SubscriptionPortalTokensTable;
}

// (0029): payouts with conversion (docs/decisions/024-auto-conversion.md)
/** A V3 route: tokens[0] -> fees[0] -> tokens[1] ... (tokens.length === fees.length + 1). */
export type TSwapRoute = { tokens: string[]; fees: number[] };

/**
 * What a payment under a payout rule was created with (payments.conversion): fixed at creation, never read from
 * the rule again.
 * - swap: an EVM payment received by a swapping forwarder; every field is committed into its CREATE2 address.
 * - shift: a Bitcoin-family payment whose address is an exchange provider's deposit address.
 */
export type TPaymentConversion =
  | {
      kind: 'swap';
      toCurrency: string;
      tokenIn: string | null;
      tokenOut: string;
      route: TSwapRoute;
      slippageBps: number;
      twapSeconds: number;
      recipient: string;
      walletId: string;
      swapFactory: string;
    }
  | {
      kind: 'shift';
      toCurrency: string;
      toNetwork: string;
      provider: string;
      shiftId: string;
      walletId: string;
      settleAddress: string;
    };

export interface PayoutRulesTable {
  id: string;
  user_id: string;
  from_currency: string;
  from_network: string;
  to_currency: string;
  wallet_id: string;
  min_amount: Numeric;
  enabled: Generated<boolean>;
  swap_route: ColumnType<TSwapRoute | null, string | null | undefined, string | null>;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConversionShiftsTable {
  id: string;
  user_id: string;
  payment_id: string;
  provider: string;
  provider_shift_id: string;
  quote_id: string | null;
  deposit_address: string;
  deposit_currency: string;
  deposit_network: string;
  deposit_amount: Numeric;
  settle_currency: string;
  settle_network: string;
  settle_amount: Numeric;
  settle_address: string;
  refund_address: string | null;
  rate: Numeric;
  /** The provider's status as last read (SideShift: waiting, pending, processing, review, settling, settled, ...). */
  status: string;
  settle_tx_hash: string | null;
  deposit_tx_hash: string | null;
  expires_at: RequiredTimestamp;
  next_check_at: Timestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PayoutsTable {
  id: string;
  user_id: string;
  payment_id: string | null;
  rule_id: string | null;
  kind: 'flush' | 'swap' | 'shift';
  network: string;
  original_amount: Numeric;
  original_currency: string;
  converted_amount: NullableNumeric;
  payout_currency: string;
  exchange_rate: NullableNumeric;
  fee: NullableNumeric;
  fee_currency: string | null;
  /** Gas (wei and in the fee currency), pool fee, provider fee: what `fee` is made of. */
  fee_details: ColumnType<Record<string, unknown>, string | undefined, string>;
  wallet_address: string;
  status: Generated<'pending' | 'completed' | 'failed'>;
  tx_hash: string | null;
  failure_reason: string | null;
  evm_flush_id: string | null;
  conversion_shift_id: string | null;
  completed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  payout_rules: PayoutRulesTable;
  conversion_shifts: ConversionShiftsTable;
  payouts: PayoutsTable;
}

// (0039): the API limits' counters shared by every process (docs/decisions/029-read-caches-and-the-payment-hot-path.md)
/** One API limit's counter: a key (`key:<api key id>`, an IP, ...) and a window length, from its first hit anywhere. */
export interface RateLimitCountersTable {
  key: string;
  window_ms: number;
  started_at: Timestamp;
  count: number;
}

export interface Database {
  rate_limit_counters: RateLimitCountersTable;
}
