import { forwarderFactoryAbi, gasBurnerAbi, testTokenAbi } from '@coinlane/contracts/abi';
import { loadArtifacts } from '@coinlane/contracts/artifacts';
import {
  deployForwarderFactory,
  deployForwarderFactoryV1,
  deployGasBurner,
  deployTestToken,
} from '@coinlane/contracts/deploy';
import { forwarderAddress } from '@coinlane/contracts/forwarder-address';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { randomId } from '@coinlane/core/ids';
import { parseUnits } from '@coinlane/core/money';
import pino from 'pino';
import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  type Hex,
  parseEther,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { upsertQuotes } from '#app/modules/rates/store-rate-quotes.ts';
import { sealWalletAddress } from '#app/modules/wallets/wallet-secret.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { HARDHAT_KEYS, type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { readPaymentColumns } from '#app/test/payment-columns.ts';
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
  let dai: Address; // 18 decimals: a configured token that a USDC payment's deposit address does not hold
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
  const payment = (id: string) => readPaymentColumns(ctx.db, id);
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
    factoryAddress = factory,
  }: {
    owner?: string;
    wallet?: string;
    merchantAddress?: Address;
    symbol: 'ETH' | 'USDC';
    amount: string;
    mode?: 'live' | 'test';
    salt?: Hex | null;
    /** The factory the deposit address is computed under (the configured one unless an older one is named). */
    factoryAddress?: Address;
  }) {
    const address = salt
      ? forwarderAddress({ factory: factoryAddress, merchant: merchantAddress, paymentSalt: salt })
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
        // without a salt: the wallet's own address, shared like a single-address wallet's
        ...(salt ? {} : { sharedAddress: true }),
        chainDetails: {
          ...(salt ? { depositSalt: salt, forwarderFactory: factoryAddress } : {}),
          chainId: node.chainId,
        },
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
        deps: ctx.server.payments,
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
    dai = await deployTestToken({ ...deployer, name: 'Dai', symbol: 'DAI', decimals: 18 });
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

  it('with auto payout off a merchant is flushed only after "Move now" (POST /payouts/move-now)', async () => {
    const owner = (await createUser({ db: ctx.db })).id;
    const ownAddress = randomAddress();
    const ownWallet = await insertWallet(owner, ownAddress, 'ETH');
    const cookie = await signIn({ app: ctx.app, userId: owner, mode: 'live' });
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: { cookie },
      payload: { autoPayoutEnabled: false },
    });
    expect(settings.statusCode).toBe(200);
    const held = await forwarderPayment({
      owner,
      wallet: ownWallet,
      merchantAddress: ownAddress,
      symbol: 'ETH',
      amount: '0.2',
    });
    await pay(held.id, parseEther('0.2'));
    // the job's rounds leave it where it is: the merchant moves funds when they choose
    expect(await flushRound()).toMatchObject({ status: 'idle' });
    expect(await ethBalance(getAddress(held.address))).toBe(parseEther('0.2'));
    expect(await ethBalance(ownAddress)).toBe(0n);

    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payouts/move-now',
      headers: { cookie },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      payments: 1,
      autoPayoutEnabled: false,
      requestedAt: expect.any(String),
    });
    expect(await flushRound()).toMatchObject({ status: 'confirmed', flushed: [held.id] });
    expect(await ethBalance(ownAddress)).toBe(parseEther('0.2'));

    // a payment confirmed after the request waits for the next one
    const later = await forwarderPayment({
      owner,
      wallet: ownWallet,
      merchantAddress: ownAddress,
      symbol: 'ETH',
      amount: '0.1',
    });
    await pay(later.id, parseEther('0.1'));
    expect(await flushRound()).toMatchObject({ status: 'idle' });
    expect(await ethBalance(getAddress(later.address))).toBe(parseEther('0.1'));
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payouts/move-now',
      headers: { cookie },
    });
    expect(again.json().data.payments).toBe(1);
    expect(await flushRound()).toMatchObject({ status: 'confirmed', flushed: [later.id] });

    // another merchant's call moves nothing of this one's, and says how many of its own are waiting: none
    const stranger = await signIn({ app: ctx.app, userId, mode: 'live' });
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payouts/move-now',
      headers: { cookie: stranger },
    });
    expect(theirs.json().data).toMatchObject({ autoPayoutEnabled: true });
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
    // the reply's gas limit (an upper bound; Hardhat 2.29 cannot estimate a call that checks gasleft())
    expect(BigInt(tx.gas)).toBeGreaterThan(100_000n);
    const receipt = await node.publicClient.waitForTransactionReceipt({
      hash: await sender.sendTransaction({ to: tx.to, data: tx.data, value: 0n, gas: BigInt(tx.gas) }),
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
  // ---------------------------------------------------------------------------------------------------------------
  // Issue 13: audit of the forwarders on a Hardhat node

  /** Runs rounds until one finds nothing to do (at most `max`), each at `now`; their outcomes in order. */
  async function roundsUntilIdle(max = 8, options: Partial<Parameters<typeof flushForwarders>[0]> = {}) {
    const outcomes = [];
    for (let i = 0; i < max; i++) {
      const o = await flushRound(options);
      if (o.status === 'idle') return outcomes;
      outcomes.push(o);
    }
    throw new Error(`still flushing after ${max} rounds: ${JSON.stringify(outcomes)}`);
  }
  const flushInput = async (hash: Hex) => {
    const tx = await node.publicClient.getTransaction({ hash });
    return decodeFunctionData({ abi: forwarderFactoryAbi, data: tx.input });
  };

  it('issue 13 (2): a flush names only the tokens the deposit address holds (balances read off chain)', async () => {
    const p = await forwarderPayment({ symbol: 'USDC', amount: '6' });
    await pay(p.id, parseUnits('6', 6));
    const withDai = { ...chain, tokens: { USDC: usdc, DAI: dai } }; // DAI configured, not held
    const outcome = await flushRound({ chain: withDai });
    expect(outcome).toMatchObject({ status: 'confirmed', flushed: [p.id] });
    const call = await flushInput(outcome.txHash!);
    expect(call.functionName).toBe('flushMany');
    expect(call.args[0]).toEqual([
      { merchant, paymentSalt: (await payment(p.id)).deposit_salt, tokens: [usdc] },
    ]);
    // an ETH payment holding no token names none
    const e = await forwarderPayment({ symbol: 'ETH', amount: '0.02' });
    await pay(e.id, parseEther('0.02'));
    const second = await flushRound({ chain: withDai });
    expect(second).toMatchObject({ status: 'confirmed', flushed: [e.id] });
    expect((await flushInput(second.txHash!)).args[0]).toEqual([
      { merchant, paymentSalt: (await payment(e.id)).deposit_salt, tokens: [] },
    ]);
  });

  it('issue 13 (3): a merchant whose receive burns gas after the batch was signed cannot revert innocent payments', async () => {
    // The merchant's "address" is a contract that burns gas in receive() once told to: it does so after the
    // flush transaction was signed and broadcast, before it is mined (its own transaction goes first).
    const burner = await deployGasBurner({ wallet: node.wallets[0]!, publicClient: node.publicClient });
    const burnerWallet = await insertWallet(userId, burner, 'ETH');
    const burning: string[] = [];
    for (let i = 0; i < 5; i++) {
      const b = await forwarderPayment({
        symbol: 'ETH',
        amount: '0.1',
        wallet: burnerWallet,
        merchantAddress: burner,
      });
      await pay(b.id, parseEther('0.1'));
      burning.push(b.id);
    }
    const innocent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await forwarderPayment({ symbol: 'USDC', amount: '4' });
      await pay(p.id, parseUnits('4', 6));
      innocent.push(p.id);
    }
    const merchantBefore = await tokenBalance(merchant);
    await node.setAutomine(false);
    try {
      expect(await flushRound({ receiptTimeoutMs: 300 })).toMatchObject({ status: 'pending' });
      await node.wallets[0]!.writeContract({
        address: burner,
        abi: gasBurnerAbi,
        functionName: 'set',
        args: [10n ** 9n, false, 0n],
        maxPriorityFeePerGas: 100_000_000_000n,
        maxFeePerGas: 200_000_000_000n,
      });
      await node.mine(1);
    } finally {
      await node.setAutomine(true);
    }
    const outcomes = await roundsUntilIdle();
    const rows = (await flushes()).filter((r) => r.payment_ids.some((id) => innocent.includes(id)));
    // no flush of an innocent payment reverted, and each was flushed the first time it was sent
    expect(rows.map((r) => r.status)).not.toContain('reverted');
    for (const id of innocent) {
      const row = await payment(id);
      expect(row.flush_attempts, `${id} ${JSON.stringify(outcomes)}`).toBe(0);
      expect(row.flushed_at).toBeInstanceOf(Date);
    }
    expect(await tokenBalance(merchant)).toBe(merchantBefore + 3n * parseUnits('4', 6));
    // the burner's payments were flushed alone (its address has code), never in a batch with another merchant
    for (const r of await flushes()) {
      if (r.payment_ids.some((id) => burning.includes(id))) {
        expect(r.payment_ids.every((id) => burning.includes(id))).toBe(true);
      }
    }
    // its ETH failed in the stipend: they wait (backed off), its money still in its deposit addresses
    for (const id of burning) {
      const row = await payment(id);
      expect(row.flushed_at).toBeNull();
      expect(row.flush_attempts).toBe(1);
      expect(await ethBalance(getAddress(row.address))).toBe(parseEther('0.1'));
    }
  });

  it('issue 13 (3): a batch that reverts is split in halves, not backed off', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const p = await forwarderPayment({ symbol: 'USDC', amount: '3' });
      await pay(p.id, parseUnits('3', 6));
      ids.push(p.id);
    }
    // whatever made it revert (here: a gas limit far too low, forced for the first round only)
    const first = await flushRound({ gasLimit: () => 120_000n });
    // the next rounds (real time: a payment backed off would wait a minute) settle it and flush the halves
    const outcomes = [first, ...(await roundsUntilIdle())];
    const rows = (await flushes()).filter((r) => r.payment_ids.some((id) => ids.includes(id)));
    const reverted = rows.filter((r) => r.status === 'reverted');
    expect(reverted, JSON.stringify(outcomes)).toHaveLength(1);
    expect([...reverted[0]!.payment_ids].sort()).toEqual([...ids].sort());
    // then two batches of two, none backed off
    const confirmed = rows.filter((r) => r.status === 'confirmed').map((r) => r.payment_ids.length);
    expect(confirmed).toEqual([2, 2]);
    for (const id of ids) {
      const row = await payment(id);
      expect(row.flushed_at).toBeInstanceOf(Date);
      expect(row.flush_attempts).toBe(0);
      expect(row.flush_batch_max).toBeNull();
    }
    // a batch of one that reverts is the payment's own failure: it backs off
    const alone = await forwarderPayment({ symbol: 'USDC', amount: '3' });
    await pay(alone.id, parseUnits('3', 6));
    const r1 = await flushRound({ gasLimit: () => 120_000n });
    // (Hardhat refuses to relay a transaction that reverts, yet mines it: the next round settles it)
    if (r1.status === 'pending') expect(await flushRound()).toMatchObject({ status: 'idle' });
    expect((await flushes()).find((r) => r.payment_ids.includes(alone.id))).toMatchObject({
      status: 'reverted',
      failed_payment_ids: [alone.id],
    });
    expect((await payment(alone.id)).flush_attempts).toBe(1);
    expect(await flushRound()).toMatchObject({ status: 'idle' });
    // after its minute it is flushed (other tests' backed-off payments may come due at that time too)
    const later = new Date(Date.now() + 61_000);
    await roundsUntilIdle(4, { now: () => later });
    expect((await payment(alone.id)).flushed_at).toBeInstanceOf(Date);
  });

  it('issue 13 (4): dust paid to flushed forwarders costs no flush; the merchant can still move it', async () => {
    // market rates, as the rates job stores them: 1 ETH = 2,500 USD, 1 USDC = 1 USD
    await upsertQuotes(ctx.db, 'coingecko', [
      { base: 'USD', symbol: 'ETH', rate: '0.0004', quote: 'symbol_per_base', fetchedAt: new Date() },
      { base: 'USD', symbol: 'USDC', rate: '1', quote: 'symbol_per_base', fetchedAt: new Date() },
    ]);
    try {
      const ps = [];
      for (let i = 0; i < 3; i++) {
        const p = await forwarderPayment({ symbol: 'USDC', amount: '20' });
        await pay(p.id, parseUnits('20', 6));
        ps.push(p);
      }
      expect(await flushRound()).toMatchObject({ status: 'confirmed' });
      for (const p of ps) expect((await payment(p.id)).flushed_at).toBeInstanceOf(Date);
      // three 1-unit USDC transfers to the flushed forwarders
      for (const p of ps) await pay(p.id, 1n);
      const nonce = await gasWalletNonce();
      const rowsBefore = (await flushes()).length;
      const at = new Date();
      const dustRound = await flushRound({ now: () => at });
      expect(dustRound, JSON.stringify({ dustRound, ps: ps.map((p) => p.id) })).toMatchObject({
        status: 'idle',
      });
      expect(await gasWalletNonce()).toBe(nonce);
      expect((await flushes()).length).toBe(rowsBefore);
      for (const p of ps) {
        const row = await payment(p.id);
        expect(await tokenBalance(getAddress(p.address))).toBe(1n);
        expect(row.flush_attempts).toBe(0); // not a failure
        expect(row.flush_retry_at!.getTime()).toBe(at.getTime() + 3600_000); // looked at again in an hour
      }
      // a second round within the hour reads nothing again
      expect(await flushRound({ now: () => at })).toMatchObject({ status: 'idle' });
      // a real payment arriving at one of them is flushed at once, with the dust
      await pay(ps[0]!.id, parseUnits('30', 6));
      const late = await flushRound({ now: () => at });
      expect(late).toMatchObject({ status: 'confirmed', flushed: [ps[0]!.id] });
      expect(await tokenBalance(getAddress(ps[0]!.address))).toBe(0n);
      // the merchant can move the dust of the others whenever they like
      const cookie = await signIn({ app: ctx.app, userId, mode: 'live' });
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/payments/${ps[1]!.id}/flush-transaction`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      const tx = res.json().data;
      await node.publicClient.waitForTransactionReceipt({
        hash: await node.wallets[4]!.sendTransaction({ to: tx.to, data: tx.data, gas: BigInt(tx.gas) }),
      });
      expect(await tokenBalance(getAddress(ps[1]!.address))).toBe(0n);
      // once its hour is over, the job finds the emptied one empty: recorded as moved, nothing sent for it; the
      // other one still holds dust and waits another hour (payments of other tests may come due then too)
      const later = new Date(at.getTime() + 3600_000);
      await roundsUntilIdle(6, { now: () => later });
      const sentFor = async (id: string) =>
        (await flushes()).filter((r) => r.payment_ids.includes(id)).length;
      expect(await sentFor(ps[1]!.id)).toBe(1); // the first flush only
      expect(await sentFor(ps[2]!.id)).toBe(1);
      expect((await payment(ps[1]!.id)).flushed_at!.getTime()).toBe(later.getTime());
      expect((await payment(ps[1]!.id)).flush_tx).toBeNull();
      expect((await payment(ps[2]!.id)).flush_retry_at!.getTime()).toBe(later.getTime() + 3600_000);
      expect(await tokenBalance(getAddress(ps[2]!.address))).toBe(1n);
    } finally {
      await ctx.db.deleteFrom('exchange_rates').where('source', '=', 'coingecko').execute();
    }
  });

  it('issue 13 (5): the merchant gets the factory and salt, and can flush with nothing but them', async () => {
    const p = await forwarderPayment({ symbol: 'USDC', amount: '9' });
    await pay(p.id, parseUnits('9', 6));
    const salt = (await payment(p.id)).deposit_salt;
    const cookie = await signIn({ app: ctx.app, userId, mode: 'live' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${p.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const forwarder = res.json().data.forwarder;
    expect(forwarder).toEqual({ factory, salt });
    // in the webhook of every event of the payment too (payment.confirmed here)
    const events = await ctx.db
      .selectFrom('outbox_events')
      .selectAll()
      .where('entity_id', '=', p.id)
      .execute();
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect((e.payload as { forwarder: unknown }).forwarder).toEqual({ factory, salt });
    }
    // never on the public page's endpoints
    for (const url of [`/api/v1/payments/${p.id}/status`, `/api/v1/payments/${p.id}/address`]) {
      const pub = await ctx.app.inject({ method: 'GET', url });
      expect(pub.statusCode, url).toBe(200);
      expect(pub.body).not.toContain(salt!.slice(2));
    }
    // a block explorer's "write contract" form: flush(merchant, salt, tokens) on the factory, from any account
    const data = encodeFunctionData({
      abi: forwarderFactoryAbi,
      functionName: 'flush',
      args: [merchant, forwarder.salt, [usdc]],
    });
    const before = await tokenBalance(merchant);
    const r = await node.publicClient.waitForTransactionReceipt({
      hash: await node.wallets[4]!.sendTransaction({ to: forwarder.factory, data, gas: 500_000n }),
    });
    expect(r.status).toBe('success');
    expect(await tokenBalance(merchant)).toBe(before + parseUnits('9', 6));
    // a payment not paid to a forwarder has none
    const single = await forwarderPayment({ symbol: 'ETH', amount: '1', salt: null });
    const res2 = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments/${single.id}`,
      headers: { cookie },
    });
    expect(res2.json().data.forwarder).toBeNull();
  });

  it('deposit addresses of the previous factory (v1) keep working beside the configured one', async () => {
    const v1 = await deployForwarderFactoryV1({ wallet: node.wallets[0]!, publicClient: node.publicClient });
    const old = await forwarderPayment({ symbol: 'USDC', amount: '11', factoryAddress: v1 });
    const current = await forwarderPayment({ symbol: 'USDC', amount: '12' });
    await pay(old.id, parseUnits('11', 6));
    await pay(current.id, parseUnits('12', 6));
    const before = await tokenBalance(merchant);
    const outcomes = await roundsUntilIdle();
    // one transaction per factory: each payment through the factory of its address
    for (const [p, f] of [
      [old, v1],
      [current, factory],
    ] as const) {
      const row = await payment(p.id);
      expect(row.flushed_at, JSON.stringify(outcomes)).toBeInstanceOf(Date);
      const receipt = await node.publicClient.getTransactionReceipt({ hash: row.flush_tx as Hex });
      expect(receipt.to).toBe(f.toLowerCase());
    }
    expect(await tokenBalance(merchant)).toBe(before + parseUnits('23', 6));
    // the merchant's own call for the old payment goes to v1
    await pay(old.id, parseUnits('1', 6));
    const cookie = await signIn({ app: ctx.app, userId, mode: 'live' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments/${old.id}/flush-transaction`,
      headers: { cookie },
    });
    expect(res.json().data).toMatchObject({ to: v1, depositAddress: getAddress(old.address) });
  });
  it('issue 13 (6): above CHAIN_<NETWORK>_MAX_GAS_GWEI the job waits; below it never pays more', async () => {
    await roundsUntilIdle(); // what earlier tests left due (a late USDC on the v1 payment)
    const p = await forwarderPayment({ symbol: 'USDC', amount: '7' });
    await pay(p.id, parseUnits('7', 6));
    const nonce = await gasWalletNonce();
    const price = await node.publicClient.getGasPrice();
    expect(await flushRound({ chain: { ...chain, maxGasPrice: price / 2n } })).toMatchObject({
      status: 'deferred',
    });
    expect(await gasWalletNonce()).toBe(nonce);
    expect((await payment(p.id)).flushed_at).toBeNull();
    const cap = price + price / 2n;
    const outcome = await flushRound({ chain: { ...chain, maxGasPrice: cap } });
    expect(outcome).toMatchObject({ status: 'confirmed', flushed: [p.id] });
    const tx = await node.publicClient.getTransaction({ hash: outcome.txHash! });
    expect(tx.maxFeePerGas!).toBeLessThanOrEqual(cap);
  });
});
