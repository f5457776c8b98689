import type { TApiKeyList } from '@coinlane/core/api/api-keys';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { selectApiKeys, toApiKey } from './queries.ts';

/** The caller's keys of its current mode, newest first, masked (expired ones included and marked). */
export async function listApiKeys({
  db,
  userId,
  mode,
}: {
  db: Db;
  userId: string;
  mode: TMode;
}): Promise<TApiKeyList> {
  const now = new Date();
  return (await selectApiKeys(db, userId, mode)).map((row) => toApiKey(row, now));
}
