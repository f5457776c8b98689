import { type Kysely, sql } from 'kysely';

/**
 * A payment link's return URL (where the hosted page sends the customer once the payment is confirmed, with
 * `coinlane_payment=<payment id>` appended; Stripe's success_url). Checked by the API before it is stored
 * (packages/core/src/return-url.ts) and stored normalised; null: none. The payments made through the link read it
 * from the link (one place: a change shows at once on the open page and in the payment's replies). The length
 * bound repeats the API's so that no other writer stores more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_links ADD COLUMN return_url text;
    ALTER TABLE payment_links ADD CONSTRAINT payment_links_return_url_check
      CHECK (return_url IS NULL OR (char_length(return_url) <= 2048 AND return_url ~ '^https?://'));
  `.execute(db);
}
