import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-payments.ts';
import * as m0003 from './migrations/0003-api-keys.ts';
import * as m0004 from './migrations/0004-jobs-webhooks.ts';
import * as m0005 from './migrations/0005-merchant-screens.ts';
import * as m0006 from './migrations/0006-wallets.ts';
import * as m0007 from './migrations/0007-chains.ts';
import * as m0008 from './migrations/0008-evm.ts';
import * as m0009 from './migrations/0009-evm-flushes.ts';
import * as m0010 from './migrations/0010-evm-currencies.ts';
import * as m0011 from './migrations/0011-evm-flush-backoff.ts';
import * as m0012 from './migrations/0012-security-hardening.ts';
import * as m0013 from './migrations/0013-utxo-money-safety.ts';
import * as m0014 from './migrations/0014-evm-forwarder-safety.ts';
import * as m0015 from './migrations/0015-contact-requests.ts';
import * as m0016 from './migrations/0016-payment-price-changes.ts';
import * as m0017 from './migrations/0017-payment-mails.ts';
import * as m0018 from './migrations/0018-payment-chain-details.ts';
import * as m0019 from './migrations/0019-admin-role-on-account.ts';
import * as m0020 from './migrations/0020-account-deletion.ts';
import * as m0021 from './migrations/0021-support-tickets.ts';
import * as m0022 from './migrations/0022-operations-monitoring.ts';
import * as m0023 from './migrations/0023-kyc-documents.ts';
import * as m0024 from './migrations/0024-cryptocurrency-management.ts';
import * as m0025 from './migrations/0025-risk-and-sanctions.ts';
import * as m0026 from './migrations/0026-refunds.ts';
import * as m0027 from './migrations/0027-customer-ip-retention.ts';
import * as m0028 from './migrations/0028-subscriptions.ts';
import * as m0029 from './migrations/0029-payouts.ts';
import * as m0030 from './migrations/0030-jobs-name-run-at-index.ts';
import * as m0031 from './migrations/0031-swap-factory-check.ts';
import * as m0032 from './migrations/0032-tron.ts';
import * as m0033 from './migrations/0033-bitcoin-cash-cashaddr.ts';
import * as m0034 from './migrations/0034-webhook-previous-secret.ts';
import * as m0035 from './migrations/0035-pos-devices.ts';
import * as m0036 from './migrations/0036-list-indexes.ts';
import * as m0037 from './migrations/0037-payment-link-return-url.ts';
import * as m0038 from './migrations/0038-cache-notify.ts';
import * as m0039 from './migrations/0039-rate-limit-counters.ts';
import * as m0040 from './migrations/0040-job-rerun.ts';
import * as m0041 from './migrations/0041-payment-usd-hours.ts';
import * as m0042 from './migrations/0042-payment-totals.ts';
import * as m0043 from './migrations/0043-payment-volume.ts';
import * as m0044 from './migrations/0044-payment-search.ts';
import * as m0045 from './migrations/0045-fee-cache.ts';
import * as m0046 from './migrations/0046-payment-usd-hours-by-connection.ts';

// Refunds (issue 16, decision 022).

/** Migrations in order. Add new ones here; never edit one that has shipped. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-payments': m0002,
  '0003-api-keys': m0003,
  '0004-jobs-webhooks': m0004,
  '0005-merchant-screens': m0005,
  '0006-wallets': m0006,
  '0007-chains': m0007,
  '0008-evm': m0008,
  '0009-evm-flushes': m0009,
  '0010-evm-currencies': m0010,
  '0011-evm-flush-backoff': m0011,
  '0012-security-hardening': m0012,
  '0013-utxo-money-safety': m0013,
  '0014-evm-forwarder-safety': m0014,
  '0015-contact-requests': m0015,
  '0016-payment-price-changes': m0016,
  '0017-payment-mails': m0017,
  '0018-payment-chain-details': m0018,
  '0019-admin-role-on-account': m0019,
  '0020-account-deletion': m0020,
  '0021-support-tickets': m0021,
  '0022-operations-monitoring': m0022,
  '0023-kyc-documents': m0023,
  '0024-cryptocurrency-management': m0024,
  '0025-risk-and-sanctions': m0025,
  '0026-refunds': m0026,
  '0027-customer-ip-retention': m0027,
  '0028-subscriptions': m0028,
  '0029-payouts': m0029,
  '0030-jobs-name-run-at-index': m0030,
  '0031-swap-factory-check': m0031,
  '0032-tron': m0032,
  '0033-bitcoin-cash-cashaddr': m0033,
  '0034-webhook-previous-secret': m0034,
  '0035-pos-devices': m0035,
  '0036-list-indexes': m0036,
  '0037-payment-link-return-url': m0037,
  '0038-cache-notify': m0038,
  '0039-rate-limit-counters': m0039,
  '0040-job-rerun': m0040,
  '0041-payment-usd-hours': m0041,
  '0042-payment-totals': m0042,
  '0043-payment-volume': m0043,
  '0044-payment-search': m0044,
  '0045-fee-cache': m0045,
  '0046-payment-usd-hours-by-connection': m0046,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return MIGRATIONS;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrates up (or down) to the named migration: for tests of a migration on data written before it. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  if (!(name in MIGRATIONS)) throw new Error(`no migration ${name}`);
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
