import { codeIn, linkIn } from '#app/test/smtp.ts';
import type { RunningServer } from './server.ts';

/**
 * A merchant made through the public API as a person would (sign up, confirm the e-mail from the real SMTP
 * server, sign in with the mailed code), for journeys that need one without clicking through sign-up again.
 */
export type ApiMerchant = {
  email: string;
  call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
};

async function send(server: RunningServer, method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: unknown; error: { message: string } | null };
  if (!res.ok || !json.success) throw new Error(`${method} ${path}: ${res.status} ${json.error?.message}`);
  return { data: json.data, res };
}

/** Signs an existing account in through the API (password, then the mailed code): its session's caller. */
export async function signInAccount(
  server: RunningServer,
  { email, password }: { email: string; password: string },
): Promise<ApiMerchant> {
  const before = server.smtp.mails.length;
  const { data } = await send(server, 'POST', '/auth/login', { email, password });
  const { challengeId } = data as { challengeId: string };
  const code = codeIn(await server.smtp.waitForMail(email, { after: before, subject: /code/i }));
  const { res } = await send(server, 'POST', '/auth/login/verify', { challengeId, code });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return {
    email,
    call: async <T>(method: string, path: string, body?: unknown) =>
      (await send(server, method, path, body, cookie)).data as T,
  };
}

export async function signUpMerchant(
  server: RunningServer,
  { name, email, password = 'Str0ng!pass-e2e' }: { name: string; email: string; password?: string },
): Promise<ApiMerchant> {
  await send(server, 'POST', '/auth/register', { name, email, password, confirmPassword: password });
  const confirm = linkIn(await server.smtp.waitForMail(email, { subject: /confirm/i }), '/confirm-email');
  const token = new URL(confirm).searchParams.get('token');
  await send(server, 'POST', '/auth/confirm-email', { token });
  return signInAccount(server, { email, password });
}
