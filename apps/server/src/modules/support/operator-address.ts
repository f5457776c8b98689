import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';

/**
 * Where the operator reads a ticket's messages: SALES_EMAIL for a sales ticket when it is set (as the contact
 * form's mail), else the support email of the system settings.
 */
export async function operatorAddress({
  db,
  config,
  category,
}: {
  db: Db;
  config: Pick<Config, 'salesEmail'>;
  category: string;
}): Promise<string> {
  if (category === 'sales' && config.salesEmail) return config.salesEmail;
  return (await getSystemSettings({ db })).general.support_email;
}
