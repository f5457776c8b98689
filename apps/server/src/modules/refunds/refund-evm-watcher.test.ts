import { testTokenAbi } from '@coinlane/contracts/abi';
import { deployTestToken } from '@coinlane/contracts/deploy';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import { type Address, getAddress, type Hex, parseEther, parseUnits, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_OUTPUT_INDEX } from '#app/families/evm/evm-blocks.ts';
import { createEvmChainWatcher } from '#app/families/evm/evm-watcher.ts';
import type { JobWorker } from '#app/jobs/worker.ts';
import type { ChainWatcher } from '#app/modules/chains/generic-watcher.ts';
import { type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { sleep, waitFor } from '#app/test/wait-for.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';

// The chain watcher and refunds (decision 022) on an EVM chain, against a real Hardhat node (MACHINE-NOTES.md "EVM")
// with real ERC-20 contracts deployed here; the litecoind twin is refund-watcher.test.ts. The merchant issues the
// refund through the API, the customer gives an address on the link's page (the public API), the merchant pays it
// from its wallet (a Hardhat account): ETH, or a token. A smaller transfer, one from before the request, or one in
// another token pays nothing and is never credited to a payment; the full transfer marks the refund paid with its
// transaction hash and refund.paid reaches the merchant's webhook endpoint; a reorganisation (evm_snapshot /
// evm_revert) that takes the paying block away puts it back to awaiting payment, and a transfer on the new branch
// pays it again. Hardhat is an npm devDependency: these tests always run, on CI as anywhere.

let node: Hardhat;
let ctx: TestContext;
let watcher: ChainWatcher;
let worker: JobWorker;
let live: Merchant;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let secret: string;
let usdt: Address; // 6 decimals
let usdc: Address; // 6 decimals: another token of the same size

const payer = () => node.wallets[0]!; // the customer paying the merchant
const merchantWallet = () => node.wallets[1]!; // the merchant's own wallet, paying refunds
const randomAddress = (): Address => getAddress(toHex(crypto.getRandomValues(new Uint8Array(20))));

const waitForWatcher = <T>(what: string, check: () => Promise<T | null | undefined | false>, ms?: number) =>
  waitFor(what, check, ms, () => ({ watcher: watcher?.status() }));

const refund = (id: string) =>
  ctx.db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const payment = (id: string) =>
  ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const transfersOfTx = (txid: string) =>
  ctx.db.selectFrom('transfers').selectAll().where('txid', '=', txid).execute();
const events = (id: string) =>
  ctx.db
    .selectFrom('outbox_events')
    .select('type')
    .where('entity_id', '=', id)
    .orderBy('seq')
    .execute()
    .then((rows) => rows.map((r) => r.type));

async function mined(hash: Hex) {
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return { hash, block: receipt.blockHash, height: Number(receipt.blockNumber) };
}
const sendEth = async (from: typeof payer, to: Address, ether: string) =>
  mined(await from().sendTransaction({ to, value: parseEther(ether) }));
const sendToken = async (from: typeof payer, token: Address, to: Address, amount: bigint) =>
  mined(
    await from().writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [to, amount],
    }),
  );
/** Resolves once the watcher has scanned up to `height` (the block of a transfer that must pay nothing). */
const scannedPast = (height: number) =>
  waitForWatcher(
    `the watcher past block ${height}`,
    async () => (watcher.status().processedHeight ?? -1) >= height,
  );

/** A live payment of `amount` at a fresh address, paid by the customer and confirmed (1 confirmation). */
async function confirmedPayment(currency: 'ETH' | 'USDT', amount: string) {
  const p = await insertFixedAddressPayment({
    db: ctx.db,
    userId: live.id,
    currency,
    network: 'ethereum',
    amount,
    allocation: {
      address: randomAddress(),
      chainDetails: { chainId: node.chainId },
      ...(currency === 'USDT' ? { contractAddress: usdt } : {}),
    },
    requiredConfirmations: 1,
  });
  await sleep(300); // the watcher's next pass reads the new payment's address
  if (currency === 'ETH') await sendEth(payer, p.address as Address, amount);
  else await sendToken(payer, usdt, p.address as Address, parseUnits(amount, 6));
  await waitForWatcher('the payment confirmed', async () => (await payment(p.id)).status === 'confirmed');
  return p;
}

