import type { TMode } from '@coinlane/core/options';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createUser, signIn } from './fixtures.ts';
import type { TestContext } from './test-app.ts';

/** A signed-in merchant: `call` sends requests with its session cookie (test mode unless said). */
export type Merchant = {
  id: string;
  cookie: string;
  call: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  /** The same merchant signed in to the other mode. */
  inMode: (mode: TMode) => Promise<Merchant>;
};

export async function createMerchant(
  ctx: TestContext,
  opts: { mode?: TMode; name?: string; isAdmin?: boolean } = {},
): Promise<Merchant> {
  const user = await createUser({ db: ctx.db, name: opts.name ?? 'Test Merchant', isAdmin: opts.isAdmin });
  return signedIn(ctx, user.id, opts.mode ?? 'test');
}

async function signedIn(ctx: TestContext, userId: string, mode: TMode): Promise<Merchant> {
  const cookie = await signIn({ app: ctx.app, userId, mode });
  return {
    id: userId,
    cookie,
    call: (o) => ctx.app.inject({ ...o, headers: { cookie, ...(o.headers ?? {}) } }),
    inMode: (m) => signedIn(ctx, userId, m),
  };
}
