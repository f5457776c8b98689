import type { Db } from '#app/db/connection.ts';
import { getMerchantProfile } from './get-merchant-profile.ts';

/** The merchant's name as its customers know it: business name, else name, else e-mail. */
export async function merchantDisplayName(db: Db, userId: string): Promise<string> {
  try {
    const p = await getMerchantProfile({ db, userId });
    return p.businessName?.trim() || p.name?.trim() || p.email;
  } catch {
    return 'The merchant';
  }
}