/** The merchant issues a refund (API), the customer gives `address` on the link's page; watched from a height. */
async function refundTo(paymentId: string, amount: string, address: string) {
  const res = await live.call({
    method: 'POST',
    url: `/api/v1/payments/${paymentId}/refunds`,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id, addressLink } = res.json().data as { id: string; addressLink: string };
  const token = new URL(addressLink).searchParams.get('token');
  const given = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/refund-requests/address',
    payload: { token, address },
  });
  expect(given.statusCode, given.body).toBe(200);
  // The address as the EVM family writes it: checksummed, whatever case the customer typed.
  expect(given.json().data).toMatchObject({
    status: 'awaiting_payment',
    address: getAddress(address),
    mode: 'live',
  });
  await waitForWatcher(
    'the refund watched from a height',
    async () => (await refund(id)).watch_from_height !== null,
  );
  return id;
}

/** The refunds the merchant's API shows for a payment. */
async function refundsOf(paymentId: string) {
  const res = await live.call({ method: 'GET', url: `/api/v1/payments/${paymentId}/refunds` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    refunded: string;
    refundState: string;
    refunds: Array<Record<string, unknown>>;
  };
}

/** The signed refund.paid deliveries received for refund `id`. */
function paidWebhooks(id: string) {
  return receiver.received
    .map((r) => ({ r, body: JSON.parse(r.body) as { type: string; data: Record<string, unknown> } }))
    .filter((x) => x.body.type === 'refund.paid' && x.body.data.id === id);
}

beforeAll(async () => {
  node = await startHardhat();
  const deployer = { wallet: node.wallets[0]!, publicClient: node.publicClient };
  usdt = await deployTestToken({
    ...deployer,
    name: 'Tether USD',
    symbol: 'USDT',
    decimals: 6,
    noReturn: true,
  });
  usdc = await deployTestToken({ ...deployer, name: 'USD Coin', symbol: 'USDC', decimals: 6 });
  for (const token of [usdt, usdc]) {
    for (const to of [payer(), merchantWallet()]) {
      await mined(
        await payer().writeContract({
          address: token,
          abi: testTokenAbi,
          functionName: 'mint',
          args: [to.account.address, parseUnits('1000', 6)],
        }),
      );
    }
  }
  const chain: EvmChainConfig = {
    family: 'evm',
    network: 'ethereum',
    rpcUrl: node.url,
    mode: 'regtest',
    chainId: null,
    tokens: { USDT: usdt, USDC: usdc },
    factory: null,
    gasKey: null,
  };
  ctx = await createTestContext({
    configuredChains: [chain],
    allowPrivateWebhooks: true,
    webhookRetryBaseMs: 50,
  });
  live = await (await createMerchant(ctx, { name: 'Refunding Shop' })).inMode('live');
  receiver = await startWebhookReceiver();
  const config = await live.call({
    method: 'PUT',
    url: '/api/v1/webhooks/config',
    payload: { url: receiver.url, events: ['refund.created', 'refund.paid', 'refund.reversed'] },
  });
  expect(config.statusCode, config.body).toBe(200);
  secret = config.json().data.secret as string;
  worker = startWebhooksRole(ctx, 20);
  watcher = createEvmChainWatcher({ deps: ctx.server.payments, dbHandle: ctx.dbHandle, chain, pollMs: 100 });
  watcher.start();
  await waitForWatcher(
    'the watcher to take its cursor',
    async () => watcher.status().processedHeight !== null,
  );
});

afterAll(async () => {
  await watcher?.stop();
  await worker?.stop();
  await receiver?.close();
  await ctx?.close();
  await node?.stop();
});

describe('EVM refunds paid on chain (Hardhat)', () => {
  it('ETH: a transfer before the request or a smaller one pays nothing; the full one marks it paid and fires refund.paid', async () => {
    const p = await confirmedPayment('ETH', '1');
    const customer = randomAddress();
    // Money the customer's address received before the refund existed, in a block the watcher has read, never
    // pays it (decision 022: only blocks above the watcher's cursor when it first watched the address count).
    const before = await sendEth(merchantWallet, customer, '0.3');
    await scannedPast(before.height);

    const id = await refundTo(p.id, '0.3', customer.toLowerCase());
    const r0 = await refund(id);
    expect(r0.watch_from_height).toBeGreaterThanOrEqual(before.height);
    expect(await transfersOfTx(before.hash)).toEqual([]);
    expect(r0).toMatchObject({ chain_id: node.chainId, contract_address: null, decimals: 18 });
    // The merchant's wallet is asked to pay exactly this (EIP-681 with the payment's chain id).
    const [shown] = (await refundsOf(p.id)).refunds;
    expect(shown).toMatchObject({
      status: 'awaiting_payment',
      address: customer,
      paymentUri: `ethereum:${customer}@${node.chainId}?value=${parseEther('0.3')}`,
    });

    const short = await sendEth(merchantWallet, customer, '0.299999999999999999');
    await scannedPast(short.height);
    expect(await refund(id)).toMatchObject({ status: 'awaiting_payment', paid_txid: null });
    expect(await transfersOfTx(short.hash)).toEqual([]); // never credited to a payment

    const full = await sendEth(merchantWallet, customer, '0.3');
    const paid = await waitForWatcher('the refund paid', async () => {
      const r = await refund(id);
      return r.status === 'paid' ? r : null;
    });
    expect(paid).toMatchObject({
      paid_txid: full.hash,
      paid_output_index: NATIVE_OUTPUT_INDEX,
      paid_block_hash: full.block,
      paid_block_height: full.height,
      paid_amount: parseEther('0.3').toString(),
    });
    expect(await transfersOfTx(full.hash)).toEqual([]);
    expect(await payment(p.id)).toMatchObject({
      status: 'confirmed',
      amount_confirmed: parseEther('1').toString(),
      amount_refunded: parseEther('0.3').toString(),
    });
    expect(await refundsOf(p.id)).toMatchObject({
      refunded: '0.3',
      refundState: 'partial',
      refunds: [{ id, status: 'paid', txid: full.hash, paymentUri: null }],
    });
    expect(await events(id)).toEqual(['refund.created', 'refund.paid']);

    // refund.paid reaches the merchant's endpoint, signed, with the transaction hash.
    const [delivery] = await waitFor('refund.paid delivered', async () => {
      const found = paidWebhooks(id);
      return found.length ? found : null;
    });
    expect(delivery!.body.data).toMatchObject({
      id,
      paymentId: p.id,
      status: 'paid',
      amount: '0.3',
      txid: full.hash,
    });
    expect(
      verifyWebhookSignature(delivery!.r.body, delivery!.r.headers['coinlane-signature'] as string, secret)
        .ok,
    ).toBe(true);

    // Another transfer to the address pays nothing more (a refund is paid once).
    const again = await sendEth(merchantWallet, customer, '0.3');
    await scannedPast(again.height);
    expect((await refund(id)).paid_txid).toBe(full.hash);
    expect(await events(id)).toEqual(['refund.created', 'refund.paid']);
  });

  it('ERC-20 (USDT): a transfer before the request, a smaller one or one of another token pays nothing; the full one pays it', async () => {
    const p = await confirmedPayment('USDT', '25');
    const customer = randomAddress();
    const before = await sendToken(merchantWallet, usdt, customer, 10_000_000n);
    await scannedPast(before.height);

    const id = await refundTo(p.id, '10', customer);
    const r0 = await refund(id);
    expect(r0.watch_from_height).toBeGreaterThanOrEqual(before.height);
    expect(r0).toMatchObject({ currency: 'USDT', contract_address: usdt, decimals: 6 });
    const [shown] = (await refundsOf(p.id)).refunds;
    expect(shown!.paymentUri).toBe(
      `ethereum:${usdt}@${node.chainId}/transfer?address=${customer}&uint256=10000000`,
    );

    const otherToken = await sendToken(merchantWallet, usdc, customer, 10_000_000n);
    const ether = await sendEth(merchantWallet, customer, '10');
    const short = await sendToken(merchantWallet, usdt, customer, 9_999_999n);
    await scannedPast(short.height);
    expect(await refund(id)).toMatchObject({ status: 'awaiting_payment', paid_txid: null });
    for (const t of [otherToken, ether, short]) expect(await transfersOfTx(t.hash)).toEqual([]);

    const full = await sendToken(merchantWallet, usdt, customer, 10_000_000n);
    const paid = await waitForWatcher('the refund paid', async () => {
      const r = await refund(id);
      return r.status === 'paid' ? r : null;
    });
    expect(paid).toMatchObject({
      paid_txid: full.hash,
      paid_block_hash: full.block,
      paid_amount: '10000000',
    });
    expect(paid.paid_output_index).not.toBe(NATIVE_OUTPUT_INDEX); // the Transfer log's index
    expect(await transfersOfTx(full.hash)).toEqual([]);
    expect(await payment(p.id)).toMatchObject({ amount_confirmed: '25000000', amount_refunded: '10000000' });
    expect(await events(id)).toEqual(['refund.created', 'refund.paid']);
    const [delivery] = await waitFor('refund.paid delivered', async () => {
      const found = paidWebhooks(id);
      return found.length ? found : null;
    });
    expect(delivery!.body.data).toMatchObject({ id, currency: 'USDT', amount: '10', txid: full.hash });
  });

  it('a reorganisation un-marks the refund (refund.reversed); a transfer on the new branch pays it again', async () => {
    const p = await confirmedPayment('ETH', '0.5');
    const customer = randomAddress();
    const id = await refundTo(p.id, '0.25', customer);
    const snap = await node.snapshot();
    const first = await sendEth(merchantWallet, customer, '0.25');
    await waitForWatcher('paid', async () => (await refund(id)).paid_block_hash === first.block);
    expect((await payment(p.id)).amount_refunded).toBe(parseEther('0.25').toString());

    // The paying block leaves the chain: the other branch grows longer without the transaction.
    await node.revert(snap);
    for (let i = 0; i < 3; i++)
      await node.publicClient.request({ method: 'evm_mine' as never, params: [] as never });
    const reopened = await waitForWatcher('back to awaiting payment', async () => {
      const r = await refund(id);
      return r.status === 'awaiting_payment' ? r : null;
    });
    expect(reopened).toMatchObject({ paid_txid: null, paid_block_hash: null, paid_at: null });
    expect((await payment(p.id)).amount_refunded).toBe('0');
    expect(await events(id)).toEqual(['refund.created', 'refund.paid', 'refund.reversed']);

    // The merchant pays again on the new branch: paid once more, with that transaction.
    const second = await sendEth(merchantWallet, customer, '0.26');
    const again = await waitForWatcher('paid again', async () => {
      const r = await refund(id);
      return r.status === 'paid' ? r : null;
    });
    expect(again).toMatchObject({ paid_txid: second.hash, paid_block_hash: second.block });
    expect(second.hash).not.toBe(first.hash);
    expect((await payment(p.id)).amount_refunded).toBe(parseEther('0.25').toString());
    expect(await events(id)).toEqual(['refund.created', 'refund.paid', 'refund.reversed', 'refund.paid']);
    await waitFor('refund.paid delivered twice', async () => paidWebhooks(id).length === 2);
  });
});
