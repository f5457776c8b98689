import { deployTestToken } from '@coinlane/contracts/deploy';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { T } from '@coinlane/core/texts';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * A token's decimals are read from the chain where a node is configured (decision 020): a real Hardhat node with a
 * real ERC-20 deployed here (6 decimals) is the ethereum node; polygon is configured with a node that does not
 * answer (nothing listens on port 9).
 */
let node: Hardhat;
let ctx: TestContext;
let cookie: string;
let usdx: `0x${string}`;
let notAToken: `0x${string}`;

beforeAll(async () => {
  node = await startHardhat();
  usdx = await deployTestToken({
    wallet: node.wallets[0]!,
    publicClient: node.publicClient,
    name: 'Test Dollar',
    symbol: 'USDX',
    decimals: 6,
  });
  notAToken = node.wallets[3]!.account.address; // an account: no code, no decimals()
  const ethereum: EvmChainConfig = {
    family: 'evm',
    network: 'ethereum',
    rpcUrl: node.url,
    mode: 'regtest',
    chainId: null,
    tokens: { USDX: usdx, NOPE: notAToken },
    factory: null,
    gasKey: null,
  };
  const polygon: EvmChainConfig = { ...ethereum, network: 'polygon', rpcUrl: 'http://127.0.0.1:9' };
  ctx = await createTestContext({ configuredChains: [ethereum, polygon] });
  const admin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
  cookie = await signIn({ app: ctx.app, userId: admin.id });
});
afterAll(async () => {
  await ctx?.close();
  await node?.stop();
});

const post = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/admin/cryptocurrencies', headers: { cookie }, payload });
const stored = (symbol: string, network: string) =>
  ctx.db
    .selectFrom('supported_cryptocurrencies')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('network', '=', network)
    .executeTakeFirst();

describe('token decimals on a Hardhat node', () => {
  it('refuses decimals that differ from the contract’s decimals() and adds the token with the right ones', async () => {
    const token = { symbol: 'USDX', name: 'Test Dollar', network: 'ethereum', contractAddress: usdx };
    const wrong = await post({ ...token, decimals: 18 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toMatchObject({
      code: 'CONFLICT',
      message: T.cryptoChainDecimalsMismatch('USDX', 'Ethereum', getAddress(usdx), 6),
      fields: { decimals: T.cryptoChainDecimalsMismatch('USDX', 'Ethereum', getAddress(usdx), 6) },
    });
    expect(await stored('USDX', 'ethereum')).toBeUndefined();

    const right = await post({ ...token, decimals: 6 });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().data).toMatchObject({ decimals: 6, live: true, contractAddress: getAddress(usdx) });

    // and a later change of its decimals is checked again
    const change = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/cryptocurrencies/${right.json().data.id}`,
      headers: { cookie },
      payload: { decimals: 8 },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().error.message).toBe(
      T.cryptoChainDecimalsMismatch('USDX', 'Ethereum', getAddress(usdx), 6),
    );
    expect((await stored('USDX', 'ethereum'))!.decimals).toBe(6);
  });

  it('refuses a contract that is no token on the node', async () => {
    const res = await post({
      symbol: 'NOPE',
      name: 'Nope',
      network: 'ethereum',
      contractAddress: notAToken,
      decimals: 6,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ contractAddress: T.cryptoChainNoToken('Ethereum', notAToken) });
    expect(await stored('NOPE', 'ethereum')).toBeUndefined();
  });

  it('saves nothing while the network’s node cannot be reached', async () => {
    const res = await post({
      symbol: 'USDX',
      name: 'Test Dollar',
      network: 'polygon',
      contractAddress: usdx,
      decimals: 6,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: T.cryptoChainUnreachable('Polygon'),
    });
    expect(await stored('USDX', 'polygon')).toBeUndefined();
  });

  it('does not ask the node about a native coin', async () => {
    const res = await post({ symbol: 'GAS', name: 'Gas coin', network: 'polygon', decimals: 18 });
    expect(res.statusCode, res.body).toBe(201);
  });
});
