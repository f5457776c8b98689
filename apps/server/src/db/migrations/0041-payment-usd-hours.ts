import { type Kysely, sql } from 'kysely';

/**
 * `payment_usd_hours`: per merchant, mode and UTC hour of creation, how many payments have a USD value and what they
 * add up to. The risk rules read the merchant's figures of the last 30 days from it (modules/payments/
 * find-payment-risk-activity.ts, decision 030): at most 721 hours x 16 rows, where a sum over the payments themselves
 * read every payment of the merchant's 30 days, on every creation and every re-score.
 *
 * Kept by triggers on `payments`, in the statement that writes the payment, so no writer can forget it and a read
 * never sees a payment without its hour: an insert adds the payment, a delete takes it away, an update that changes
 * its USD value, owner, mode or creation time takes the old away and adds the new. A merchant's hour is spread over
 * 16 rows (`stripe`, from the payment's id): concurrent creations of one merchant lock different rows until their
 * commit instead of queueing on one. Every change is an upsert, so the sum over the stripes is right even for a
 * payment written before this table (its stripe row may go below zero; the sums stay exact). Existing payments are
 * added here. A TRUNCATE of payments does not reach it: nothing in the product truncates payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_usd_hours (
      user_id text NOT NULL,
      mode text NOT NULL,
      hour timestamptz NOT NULL,
      stripe smallint NOT NULL,
      payments integer NOT NULL,
      usd numeric NOT NULL,
      PRIMARY KEY (user_id, mode, hour, stripe)
    );
  `.execute(db);
  await sql`
    CREATE FUNCTION coinlane_payment_usd_hours() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.usd_amount IS NOT NULL THEN
        INSERT INTO payment_usd_hours AS h (user_id, mode, hour, stripe, payments, usd)
        VALUES (OLD.user_id, OLD.mode, date_trunc('hour', OLD.created_at, 'UTC'), hashtext(OLD.id) & 15,
                -1, -OLD.usd_amount)
        ON CONFLICT (user_id, mode, hour, stripe)
        DO UPDATE SET payments = h.payments - 1, usd = h.usd - OLD.usd_amount;
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.usd_amount IS NOT NULL THEN
        INSERT INTO payment_usd_hours AS h (user_id, mode, hour, stripe, payments, usd)
        VALUES (NEW.user_id, NEW.mode, date_trunc('hour', NEW.created_at, 'UTC'), hashtext(NEW.id) & 15,
                1, NEW.usd_amount)
        ON CONFLICT (user_id, mode, hour, stripe)
        DO UPDATE SET payments = h.payments + 1, usd = h.usd + NEW.usd_amount;
      END IF;
      RETURN NULL;
    END
    $$;
  `.execute(db);
  await sql`
    CREATE TRIGGER payment_usd_hours_insert AFTER INSERT ON payments
    FOR EACH ROW EXECUTE FUNCTION coinlane_payment_usd_hours();
  `.execute(db);
  await sql`
    CREATE TRIGGER payment_usd_hours_delete AFTER DELETE ON payments
    FOR EACH ROW EXECUTE FUNCTION coinlane_payment_usd_hours();
  `.execute(db);
  await sql`
    CREATE TRIGGER payment_usd_hours_update AFTER UPDATE OF usd_amount, user_id, mode, created_at ON payments
    FOR EACH ROW
    WHEN (OLD.usd_amount IS DISTINCT FROM NEW.usd_amount OR OLD.user_id IS DISTINCT FROM NEW.user_id
          OR OLD.mode IS DISTINCT FROM NEW.mode OR OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION coinlane_payment_usd_hours();
  `.execute(db);
  await sql`
    INSERT INTO payment_usd_hours (user_id, mode, hour, stripe, payments, usd)
    SELECT user_id, mode, date_trunc('hour', created_at, 'UTC'), 0, count(*), sum(usd_amount)
    FROM payments WHERE usd_amount IS NOT NULL
    GROUP BY 1, 2, 3;
  `.execute(db);
}
