import type { Selectable } from 'kysely';
import type { TransfersTable } from '#app/db/schema.ts';

export type TransferRow = Selectable<TransfersTable>;
