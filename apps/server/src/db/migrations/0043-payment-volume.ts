import { type Kysely, sql } from 'kysely';

/**
 * A merchant's confirmed volume in time, for the dashboard (decision 031): per merchant and mode, the confirmed
 * payments and the sum of their confirmed money in USD cents at their locked rates (half-up per payment, the rule of
 * `confirmedUsdCentsSql`), by the instant they were confirmed (`coalesce(confirmed_at, updated_at)`, the dashboard's
 * order), at two grains:
 *
 * - `payment_volume_slots`: quarter-hours (UTC). Every time zone's midnights fall on a quarter-hour today (all offsets
 *   in use are multiples of 15 minutes); the dashboard still adds, from the payments, any edge of a day or month that
 *   no whole quarter-hour covers;
 * - `payment_volume_days`: UTC days, so that finding where the older half of a merchant's confirmed payments ends
 *   reads a few hundred rows a year, then one day's quarter-hours.
 *
 * As `payment_totals` (0042): a row trigger on `payments` appends each change's delta to `payment_volume_log` (its
 * quarter-hour; only confirmed payments count; a change of status, confirmation time, owner, mode or of the amounts
 * behind the cents takes the old part away and adds the new), the rollup job folds the log into both grains, and a
 * read sums the folded rows and the log. Existing payments go straight into both grains.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payment_volume_slots', 'payment_volume_days']) {
    await sql`
      CREATE TABLE ${sql.table(table)} (
        user_id text NOT NULL,
        mode text NOT NULL,
        at timestamptz NOT NULL,
        payments bigint NOT NULL,
        cents numeric NOT NULL,
        PRIMARY KEY (user_id, mode, at)
      );
    `.execute(db);
  }
  await sql`
    CREATE TABLE payment_volume_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id text NOT NULL,
      mode text NOT NULL,
      at timestamptz NOT NULL,
      payments bigint NOT NULL,
      cents numeric NOT NULL
    );
  `.execute(db);
  await sql`CREATE INDEX payment_volume_log_owner_idx ON payment_volume_log (user_id, mode, at)`.execute(db);
  // The quarter-hour of an instant: whole seconds since 1970 rounded down to 900, back to an instant.
  await sql`
    CREATE FUNCTION coinlane_payment_volume() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      r payments;
      sign integer;
    BEGIN
      FOR pass IN 1..2 LOOP
        IF pass = 1 THEN
          CONTINUE WHEN TG_OP = 'INSERT' OR OLD.status <> 'confirmed';
          r := OLD; sign := -1;
        ELSE
          CONTINUE WHEN TG_OP = 'DELETE' OR NEW.status <> 'confirmed';
          r := NEW; sign := 1;
        END IF;
        INSERT INTO payment_volume_log (user_id, mode, at, payments, cents)
        VALUES (r.user_id, r.mode,
                to_timestamp(floor(extract(epoch FROM coalesce(r.confirmed_at, r.updated_at)) / 900) * 900),
                sign, sign * div(2 * coalesce(r.usd_amount, 0) * 100 * r.amount_confirmed + r.amount, 2 * r.amount));
      END LOOP;
      RETURN NULL;
    END
    $$;
  `.execute(db);
  await sql`
    CREATE TRIGGER payment_volume_insert AFTER INSERT ON payments
    FOR EACH ROW WHEN (NEW.status = 'confirmed') EXECUTE FUNCTION coinlane_payment_volume();
  `.execute(db);
  await sql`
    CREATE TRIGGER payment_volume_delete AFTER DELETE ON payments
    FOR EACH ROW WHEN (OLD.status = 'confirmed') EXECUTE FUNCTION coinlane_payment_volume();
  `.execute(db);
  await sql`
    CREATE TRIGGER payment_volume_update
    AFTER UPDATE OF user_id, mode, status, confirmed_at, updated_at, amount, amount_confirmed, usd_amount ON payments
    FOR EACH ROW
    WHEN ((OLD.status = 'confirmed' OR NEW.status = 'confirmed') AND (
          OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id
          OR OLD.mode IS DISTINCT FROM NEW.mode
          OR coalesce(OLD.confirmed_at, OLD.updated_at) IS DISTINCT FROM coalesce(NEW.confirmed_at, NEW.updated_at)
          OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.amount_confirmed IS DISTINCT FROM NEW.amount_confirmed
          OR OLD.usd_amount IS DISTINCT FROM NEW.usd_amount))
    EXECUTE FUNCTION coinlane_payment_volume();
  `.execute(db);
  // Where the older half of a merchant's confirmed payments ends, within a quarter-hour: read in confirmation order.
  await sql`
    CREATE INDEX payments_confirmed_order_idx ON payments (user_id, mode, (coalesce(confirmed_at, updated_at)), id)
    WHERE status = 'confirmed'
  `.execute(db);
  for (const [table, grain] of [
    [
      'payment_volume_slots',
      sql`to_timestamp(floor(extract(epoch FROM coalesce(confirmed_at, updated_at)) / 900) * 900)`,
    ],
    ['payment_volume_days', sql`date_trunc('day', coalesce(confirmed_at, updated_at), 'UTC')`],
  ] as const) {
    await sql`
      INSERT INTO ${sql.table(table)} (user_id, mode, at, payments, cents)
      SELECT user_id, mode, ${grain}, count(*),
             sum(div(2 * coalesce(usd_amount, 0) * 100 * amount_confirmed + amount, 2 * amount))
      FROM payments WHERE status = 'confirmed'
      GROUP BY 1, 2, 3;
    `.execute(db);
  }
}
