import { testTokenAbi } from '@coinlane/contracts/abi';
import { loadArtifacts } from '@coinlane/contracts/artifacts';
import { deployForwarderFactory, deployTestToken } from '@coinlane/contracts/deploy';
import { forwarderAddress } from '@coinlane/contracts/forwarder-address';
import { randomId } from '@coinlane/core/ids';
import { parseUnits } from '@coinlane/core/money';
import pino from 'pino';
import { type Address, getAddress, type Hex, parseEther, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvmChainConfig } from '#app/modules/chains/chain-config.ts';
import { recordPaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { sealWalletAddress } from '#app/modules/wallets/wallet-secret.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { HARDHAT_KEYS, type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { evmFlushJob } from './evm-flush.job.ts';
import { flushForwarders } from './flush-forwarders.ts';
import { insertFlushClaim } from './queries.ts';

// Flushing confirmed forwarder payments (decision 010) against a real Hardhat node and the real contracts: the
// `evm.flush` job moves them to the merchant address with one flushMany from the gas wallet; the merchant's own
// flush-transaction works from any account. Payments are inserted through the payments module with a fixed
// address (insertFixedAddressPayment) that is the forwarder's deposit address (as the EVM wallet source does), and their transfers are
// recorded with the real transaction and block, as the watcher would.

const log = pino({ level: process.env.FLUSH_LOG ?? 'silent' });
const randomSalt = (): Hex => toHex(crypto.getRandomValues(new Uint8Array(32)));
const randomAddress = (): Address => getAddress(toHex(crypto.getRandomValues(new Uint8Array(20))));

describe('flushing forwarder payments on a Hardhat node', () => {
  let node: Hardhat;
  let ctx: TestContext;
  let chain: EvmChainConfig;
  let factory: Address;
  let usdc: Address;
  let userId: string;
  let merchant: Address;
  let walletId: string;
  const gasWallet = () => node.wallets[3]!;

  const ethBalance = (address: Address) => node.publicClient.getBalance({ address });
  const tokenBalance = (address: Address) =>
    node.publicClient.readContract({
      address: usdc,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [address],
    });
  const payment = (id: string) =>
    ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const flushes = () => ctx.db.selectFrom('evm_flushes').selectAll().orderBy('created_at').execute();
  const runJob = () =>
    evmFlushJob.handler(
      {},
      {
        db: ctx.db,
        config: ctx.config,
        log,
        job: { id: 'j', name: 'evm.flush', attempts: 1, maxAttempts: 1 },
      },
    );

  /** Inserts a wallet row for `address` as create-wallet + verification would leave it (sealed address). */
  async function insertWallet(owner: string, address: Address, currency: string): Promise<string> {
    const id = randomId('wal');
    await ctx.db
      .insertInto('wallets')
      .values({
        id,
        user_id: owner,
        currency,
        network: 'ethereum',
        chain_mode: 'regtest',
        kind: 'address',
        address_sealed: sealWalletAddress(ctx.config.appSecretKey, id, address),
        address_hash: randomId('h'),
        address_display: address,
        script_type: 'evm',
        label: `${currency} wallet`,
        verified: true,
        receive_mode: 'forwarder',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    return id;
  }

  /** A live forwarder payment of `amount` (decimal string) in ETH or USDC, paid to its own deposit address. */
  async function forwarderPayment({
    owner = userId,
    wallet = walletId,
    merchantAddress = merchant,
    symbol,
    amount,
    mode = 'live',
    salt = randomSalt(),
  }: {
    owner?: string;
    wallet?: string;
    merchantAddress?: Address;
    symbol: 'ETH' | 'USDC';
    amount: string;
    mode?: 'live' | 'test';
    salt?: Hex | null;
  }) {
    const address = salt
      ? forwarderAddress({ factory, merchant: merchantAddress, paymentSalt: salt })
      : merchantAddress;
    return insertFixedAddressPayment({
      db: ctx.db,
      userId: owner,
      currency: symbol,
      network: 'ethereum',
      amount,
      allocation: {
        address,
        walletId: wallet,
        ...(salt ? { depositSalt: salt, forwarderFactory: factory } : {}),
        chainId: node.chainId,
        contractAddress: symbol === 'USDC' ? usdc : null,
      },
      requiredConfirmations: 1,
      mode,
    });
  }

  /** One round of the `evm.flush` job on this chain (options as the job passes them, overridable). */
  const flushRound = (options: Partial<Parameters<typeof flushForwarders>[0]> = {}) =>
    flushForwarders({
      db: ctx.db,
      chain,
      secretKey: ctx.config.appSecretKey,
      log,
      pollingIntervalMs: 50,
      ...options,
    });
  /** The gas wallet's next nonce, pending transactions included: unchanged means nothing new was signed and sent. */
  const gasWalletNonce = () =>
    node.publicClient.getTransactionCount({ address: gasWallet().account.address, blockTag: 'pending' });

  /** Pays `units` to the payment's deposit address from account 1 and records the mined transfer (1 conf). */
  async function pay(paymentId: string, units: bigint, { record = true } = {}) {
    const p = await payment(paymentId);
    const payer = node.wallets[1]!;
    const to = getAddress(p.address);
    let hash: Hex;
    if (p.currency === 'USDC') {
      await node.publicClient.waitForTransactionReceipt({
        hash: await payer.writeContract({
          address: usdc,
          abi: testTokenAbi,
          functionName: 'mint',
          args: [payer.account.address, units],
        }),
      });
      hash = await payer.writeContract({
        address: usdc,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [to, units],
      });
    } else {
      hash = await payer.sendTransaction({ to, value: units });
    }
    const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
    if (record) {
      await recordPaymentTransfer({
        db: ctx.db,
        paymentId,
        transfer: {
          txid: hash,
          outputIndex: p.currency === 'USDC' ? receipt.logs[0]!.logIndex : 0,
          amount: units,
          confirmations: 1,
          blockHeight: Number(receipt.blockNumber),
          blockHash: receipt.blockHash,
          seenAt: new Date(),
        },
      });
    }
    return receipt;
  }

  beforeAll(async () => {
    loadArtifacts();
    node = await startHardhat();
    const deployer = { wallet: node.wallets[0]!, publicClient: node.publicClient };
    factory = await deployForwarderFactory(deployer);
    usdc = await deployTestToken({ ...deployer, name: 'USD Coin', symbol: 'USDC', decimals: 6 });
    chain = {
      family: 'evm',
      network: 'ethereum',
      rpcUrl: node.url,
      mode: 'regtest',
      chainId: null,
      tokens: { USDC: usdc },
      factory,
      gasKey: HARDHAT_KEYS[3]!,
    };
    ctx = await createTestContext({ configuredChains: [chain] });
    userId = (await createUser({ db: ctx.db })).id;
    merchant = randomAddress();
    walletId = await insertWallet(userId, merchant, 'ETH');
  });
  afterAll(async () => {
    await ctx?.close();
    await node?.stop();
  });

  it('the job flushes confirmed forwarder payments to the merchant address in one transaction, once', async () => {
    const eth = await forwarderPayment({ symbol: 'ETH', amount: '0.75' });
    const token = await forwarderPayment({ symbol: 'USDC', amount: '25.5' });
    const open = await forwarderPayment({ symbol: 'USDC', amount: '10' }); // partly paid: not flushed
    await pay(eth.id, parseEther('0.75'));
    await pay(token.id, parseUnits('25.5', 6));
    await pay(open.id, parseUnits('4', 6));
    expect((await payment(eth.id)).status).toBe('confirmed');
    expect((await payment(token.id)).status).toBe('confirmed');
    expect((await payment(open.id)).status).toBe('partial');

    const gasBefore = await ethBalance(gasWallet().account.address);
    await runJob();

    // the merchant received exactly the two confirmed payments; the partial one stays at its deposit address
    expect(await ethBalance(merchant)).toBe(parseEther('0.75'));
    expect(await tokenBalance(merchant)).toBe(parseUnits('25.5', 6));
    expect(await ethBalance(getAddress(eth.address))).toBe(0n);
    expect(await tokenBalance(getAddress(token.address))).toBe(0n);
    expect(await tokenBalance(getAddress(open.address))).toBe(parseUnits('4', 6));
    expect(await ethBalance(factory)).toBe(0n);
    expect(await tokenBalance(gasWallet().account.address)).toBe(0n);

    const [row, ...more] = await flushes();
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      network: 'ethereum',
      chain_id: node.chainId,
      status: 'confirmed',
      from_address: gasWallet().account.address,
      error: null,
    });
    expect([...row!.payment_ids].sort()).toEqual([eth.id, token.id].sort());
    expect([...row!.flushed_payment_ids].sort()).toEqual([eth.id, token.id].sort());
    expect(row!.failed_payment_ids).toEqual([]);
    const receipt = await node.publicClient.getTransactionReceipt({ hash: row!.tx_hash as Hex });
    expect(receipt.status).toBe('success');
    expect(receipt.to).toBe(factory.toLowerCase());
    expect(BigInt(row!.gas_used!)).toBe(receipt.gasUsed);
    expect(BigInt(row!.effective_gas_price!)).toBe(receipt.effectiveGasPrice);
    expect(BigInt(row!.cost_wei!)).toBe(receipt.gasUsed * receipt.effectiveGasPrice);
    expect(row!.block_number).toBe(Number(receipt.blockNumber));
    expect(row!.confirmed_at).toBeInstanceOf(Date);
    // the gas wallet paid exactly the recorded cost, nothing else
    expect(await ethBalance(gasWallet().account.address)).toBe(gasBefore - BigInt(row!.cost_wei!));

    for (const id of [eth.id, token.id]) {
      const p = await payment(id);
      expect(p.flush_tx).toBe(row!.tx_hash);
      expect(p.flushed_at).toBeInstanceOf(Date);
    }
    expect((await payment(open.id)).flushed_at).toBeNull();

    // the merchant API shows it
    const cookie = await signIn({ app: ctx.app, userId, mode: 'live' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments/${token.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ flushTx: row!.tx_hash, flushedAt: expect.any(String) });
    // and the Transactions list tells where each forwarder payment's money is
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/transactions', headers: { cookie } });
    const rows = list.json().data as Array<{ id: string; forwarder: unknown }>;
    expect(rows.find((r) => r.id === token.id)?.forwarder).toEqual({
      flushedAt: expect.any(String),
      flushTx: row!.tx_hash,
    });
    expect(rows.find((r) => r.id === open.id)?.forwarder).toEqual({ flushedAt: null, flushTx: null });

    // a second run has nothing to do: no transaction, no row
    const nonce = await node.publicClient.getTransactionCount({ address: gasWallet().account.address });
    await runJob();
    expect(await flushes()).toHaveLength(1);
    expect(await node.publicClient.getTransactionCount({ address: gasWallet().account.address })).toBe(nonce);
  });

  it('a payment confirmed after its forwarder was flushed is flushed again', async () => {
    const p = await forwarderPayment({ symbol: 'USDC', amount: '3' });
    await pay(p.id, parseUnits('3', 6));
    const first = await flushRound();
    expect(first).toMatchObject({ status: 'confirmed', flushed: [p.id], failed: [] });
    const merchantBefore = await tokenBalance(merchant);

    // a late second transfer to the same deposit address, confirmed in a later block
    await pay(p.id, parseUnits('1.25', 6));
    const second = await flushRound();
    expect(second, JSON.stringify(await flushes())).toMatchObject({ status: 'confirmed', flushed: [p.id] });
    expect(second.txHash).not.toBe(first.txHash);
    expect(await tokenBalance(merchant)).toBe(merchantBefore + parseUnits('1.25', 6));
    expect((await payment(p.id)).flush_tx).toBe(second.txHash);
    expect(await flushRound()).toMatchObject({ status: 'idle', flushId: null });
  });

  it('a payment whose flush fails backs off (1, 2 ... minutes) and never holds up the others', async () => {
    // The merchant "address" is a contract without a receive function (the USDC token): the forwarder's ETH
    // transfer to it fails, so its request emits FlushFailed, every time.
    const refusing = await insertWallet(userId, usdc, 'ETH');
    const bad = await forwarderPayment({
      symbol: 'ETH',
      amount: '0.2',
      wallet: refusing,
      merchantAddress: usdc,
    });
    await pay(bad.id, parseEther('0.2'));
    const round = (now: Date) => flushRound({ now: () => now });
    const t0 = new Date();
    expect(await round(t0)).toMatchObject({ status: 'confirmed', flushed: [], failed: [bad.id] });
    let row = await payment(bad.id);
    expect(row.flush_attempts).toBe(1);
    expect(row.flush_retry_at!.getTime() - t0.getTime()).toBe(60_000);
    expect(await ethBalance(bad.address as Address)).toBe(parseEther('0.2')); // nothing moved

    // Within its wait it is not taken: a good payment confirmed later is flushed alone.
    const good = await forwarderPayment({ symbol: 'ETH', amount: '0.05' });
    await pay(good.id, parseEther('0.05'));
    const t1 = new Date(t0.getTime() + 30_000);
    expect(await round(t1)).toMatchObject({ status: 'confirmed', flushed: [good.id], failed: [] });
    expect(await round(t1)).toMatchObject({ status: 'idle' });

    // After the minute it is tried once more, then waits twice as long.
    const t2 = new Date(t0.getTime() + 61_000);
    expect(await round(t2)).toMatchObject({ status: 'confirmed', failed: [bad.id] });
    row = await payment(bad.id);
    expect(row.flush_attempts).toBe(2);
    expect(row.flush_retry_at!.getTime() - t2.getTime()).toBe(120_000);
    expect(await round(new Date(t2.getTime() + 119_000))).toMatchObject({ status: 'idle' });
  });

  it('never starts a second flush while one is in flight, and broadcasts the stored one again when the node lost it', async () => {
    const p = await forwarderPayment({ symbol: 'ETH', amount: '0.1' });
    await pay(p.id, parseEther('0.1'));
    // a flush row left `sent` by a crashed process before its broadcast: mining is off, so nothing is mined yet
    await node.setAutomine(false);
    try {
      const pending = flushRound({ receiptTimeoutMs: 300 });
      expect(await pending).toMatchObject({ status: 'pending' });
      const [inFlight] = await ctx.db
        .selectFrom('evm_flushes')
        .selectAll()
        .where('status', '=', 'sent')
        .execute();
      expect(inFlight!.payment_ids).toEqual([p.id]);
      // another round while it is in flight: nothing new is signed or sent
      const nonce = await gasWalletNonce();
      expect(await flushRound()).toMatchObject({ status: 'in-flight', flushId: inFlight!.id });
      expect(await gasWalletNonce()).toBe(nonce);
      expect(
        await ctx.db.selectFrom('evm_flushes').select('id').where('status', '=', 'sent').execute(),
      ).toHaveLength(1);

      // the node loses the transaction (as after a crash between storing and broadcasting it, or a node restart):
      // the next round broadcasts the stored transaction again, the same hash, and still signs nothing new
      const hash = inFlight!.tx_hash as Hex;
      await node.publicClient.request({ method: 'hardhat_dropTransaction', params: [hash] } as never);
      await expect(node.publicClient.getTransaction({ hash })).rejects.toThrow();
      expect(await flushRound()).toMatchObject({ status: 'in-flight', flushId: inFlight!.id });
      expect((await node.publicClient.getTransaction({ hash })).hash).toBe(hash);
      expect(await gasWalletNonce()).toBe(nonce);
    } finally {
      await node.setAutomine(true);
    }
    await node.mine(1);
    // the next round settles it from its receipt (then finds nothing else due)
    const settled = await flushRound();
    expect(settled.status).toBe('idle');
    const p2 = await payment(p.id);
    const rows = await flushes();
    const row = rows.find((r) => r.payment_ids.includes(p.id));
    expect(row).toMatchObject({ status: 'confirmed', payment_ids: [p.id], flushed_payment_ids: [p.id] });
    expect(p2.flush_tx).toBe(row!.tx_hash);
    expect(await ethBalance(getAddress(p2.address))).toBe(0n);
  });

  it('an empty gas wallet fails the round before anything is sent; the payment stays due', async () => {
    const p = await forwarderPayment({ symbol: 'USDC', amount: '2' });
    await pay(p.id, parseUnits('2', 6));
    const emptyKey = toHex(crypto.getRandomValues(new Uint8Array(32)));
    const outcome = await flushRound({ chain: { ...chain, gasKey: emptyKey } });
    expect(outcome.status).toBe('failed');
    const row = (await flushes()).find((r) => r.id === outcome.flushId)!;
    expect(row).toMatchObject({ status: 'failed', tx_hash: null, payment_ids: [p.id] });
    expect(row.error).toMatch(/gas wallet 0x[0-9a-fA-F]{40} holds 0 wei/);
    expect(await tokenBalance(getAddress(p.address))).toBe(parseUnits('2', 6));
    // the funded wallet's next round flushes it
    expect(await flushRound()).toMatchObject({ status: 'confirmed', flushed: [p.id] });
    expect(await tokenBalance(getAddress(p.address))).toBe(0n);
  });

  it('the database lets one flush per network be in flight, whichever process claims it', async () => {
    const claim = (id: string) =>
      insertFlushClaim(ctx.db, {
        id,
        network: 'ethereum',
        chainId: node.chainId,
        fromAddress: gasWallet().account.address,
        factory,
        now: new Date(),
      });
    const [a, b] = await Promise.all([claim(randomId('fls')), claim(randomId('fls'))]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const held = (a ?? b)!;
    expect(await claim(randomId('fls'))).toBeUndefined();
    // another network is independent
    expect(
      await insertFlushClaim(ctx.db, {
        id: randomId('fls'),
        network: 'polygon',
        chainId: 137,
        fromAddress: gasWallet().account.address,
        factory,
        now: new Date(),
      }),
    ).toBeDefined();
    // a round meanwhile backs off (the claim is fresh: another process is preparing it)
    expect(await flushRound()).toMatchObject({ status: 'in-flight', flushId: held.id });
    // once released, a new claim succeeds
    await ctx.db.deleteFrom('evm_flushes').where('id', '=', held.id).execute();
    await ctx.db.deleteFrom('evm_flushes').where('network', '=', 'polygon').execute();
    expect(await claim(randomId('fls'))).toBeDefined();
    await ctx.db.deleteFrom('evm_flushes').where('status', '=', 'preparing').execute();
  });

  it('the merchant can get the flush transaction of their own forwarder payment and send it from any account', async () => {
    const p = await forwarderPayment({ symbol: 'USDC', amount: '8' });
    await pay(p.id, parseUnits('5', 6)); // partial: the job leaves it, the merchant may flush it anyway
    const cookie = await signIn({ app: ctx.app, userId, mode: 'live' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments/${p.id}/flush-transaction`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const tx = res.json().data;
    expect(tx).toMatchObject({
      to: factory,
      chainId: node.chainId,
      value: '0',
      depositAddress: getAddress(p.address),
      merchantAddress: merchant,
    });
    const before = await tokenBalance(merchant);
    const sender = node.wallets[4]!;
    const receipt = await node.publicClient.waitForTransactionReceipt({
      hash: await sender.sendTransaction({ to: tx.to, data: tx.data, value: 0n }),
    });
    expect(receipt.status).toBe('success');
    expect(await tokenBalance(merchant)).toBe(before + parseUnits('5', 6));
    expect(await tokenBalance(getAddress(p.address))).toBe(0n);
    expect(await tokenBalance(sender.account.address)).toBe(0n);
  });

  it('flush-transaction refuses what is not the merchant’s own live forwarder payment', async () => {
    const cookie = await signIn({ app: ctx.app, userId, mode: 'live' });
    const get = (id: string, c = cookie) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/payments/${id}/flush-transaction`,
        headers: { cookie: c },
      });

    // another merchant's payment: not found
    const other = (await createUser({ db: ctx.db })).id;
    const otherMerchant = randomAddress();
    const otherWallet = await insertWallet(other, otherMerchant, 'ETH');
    const foreign = await forwarderPayment({
      owner: other,
      wallet: otherWallet,
      merchantAddress: otherMerchant,
      symbol: 'ETH',
      amount: '1',
    });
    const r1 = await get(foreign.id);
    expect(r1.statusCode).toBe(404);
    expect(r1.json().error.code).toBe('NOT_FOUND');

    // a payment paid to the merchant's own address (no forwarder)
    const single = await forwarderPayment({ symbol: 'ETH', amount: '1', salt: null });
    const r2 = await get(single.id);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().error).toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringMatching(/not paid to a forwarder/),
    });

    // a test-mode payment is not visible in live mode, and refused in test mode
    const testPayment = await forwarderPayment({ symbol: 'ETH', amount: '1', mode: 'test' });
    expect((await get(testPayment.id)).statusCode).toBe(404);
    const testCookie = await signIn({ app: ctx.app, userId, mode: 'test' });
    const r3 = await get(testPayment.id, testCookie);
    expect(r3.statusCode).toBe(409);
    expect(r3.json().error.message).toMatch(/Only live payments/);

    // without a session
    const r4 = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments/${single.id}/flush-transaction`,
    });
    expect(r4.statusCode).toBe(401);
  });
});
