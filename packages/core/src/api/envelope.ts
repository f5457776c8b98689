import { z } from 'zod';

/** Every reply is `{ success, data, error }` (merchant spec 7). */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, error: z.null() });

export type TEnvelope<T> =
  | { success: true; data: T; error: null }
  | { success: false; data: null; error: TApiError };

export const ZOk = z.object({ ok: z.literal(true), message: z.string().optional() });
