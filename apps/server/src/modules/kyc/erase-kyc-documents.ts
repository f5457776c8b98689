import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/**
 * Erases an account's KYC documents and the reason of a rejection (account deletion, decision 015): the rows go,
 * content included. Run it inside the deletion's transaction. Returns how many documents were erased.
 */
export async function eraseKycDocuments({
  db,
  userId,
}: {
  db: Kysely<Database>;
  userId: string;
}): Promise<number> {
  const erased = await db.deleteFrom('kyc_documents').where('user_id', '=', userId).executeTakeFirst();
  await db.updateTable('users').set({ kyc_rejection_reason: null }).where('id', '=', userId).execute();
  return Number(erased.numDeletedRows);
}
