import { type Kysely, sql } from 'kysely';

/**
 * `payment_totals`: a merchant's payments per mode, status, coin and decimals, with the sums its lists and balances
 * show, so that they are read from at most a few hundred rows instead of summed over every payment at each call
 * (decision 031; decision 006 measured 300-450 ms for 200,000 payments):
 *
 * - `payments`: how many;
 * - `confirmed_cents`: the sum of each payment's confirmed money in USD cents at its locked rate, half-up per payment
 *   (the rule of `confirmedUsdCentsSql`, payments/summarize-merchant-payments.ts: Total Volume);
 * - `kept_units`, `kept_cents`, `holding`: over the payments holding confirmed money (amount_confirmed > 0), the sum of
 *   what they keep (confirmed less refunded) in base units and in USD cents (the same half-up rule per payment, of
 *   confirmed less refunded), and how many they are (the balances).
 *
 * Kept by row triggers on `payments` in the statement that writes the payment, as `payment_usd_hours` (0041): an
 * insert adds the payment, a delete takes it away, an update of a column these depend on takes the old row away and
 * adds the new; every change an upsert of its delta, 16 rows (`stripe`) per group so that concurrent writes of one
 * merchant lock different rows. Existing payments are added here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_totals (
      user_id text NOT NULL,
      mode text NOT NULL,
      status text NOT NULL,
      currency text NOT NULL,
      decimals integer NOT NULL,
      stripe smallint NOT NULL,
      payments bigint NOT NULL,
      confirmed_cents numeric NOT NULL,
      kept_units numeric NOT NULL,
      kept_cents numeric NOT NULL,
      holding bigint NOT NULL,
      PRIMARY KEY (user_id, mode, status, currency, decimals, stripe)
    );
  `.execute(db);
  await sql`
    CREATE FUNCTION coinlane_payment_totals() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      r payments;
      sign integer;
    BEGIN
      FOR pass IN 1..2 LOOP
        IF pass = 1 THEN
          CONTINUE WHEN TG_OP = 'INSERT';
          r := OLD; sign := -1;
        ELSE
          CONTINUE WHEN TG_OP = 'DELETE';
          r := NEW; sign := 1;
        END IF;
        INSERT INTO payment_totals AS t
          (user_id, mode, status, currency, decimals, stripe, payments, confirmed_cents, kept_units, kept_cents, holding)
        VALUES (
          r.user_id, r.mode, r.status, r.currency, r.decimals, hashtext(r.id) & 15,
          sign,
          sign * div(2 * coalesce(r.usd_amount, 0) * 100 * r.amount_confirmed + r.amount, 2 * r.amount),
          CASE WHEN r.amount_confirmed > 0 THEN sign * (r.amount_confirmed - r.amount_refunded) ELSE 0 END,
          CASE WHEN r.amount_confirmed > 0
            THEN sign * div(2 * coalesce(r.usd_amount, 0) * 100 * (r.amount_confirmed - r.amount_refunded) + r.amount,
                            2 * r.amount)
            ELSE 0 END,
          CASE WHEN r.amount_confirmed > 0 THEN sign ELSE 0 END
        )
        ON CONFLICT (user_id, mode, status, currency, decimals, stripe) DO UPDATE SET
          payments = t.payments + EXCLUDED.payments,
          confirmed_cents = t.confirmed_cents + EXCLUDED.confirmed_cents,
          kept_units = t.kept_units + EXCLUDED.kept_units,
          kept_cents = t.kept_cents + EXCLUDED.kept_cents,
          holding = t.holding + EXCLUDED.holding;
      END LOOP;
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
      (user_id, mode, status, currency, decimals, stripe, payments, confirmed_cents, kept_units, kept_cents, holding)
    SELECT user_id, mode, status, currency, decimals, 0, count(*),
           sum(div(2 * coalesce(usd_amount, 0) * 100 * amount_confirmed + amount, 2 * amount)),
           coalesce(sum(amount_confirmed - amount_refunded) FILTER (WHERE amount_confirmed > 0), 0),
           coalesce(sum(div(2 * coalesce(usd_amount, 0) * 100 * (amount_confirmed - amount_refunded) + amount, 2 * amount))
             FILTER (WHERE amount_confirmed > 0), 0),
           count(*) FILTER (WHERE amount_confirmed > 0)
    FROM payments
    GROUP BY 1, 2, 3, 4, 5;
  `.execute(db);
}
