import { type Kysely, sql } from 'kysely';

/**
 * `payment_usd_hours` (migration 0041): a change is counted in the stripe of the database connection that writes it
 * (`pg_backend_pid() & 63`) rather than the stripe of the payment's id (`hashtext(id) & 15`), and past hours are
 * folded into one row each (decision 038).
 *
 * A creation holds its stripe row's lock until its commit. With the stripe taken from the payment's id, ten
 * concurrent creations of one merchant (a server's pool of ten connections) met on the same one of 16 rows almost
 * every time, and each waited for the other's commit: at 50 clients the creations' backends spent most of their
 * samples in `Lock:transactionid`. A connection runs one transaction at a time, so stripes by connection meet only
 * when two connections' process ids are equal modulo 64. Sums stay exact whatever stripe a change lands in (every
 * change is a delta; a stripe row may go below zero).
 *
 * An hour can now have up to 64 stripe rows, and a pool's connections come and go, so a merchant's 30 days could be
 * 721 x 64 rows for the risk read. `compactPaymentRollups` folds every hour before the current one into stripe 64,
 * which no connection writes (a fold never waits for a creation, and no creation waits for a fold): the read is then
 * at most 720 rows plus the current hour's. The partial index finds the rows to fold; it holds only recent hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION coinlane_payment_usd_hours() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.usd_amount IS NOT NULL THEN
        INSERT INTO payment_usd_hours AS h (user_id, mode, hour, stripe, payments, usd)
        VALUES (OLD.user_id, OLD.mode, date_trunc('hour', OLD.created_at, 'UTC'), pg_backend_pid() & 63,
                -1, -OLD.usd_amount)
        ON CONFLICT (user_id, mode, hour, stripe)
        DO UPDATE SET payments = h.payments - 1, usd = h.usd - OLD.usd_amount;
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.usd_amount IS NOT NULL THEN
        INSERT INTO payment_usd_hours AS h (user_id, mode, hour, stripe, payments, usd)
        VALUES (NEW.user_id, NEW.mode, date_trunc('hour', NEW.created_at, 'UTC'), pg_backend_pid() & 63,
                1, NEW.usd_amount)
        ON CONFLICT (user_id, mode, hour, stripe)
        DO UPDATE SET payments = h.payments + 1, usd = h.usd + NEW.usd_amount;
      END IF;
      RETURN NULL;
    END
    $$;
  `.execute(db);
  await sql`CREATE INDEX payment_usd_hours_unfolded_idx ON payment_usd_hours (hour) WHERE stripe < 64`.execute(
    db,
  );
}
