import type { TDevMail, TDevMailSummary } from '@coinlane/core/api/dev-mail';
import { api } from '../../../lib/api-client.ts';

export const devMailListKey = ['dev-mail'] as const;
export const devMailKey = (id: string) => ['dev-mail', id] as const;

/** The latest mails of the development outbox, newest first; a 404 means the outbox is off. */
export const fetchDevMailList = () => api<TDevMailSummary[]>('/dev/mail', { redirectOn401: false });
export const fetchDevMail = (id: string) =>
  api<TDevMail>(`/dev/mail/${encodeURIComponent(id)}`, { redirectOn401: false });
