import { type Kysely, sql } from 'kysely';

/**
 * A merchant's payments per mode, status, coin and decimals, with the sums its lists and balances show, so that they
 * are read from a few rows instead of summed over every payment at each call (decision 031; decision 006 measured
 * 300-450 ms for 200,000 payments):
 *
 * - `payments`: how many;
 * - `confirmed_cents`: the sum of each payment's confirmed money in USD cents at its locked rate, half-up per payment
 *   (the rule of `confirmedUsdCentsSql`, payments/summarize-merchant-payments.ts: Total Volume);
 * - `kept_units`, `kept_cents`, `holding`: over the payments holding confirmed money (amount_confirmed > 0), the sum of
 *   what they keep (confirmed less refunded) in base units and in USD cents (the same half-up rule per payment, of
 *   confirmed less refunded), and how many they are (the balances).
 *
 * Two tables: `payment_totals_log`, where a row trigger on `payments` appends each change's delta in the statement
 * that writes the payment (an insert adds the payment, a delete takes it away, an update of a column these depend on
 * takes the old row away and adds the new: one row when the group stays, two when it moves); and `payment_totals`,
 * into which the rollup job (modules/payments/compact-payment-rollups.ts) folds the log every few seconds. A read sums
 * both, so it is exact whenever the job last ran. Appending never waits for another transaction: a row kept up to
 * date by every writer would be locked by each confirmation of a merchant until its commit, and two confirmations
 * moving between the same groups in opposite directions could deadlock. Existing payments go straight into
 * `payment_totals`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const values = sql`
      payments bigint NOT NULL,
      confirmed_cents numeric NOT NULL,
      kept_units numeric NOT NULL,
      kept_cents numeric NOT NULL,
      holding bigint NOT NULL`;
  await sql`
    CREATE TABLE payment_totals (
      user_id text NOT NULL,
      mode text NOT NULL,
      status text NOT NULL,
      currency text NOT NULL,
      decimals integer NOT NULL,
      ${values},
      PRIMARY KEY (user_id, mode, status, currency, decimals)
    );
  `.execute(db);
  await sql`
    CREATE TABLE payment_totals_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id text NOT NULL,
      mode text NOT NULL,
      status text NOT NULL,
      currency text NOT NULL,
      decimals integer NOT NULL,
      ${values}
    );
  `.execute(db);
  await sql`CREATE INDEX payment_totals_log_owner_idx ON payment_totals_log (user_id, mode)`.execute(db);
  await sql`
    CREATE FUNCTION coinlane_payment_totals() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      o payments;
      n payments;
      same boolean;
    BEGIN
      IF TG_OP <> 'INSERT' THEN o := OLD; END IF;
      IF TG_OP <> 'DELETE' THEN n := NEW; END IF;
      same := TG_OP = 'UPDATE' AND (o.user_id, o.mode, o.status, o.currency, o.decimals)
                                 = (n.user_id, n.mode, n.status, n.currency, n.decimals);
      -- The old row's part, taken away (or, when the group stays, the difference in one row).
      IF TG_OP <> 'INSERT' THEN
        INSERT INTO payment_totals_log
          (user_id, mode, status, currency, decimals, payments, confirmed_cents, kept_units, kept_cents, holding)
        VALUES (
          o.user_id, o.mode, o.status, o.currency, o.decimals,
          CASE WHEN same THEN 0 ELSE -1 END,
          CASE WHEN same THEN div(2 * coalesce(n.usd_amount, 0) * 100 * n.amount_confirmed + n.amount, 2 * n.amount)
            ELSE 0 END
            - div(2 * coalesce(o.usd_amount, 0) * 100 * o.amount_confirmed + o.amount, 2 * o.amount),
          CASE WHEN same AND n.amount_confirmed > 0 THEN n.amount_confirmed - n.amount_refunded ELSE 0 END
            - CASE WHEN o.amount_confirmed > 0 THEN o.amount_confirmed - o.amount_refunded ELSE 0 END,
          CASE WHEN same AND n.amount_confirmed > 0
            THEN div(2 * coalesce(n.usd_amount, 0) * 100 * (n.amount_confirmed - n.amount_refunded) + n.amount,
                     2 * n.amount)
            ELSE 0 END
            - CASE WHEN o.amount_confirmed > 0
                THEN div(2 * coalesce(o.usd_amount, 0) * 100 * (o.amount_confirmed - o.amount_refunded) + o.amount,
                         2 * o.amount)
                ELSE 0 END,
          CASE WHEN same AND n.amount_confirmed > 0 THEN 1 ELSE 0 END - CASE WHEN o.amount_confirmed > 0 THEN 1 ELSE 0 END
        );
      END IF;
      -- The new row's part, added, when it has a group of its own.
      IF TG_OP <> 'DELETE' AND NOT same THEN
        INSERT INTO payment_totals_log
          (user_id, mode, status, currency, decimals, payments, confirmed_cents, kept_units, kept_cents, holding)
        VALUES (
          n.user_id, n.mode, n.status, n.currency, n.decimals, 1,
          div(2 * coalesce(n.usd_amount, 0) * 100 * n.amount_confirmed + n.amount, 2 * n.amount),
          CASE WHEN n.amount_confirmed > 0 THEN n.amount_confirmed - n.amount_refunded ELSE 0 END,
          CASE WHEN n.amount_confirmed > 0
            THEN div(2 * coalesce(n.usd_amount, 0) * 100 * (n.amount_confirmed - n.amount_refunded) + n.amount,
                     2 * n.amount)
            ELSE 0 END,
          CASE WHEN n.amount_confirmed > 0 THEN 1 ELSE 0 END
        );
      END IF;
      RETURN NULL;
    END
    $$;
  `.execute(db);
  await sql`
    CREATE TRIGGER payment_totals_insert AFTER INSERT ON payments
    FOR EACH ROW EXECUTE FUNCTION coinlane_payment_totals();
  `.execute(db);
  await sql`
    CREATE TRIGGER payment_totals_delete AFTER DELETE ON payments
    FOR EACH ROW EXECUTE FUNCTION coinlane_payment_totals();
  `.execute(db);
  await sql`
    CREATE TRIGGER payment_totals_update
    AFTER UPDATE OF user_id, mode, status, currency, decimals, amount, amount_confirmed, amount_refunded, usd_amount
    ON payments FOR EACH ROW
    WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.mode IS DISTINCT FROM NEW.mode
          OR OLD.status IS DISTINCT FROM NEW.status OR OLD.currency IS DISTINCT FROM NEW.currency
          OR OLD.decimals IS DISTINCT FROM NEW.decimals OR OLD.amount IS DISTINCT FROM NEW.amount
          OR OLD.amount_confirmed IS DISTINCT FROM NEW.amount_confirmed
          OR OLD.amount_refunded IS DISTINCT FROM NEW.amount_refunded
          OR OLD.usd_amount IS DISTINCT FROM NEW.usd_amount)
    EXECUTE FUNCTION coinlane_payment_totals();
  `.execute(db);
  await sql`
    INSERT INTO payment_totals
      (user_id, mode, status, currency, decimals, payments, confirmed_cents, kept_units, kept_cents, holding)
    SELECT user_id, mode, status, currency, decimals, count(*),
           sum(div(2 * coalesce(usd_amount, 0) * 100 * amount_confirmed + amount, 2 * amount)),
           coalesce(sum(amount_confirmed - amount_refunded) FILTER (WHERE amount_confirmed > 0), 0),
           coalesce(sum(div(2 * coalesce(usd_amount, 0) * 100 * (amount_confirmed - amount_refunded) + amount, 2 * amount))
             FILTER (WHERE amount_confirmed > 0), 0),
           count(*) FILTER (WHERE amount_confirmed > 0)
    FROM payments
    GROUP BY 1, 2, 3, 4, 5;
  `.execute(db);
}
