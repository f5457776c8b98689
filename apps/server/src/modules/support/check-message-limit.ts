import { SUPPORT_LIMITS } from '@coinlane/core/api/support';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { countMessagesBy } from './queries.ts';

/** 429 once the account has sent SUPPORT_LIMITS.messagesPerHour messages in the last hour. */
export async function checkMessageLimit({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<void> {
  const sent = await countMessagesBy(db, userId, new Date(now.getTime() - 3600_000));
  if (sent >= SUPPORT_LIMITS.messagesPerHour) {
    throw new AppError('RATE_LIMITED', { message: T.ticketTooManyMessages(SUPPORT_LIMITS.messagesPerHour) });
  }
}
