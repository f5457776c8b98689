import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testTokenAbi } from '@coinlane/contracts/abi';
import { deployForwarderFactory, deployTestToken } from '@coinlane/contracts/deploy';
import {
  cloneInitCode,
  forwarderAddress,
  forwarderImplementationAddress,
} from '@coinlane/contracts/forwarder-address';
import { NETWORKS } from '@coinlane/core/currencies';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { T } from '@coinlane/core/texts';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  pad,
  parseEther,
  parseUnits,
  toHex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainWatcher } from '#app/modules/chains/generic-watcher.ts';
import { registerLocalWatcher } from '#app/modules/chains/start-chain-watchers.ts';
import { importSanctionsList } from '#app/modules/sanctions/import-sanctions-list.ts';
import { HARDHAT_MNEMONIC, type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { readPaymentColumns } from '#app/test/payment-columns.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { sleep, waitFor } from '#app/test/wait-for.ts';
import { NATIVE_OUTPUT_INDEX } from './evm-blocks.ts';
import { createEvmChainWatcher } from './evm-watcher.ts';

// Against a real Hardhat 2 node (MACHINE-NOTES.md "EVM"), with the real forwarder factory and real ERC-20
// contracts (6 and 18 decimals) deployed here. Merchants add and whitelist their wallets through the API (real
// SMTP) and create live payments through the API, exactly as a client would.

/** waitFor (its 90 s: 10 s passed under CI's load, 2026-12-01) with the watcher's status in the failure message. */
const waitForWatcher = <T>(what: string, check: () => Promise<T | null | undefined | false>, ms?: number) =>
  waitFor(what, check, ms, () => ({ watcher: watcher?.status() }));

/** The account xpub m/44'/60'/0' of Hardhat's mnemonic: its children 0/i are Hardhat's accounts. */
const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync(HARDHAT_MNEMONIC)).derive(
  "m/44'/60'/0'",
).publicExtendedKey;

let node: Hardhat;
let ctx: TestContext;
let chain: EvmChainConfig;
let watcher: ChainWatcher;
let unregister: (() => void) | undefined;
let merchant: Merchant;
let live: Merchant;
let factory: Address;
let usdt: Address; // 6 decimals
let usdc: Address; // 6 decimals: the "wrong token" for USDT payments
let dai: Address; // 18 decimals
/** The merchant's own address (Hardhat account 4): forwarders pay out to it, single-address payments go to it. */
let merchantAddress: Address;

const newWatcher = () => {
  unregister?.();
  watcher = createEvmChainWatcher({ deps: ctx.server.payments, dbHandle: ctx.dbHandle, chain, pollMs: 100 });
  unregister = registerLocalWatcher(watcher);
  return watcher;
};
/** A restart: the watcher stops, a new instance (no memory) reads its cursor back. */
const restart = async () => {
  await watcher.stop();
  newWatcher().start();
};

const payer = () => node.wallets[0]!;
/**
 * Mines `n` blocks one `evm_mine` at a time: Hardhat's `hardhat_mine` of several blocks "reserves" them and
 * answers them with a zero parent hash, which no real node does (the watcher would rightly see a broken chain).
 */
async function mine(n: number) {
  for (let i = 0; i < n; i++)
    await node.publicClient.request({ method: 'evm_mine' as never, params: [] as never });
}
const payment = (id: string) => readPaymentColumns(ctx.db, id);
const transfersOf = (id: string) =>
  ctx.db
    .selectFrom('transfers')
    .selectAll()
    .where('payment_id', '=', id)
    .orderBy('seen_at')
    .orderBy('output_index')
    .execute();
const statusOf = async (id: string, status: string) => {
  const row = await payment(id);
  return row.status === status ? row : null;
};

async function sendEth(to: Address, ether: string): Promise<Hex> {
  const hash = await payer().sendTransaction({ to, value: parseEther(ether) });
  await node.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}
async function sendToken(token: Address, to: Address, amount: bigint): Promise<Hex> {
  const hash = await payer().writeContract({
    address: token,
    abi: testTokenAbi,
    functionName: 'transfer',
    args: [to, amount],
  });
  await node.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

async function addVerifiedWallet(body: Record<string, unknown>) {
  const res = await merchant.call({
    method: 'POST',
    url: '/api/v1/wallets',
    payload: { network: 'ethereum', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json().data;
  const email = (
    await ctx.db.selectFrom('users').select('email').where('id', '=', merchant.id).executeTakeFirstOrThrow()
  ).email;
  const before = ctx.smtp.mails.length;
  const sent = await merchant.call({ method: 'POST', url: `/api/v1/wallets/${created.wallet.id}/verify` });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await ctx.smtp.waitForMail(email, { subject: /wallet verification/, after: before });
  const ok = await merchant.call({
    method: 'POST',
    url: `/api/v1/wallets/${created.wallet.id}/verify/confirm`,
    payload: { code: codeIn(mail) },
  });
  expect(ok.statusCode, ok.body).toBe(200);
  return created as { wallet: { id: string; receiveMode: string }; previewAddresses: string[] };
}

async function livePayment(currency: string, amount: string) {
  const res = await live.call({
    method: 'POST',
    url: '/api/v1/payments',
    payload: { amount, currency, network: 'ethereum' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { id: string; address: string; paymentUri: string };
  await sleep(250); // the watcher's next pass reads the new payment's address
  return data;
}

beforeAll(async () => {
  node = await startHardhat();
  const deployer = { wallet: node.wallets[0]!, publicClient: node.publicClient };
  factory = await deployForwarderFactory(deployer);
  usdt = await deployTestToken({
    ...deployer,
    name: 'Tether USD',
    symbol: 'USDT',
    decimals: 6,
    noReturn: true,
  });
  usdc = await deployTestToken({ ...deployer, name: 'USD Coin', symbol: 'USDC', decimals: 6 });
  dai = await deployTestToken({ ...deployer, name: 'Dai', symbol: 'DAI', decimals: 18 });
  for (const [token, amount] of [
    [usdt, parseUnits('1000', 6)],
    [usdc, parseUnits('1000', 6)],
    [dai, parseUnits('1000', 18)],
  ] as const) {
    const hash = await payer().writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: 'mint',
      args: [payer().account.address, amount],
    });
    await node.publicClient.waitForTransactionReceipt({ hash });
  }
  merchantAddress = node.wallets[4]!.account.address;
  chain = {
    family: 'evm',
    network: 'ethereum',
    rpcUrl: node.url,
    mode: 'regtest',
    chainId: null, // a dev chain: whatever the node reports (31337) is accepted and stored
    tokens: { USDT: usdt, USDC: usdc, DAI: dai },
    factory,
    gasKey: null,
  };
  ctx = await createTestContext({ configuredChains: [chain] });
  merchant = await createMerchant(ctx, { name: 'EVM Shop' });
  live = await merchant.inMode('live');
  newWatcher().start();
  await waitForWatcher(
    'the watcher to take its cursor',
    async () => watcher.status().processedHeight !== null,
  );
});

afterAll(async () => {
  await watcher?.stop();
  unregister?.();
  await ctx?.close();
  await node?.stop();
});

describe('EVM watcher on a Hardhat node', () => {
  it('checks the node: its chain id is stored and the watcher is healthy', async () => {
    const cursor = await ctx.db
      .selectFrom('chain_cursors')
      .selectAll()
      .where('network', '=', 'ethereum')
      .executeTakeFirstOrThrow();
    expect(cursor.chain_id).toBe(31337);
    // The configured factory is deployed and computes the addresses Coinlane computes offline.
    expect(cursor.factory).toBe(getAddress(factory));
    expect(watcher.status()).toMatchObject({ network: 'ethereum', leader: true, lastError: null });
    const tip = Number(await node.publicClient.getBlockNumber({ cacheTime: 0 }));
    const health = await waitForWatcher('health at the tip', async () => {
      const r = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
      const c = r.json().data.chains[0];
      return c?.processedHeight === tip ? c : null;
    });
    expect(health).toMatchObject({
      network: 'ethereum',
      mode: 'regtest',
      status: 'healthy',
      nodeTip: tip,
      lastError: null,
    });
  });

  it('ETH to a forwarder deposit address: partial, then full, confirmations counted to 12, restarts credit nothing twice', async () => {
    const w = await addVerifiedWallet({ currency: 'ETH', address: merchantAddress.toLowerCase() });
    expect(w.wallet.receiveMode).toBe('forwarder');
    const p = await livePayment('ETH', '1');
    const row = await payment(p.id);
    expect(row.deposit_salt).toMatch(/^0x[0-9a-f]{64}$/);
    // The deposit address is the factory's CREATE2 forwarder for (merchant address, salt), computed offline.
    expect(p.address).toBe(
      forwarderAddress({ factory, merchant: merchantAddress, paymentSalt: row.deposit_salt as Hex }),
    );
    expect(p.address).not.toBe(merchantAddress);
    expect(p.paymentUri).toBe(`ethereum:${p.address}@31337?value=${parseEther('1')}`);
    expect(await node.publicClient.getCode({ address: p.address as Address })).toBeUndefined();

    // How fast it is seen (target: under a second) is measured by `npm run bench -- chains`, not timed here.
    const tx1 = await sendEth(p.address as Address, '0.4');
    const partial = await waitForWatcher('partial', () => statusOf(p.id, 'partial'));
    expect(partial.amount_received).toBe(parseEther('0.4').toString());
    expect(await transfersOf(p.id)).toMatchObject([
      {
        txid: tx1,
        output_index: NATIVE_OUTPUT_INDEX,
        amount: parseEther('0.4').toString(),
        confirmations: 1,
        // who paid: the transaction's sender (decision 021), in lower case
        payer_addresses: [payer().account.address.toLowerCase()],
      },
    ]);

    await restart();
    const tx2 = await sendEth(p.address as Address, '0.6');
    // the second transfer is recorded, then the first one's confirmations recounted at the pass's end
    await waitForWatcher('the second transfer', async () => {
      const ts = await transfersOf(p.id);
      return ts.length === 2 && ts[0]!.confirmations === 2;
    });
    let r = await payment(p.id);
    expect(r.status).toBe('pending'); // the full amount seen, awaiting confirmations
    expect(r.amount_received).toBe(parseEther('1').toString());
    const [t1, t2] = await transfersOf(p.id);
    expect(t1).toMatchObject({ txid: tx1, confirmations: 2 });
    expect(t2).toMatchObject({ txid: tx2, confirmations: 1 });

    await mine(10); // tx2 at 11 confirmations: ETH needs 12 (supported_cryptocurrencies)
    await waitForWatcher('11 confirmations', async () => (await transfersOf(p.id))[1]!.confirmations === 11);
    expect((await payment(p.id)).status).toBe('pending');
    await restart();
    await mine(1);
    r = await waitForWatcher('confirmed', () => statusOf(p.id, 'confirmed'));
    expect(r.amount_confirmed).toBe(parseEther('1').toString());
    expect(r.required_confirmations).toBe(12);
    await restart();
    await mine(2);
    await sleep(400);
    expect(await transfersOf(p.id)).toHaveLength(2); // replays and restarts credit nothing twice
    expect((await payment(p.id)).amount_received).toBe(parseEther('1').toString());
  });

  it('issue 13 (internal ETH): ETH a contract pays to a deposit address through a call is credited once, by its balance', async () => {
    // A relay contract: it CALLs the address in its calldata with the value it received, as an exchange's or a
    // multisig's payout does. The payment's address is in no transaction's `to` and no log.
    const RELAY_RUNTIME = '6000600060006000346000355af115601357005b600080fd';
    const deployed = await payer().deployContract({
      abi: [],
      bytecode: `0x61001880600c6000396000f3${RELAY_RUNTIME}`,
    });
    const relay = (await node.publicClient.waitForTransactionReceipt({ hash: deployed })).contractAddress!;
    const viaRelay = async (to: string, ether: string) => {
      const hash = await payer().sendTransaction({
        to: relay,
        data: pad(to as Address),
        value: parseEther(ether),
      });
      expect((await node.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    };
    const received = async (id: string) => (await payment(id)).amount_received;

    const p = await livePayment('ETH', '1');
    await viaRelay(p.address, '0.3');
    expect(await node.publicClient.getBalance({ address: p.address as Address })).toBe(parseEther('0.3'));
    await mine(20);
    await waitForWatcher(
      'the internal transfer credited',
      async () => (await received(p.id)) === parseEther('0.3').toString(),
    );
    let ts = await transfersOf(p.id);
    expect(ts).toMatchObject([{ amount: parseEther('0.3').toString(), output_index: NATIVE_OUTPUT_INDEX }]);
    expect(ts[0]!.txid).toMatch(new RegExp(`^balance:${p.address.toLowerCase()}:\\d+$`));
    expect((await payment(p.id)).status).toBe('partial');

    // restarts and later checks credit nothing twice
    await restart();
    await mine(21);
    await sleep(600);
    expect(await transfersOf(p.id)).toHaveLength(1);
    // a later real transfer is counted once, by its transaction, and not again by the next balance check
    const tx = await sendEth(p.address as Address, '0.5');
    await waitForWatcher('the real transfer', async () => (await transfersOf(p.id)).length === 2);
    await mine(21);
    await sleep(600);
    ts = await transfersOf(p.id);
    expect(ts.map((t) => t.txid)).toContain(tx);
    expect(ts).toHaveLength(2);
    expect(await received(p.id)).toBe(parseEther('0.8').toString());
    // a second internal transfer: only its own amount is credited
    await viaRelay(p.address, '0.2');
    await mine(20);
    await waitForWatcher('the second internal transfer', async () => (await transfersOf(p.id)).length === 3);
    await sleep(600);
    ts = await transfersOf(p.id);
    expect(ts).toHaveLength(3);
    expect(ts[2]!.amount).toBe(parseEther('0.2').toString());
    expect(await received(p.id)).toBe(parseEther('1').toString());

    // at a payment's expiry its balance is read without waiting for the next 20 blocks
    const q = await livePayment('ETH', '1');
    // far enough for the steps up to the transfer: 4 s passed before it under CI's load (2026-12-01)
    const expiresAt = new Date(Date.now() + 20_000);
    await ctx.db.updateTable('payments').set({ expires_at: expiresAt }).where('id', '=', q.id).execute();
    await mine(21); // a periodic check reads q and its expiry
    // The watcher at the tip before the transfer: a watcher running behind (CI, 2026-12-02) made that periodic
    // check after the transfer and credited it there, not at the expiry.
    const tip = Number(await node.publicClient.getBlockNumber({ cacheTime: 0 }));
    await waitForWatcher('the periodic check', async () => watcher.status().processedHeight === tip);
    await viaRelay(q.address, '0.1');
    await sleep(600);
    expect(await transfersOf(q.id)).toHaveLength(0);
    expect(Date.now(), 'the transfer was sent before the expiry').toBeLessThan(expiresAt.getTime());
    await waitForWatcher('credited at expiry', async () => (await transfersOf(q.id)).length === 1);
    expect(await received(q.id)).toBe(parseEther('0.1').toString());
  });

  it('USDT (6 decimals) to a single address with unique amounts; a wrong token is ignored', async () => {
    const w = await addVerifiedWallet({ currency: 'USDT', address: merchantAddress, receiveMode: 'single' });
    expect(w.wallet.receiveMode).toBe('single');
    const p = await livePayment('USDT', '25');
    expect(p.address).toBe(merchantAddress);
    const due = BigInt((await payment(p.id)).amount);
    expect(due).toBe(25_000_000n);
    expect(p.paymentUri).toBe(`ethereum:${usdt}@31337/transfer?address=${merchantAddress}&uint256=25000000`);
    // A second open payment of the same amount gets a unique amount (one base unit more).
    const q = await livePayment('USDT', '25');
    expect(BigInt((await payment(q.id)).amount)).toBe(25_000_001n);

    await sendToken(usdc, merchantAddress, 25_000_000n); // USDC: another token
    // 10 USDT matches neither amount while both are open: left unassigned (decision 008's single-address limit).
    await sendToken(usdt, merchantAddress, 10_000_000n);
    await sendToken(usdt, merchantAddress, 25_000_001n); // pays q exactly
    await waitForWatcher('q paid', async () => (await payment(q.id)).amount_received === '25000001');
    expect((await payment(p.id)).amount_received).toBe('0');
    expect(await transfersOf(p.id)).toHaveLength(0);
    expect(await transfersOf(q.id)).toHaveLength(1);
    await mine(11);
    await waitForWatcher('q confirmed', () => statusOf(q.id, 'confirmed'));

    // p is now the only open payment of the address: a partial payment is its own.
    const part = await sendToken(usdt, merchantAddress, 10_000_000n);
    await waitForWatcher('partial', () => statusOf(p.id, 'partial'));
    await restart();
    await sendToken(usdt, merchantAddress, 15_000_000n);
    await waitForWatcher('full', async () => (await payment(p.id)).amount_received === '25000000');
    const ts = await transfersOf(p.id);
    expect(ts.map((t) => [t.txid, t.amount])).toEqual([
      [part, '10000000'],
      [expect.any(String), '15000000'],
    ]);
    // who paid: the token Transfer's `from` (decision 021)
    expect(ts.map((t) => t.payer_addresses)).toEqual([
      [payer().account.address.toLowerCase()],
      [payer().account.address.toLowerCase()],
    ]);
    expect(ts.every((t) => t.output_index !== NATIVE_OUTPUT_INDEX)).toBe(true);
    await mine(11);
    await waitForWatcher('confirmed', () => statusOf(p.id, 'confirmed'));
  });

  it('decision 021: ETH paid from an address on the sanctions list scores the payment 10 with the sanctions flag', async () => {
    const fixture = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../modules/sanctions/fixtures/sdn_advanced.fixture.xml',
    );
    await importSanctionsList({
      db: ctx.db,
      chunks: fs.createReadStream(fixture),
      sourceFile: 'sdn_advanced.xml',
    });
    // Hardhat's 10th development account is the fixture's listed ETH address.
    const listed = createWalletClient({
      account: mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 9 }),
      chain: node.chain,
      transport: http(node.url),
    });
    expect(listed.account.address).toBe('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720');
    // The merchant's ETH forwarder wallet of the first test pays out to its address.
    const p = await livePayment('ETH', '0.1');
    const hash = await listed.sendTransaction({ to: p.address as Address, value: parseEther('0.1') });
    await node.publicClient.waitForTransactionReceipt({ hash });
    const seen = await waitForWatcher('the listed payer flagged', async () => {
      const row = await ctx.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', p.id)
        .executeTakeFirstOrThrow();
      return row.fraud_flags.includes('sanctioned_payer_address') ? row : null;
    });
    expect(seen.risk_score).toBe(10);
    expect((await transfersOf(p.id)).map((t) => t.payer_addresses)).toEqual([
      [listed.account.address.toLowerCase()],
    ]);
  });

  it('DAI (18 decimals) to an address derived from the account xpub, and ETH sent to it is not DAI', async () => {
    const w = await addVerifiedWallet({ currency: 'DAI', address: XPUB });
    expect(w.wallet.receiveMode).toBe('xpub');
    const hardhatAccounts = [0, 1, 2, 3, 4].map(
      (i) => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: i }).address,
    );
    expect(w.previewAddresses).toEqual(hardhatAccounts);
    const p = await livePayment('DAI', '12.5');
    expect(p.address).toBe(hardhatAccounts[0]);
    expect((await payment(p.id)).derivation_index).toBe(0);
    const q = await livePayment('DAI', '1');
    expect(q.address).toBe(hardhatAccounts[1]);

    await sendEth(p.address as Address, '12.5'); // ETH, not DAI: no ETH payment on this address
    const amount = parseUnits('12.5', 18);
    const tx = await sendToken(dai, p.address as Address, amount);
    await waitForWatcher('DAI seen', async () => (await payment(p.id)).amount_received === amount.toString());
    expect(await transfersOf(p.id)).toMatchObject([{ txid: tx, amount: amount.toString() }]);
    expect(p.paymentUri).toBe(`ethereum:${dai}@31337/transfer?address=${p.address}&uint256=${amount}`);
  });

  it('rolls back a reorganisation (evm_snapshot / evm_revert): a confirmed payment loses its transfer', async () => {
    const p = await livePayment('ETH', '0.25');
    const snap = await node.snapshot();
    const tx = await sendEth(p.address as Address, '0.25');
    await mine(11);
    await waitForWatcher('confirmed', () => statusOf(p.id, 'confirmed'));
    await restart();
    await node.revert(snap);
    await mine(14); // the other branch grows longer without the transaction
    const rolled = await waitForWatcher('rolled back', async () => {
      const row = await payment(p.id);
      return row.amount_received === '0' ? row : null;
    });
    expect(rolled.status).toBe('pending');
    expect(rolled.amount_confirmed).toBe('0');
    const [t] = await transfersOf(p.id);
    expect(t).toMatchObject({ txid: tx, status: 'removed' });
    // The watcher follows the new branch: its cursor is the node's block at the new tip.
    const tip = await node.publicClient.getBlock({ blockTag: 'latest' });
    await waitForWatcher('cursor on the new branch', async () => {
      const c = await ctx.db
        .selectFrom('chain_cursors')
        .select(['height', 'hash'])
        .where('network', '=', 'ethereum')
        .executeTakeFirstOrThrow();
      return c.hash === tip.hash && c.height === Number(tip.number);
    });
    // Paid again on the new branch: credited once, confirmed again.
    await sendEth(p.address as Address, '0.25');
    await mine(11);
    const again = await waitForWatcher('confirmed again', () => statusOf(p.id, 'confirmed'));
    expect(again.amount_confirmed).toBe(parseEther('0.25').toString());
  });

  it('refuses a node of another chain: health error, nothing scanned', async () => {
    const wrong = createEvmChainWatcher({
      deps: ctx.server.payments,
      dbHandle: ctx.dbHandle,
      chain: { ...chain, network: 'polygon', mode: 'mainnet', chainId: 137 },
      pollMs: 100,
    });
    await wrong.tick();
    expect(wrong.status()).toMatchObject({ processedHeight: null });
    expect(wrong.status().lastError).toMatch(/reports chain id 31337, expected 137/);
    const row = await ctx.db
      .selectFrom('chain_cursors')
      .selectAll()
      .where('network', '=', 'polygon')
      .executeTakeFirstOrThrow();
    expect(row.last_error).toMatch(/chain id 31337/);
    expect(row.height).toBeNull();
  });

  it('refuses to hand out forwarder addresses under a factory that is not deployed or not ours, and scans on', async () => {
    for (const [wrongFactory, message] of [
      [merchantAddress, T.evmFactoryNotDeployed('Avalanche C-Chain', getAddress(merchantAddress))],
      [usdc, T.evmFactoryMismatch('Avalanche C-Chain', getAddress(usdc))],
    ] as const) {
      const other = createEvmChainWatcher({
        deps: ctx.server.payments,
        dbHandle: ctx.dbHandle,
        chain: { ...chain, network: 'avalanche', factory: wrongFactory },
        pollMs: 100,
      });
      await other.tick();
      expect(other.status().lastError).toBe(message);
      expect(other.status().processedHeight).not.toBeNull(); // single-address and xpub payments still seen
      const row = await ctx.db
        .selectFrom('chain_cursors')
        .selectAll()
        .where('network', '=', 'avalanche')
        .executeTakeFirstOrThrow();
      expect(row.factory).toBeNull();
      expect(row.last_error).toBe(message);
    }
  });
  it('issue 13 (watcher): a factory whose code or implementation is not a version Coinlane ships is refused', async () => {
    // Impostors that pass the older check (code present, predict() equal to the offline CREATE2 computation):
    // the genuine v2 factory code with its immutables for its own address, deployed by a bare init code, so no
    // Forwarder implementation exists at its nonce 1 (a clone would delegate to nothing); and the same code with
    // one byte of its metadata changed (other code).
    const genuine = (await node.publicClient.getCode({ address: factory }))!;
    const deployer = node.wallets[3]!;
    const words = (f: Address) => {
      const implementation = forwarderImplementationAddress(f);
      return [pad(implementation), keccak256(cloneInitCode(implementation))].map((w) => w.slice(2));
    };
    const deployRuntime = async (runtime: (address: Address) => Hex) => {
      const nonce = await node.publicClient.getTransactionCount({ address: deployer.account.address });
      const address = getContractAddress({ from: deployer.account.address, nonce: BigInt(nonce) });
      const code = runtime(address).slice(2);
      const length = (code.length / 2).toString(16).padStart(4, '0');
      const hash = await deployer.deployContract({
        abi: [],
        bytecode: `0x61${length}80600c6000396000f3${code}`,
      });
      const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
      expect(getAddress(receipt.contractAddress!)).toBe(address);
      return address;
    };
    const withImmutablesOf = (address: Address) => {
      let code = genuine.toLowerCase();
      const [from, to] = [words(factory), words(address)];
      for (let i = 0; i < from.length; i++) code = code.split(from[i]!).join(to[i]!);
      return code as Hex;
    };
    const noImplementation = await deployRuntime(withImmutablesOf);
    const otherCode = await deployRuntime((address) => {
      const code = withImmutablesOf(address);
      const at = code.length - 30; // inside the metadata's IPFS hash: never executed
      return `${code.slice(0, at)}${code[at] === 'a' ? 'b' : 'a'}${code.slice(at + 1)}` as Hex;
    });
    for (const wrongFactory of [noImplementation, otherCode]) {
      const other = createEvmChainWatcher({
        deps: ctx.server.payments,
        dbHandle: ctx.dbHandle,
        chain: { ...chain, network: 'avalanche', factory: wrongFactory },
        pollMs: 100,
      });
      await other.tick();
      const message = T.evmFactoryCodeUnknown('Avalanche C-Chain', wrongFactory);
      expect(other.status().lastError).toBe(message);
      const row = await ctx.db
        .selectFrom('chain_cursors')
        .selectAll()
        .where('network', '=', 'avalanche')
        .executeTakeFirstOrThrow();
      expect(row.factory).toBeNull(); // no forwarder deposit address is handed out under it
      expect(row.last_error).toBe(message);
    }
    // the genuine factory still passes
    const good = createEvmChainWatcher({
      deps: ctx.server.payments,
      dbHandle: ctx.dbHandle,
      chain: { ...chain, network: 'avalanche' },
      pollMs: 100,
    });
    await good.tick();
    expect(good.status().lastError).toBeNull();
    const row = await ctx.db
      .selectFrom('chain_cursors')
      .select('factory')
      .where('network', '=', 'avalanche')
      .executeTakeFirstOrThrow();
    expect(row.factory).toBe(factory);
  });

  // Issue 13 (6): token contracts, decimals, and a provider that lags

  const randomAddress = (): Address => getAddress(toHex(crypto.getRandomValues(new Uint8Array(20))));
  /** A live token payment at a fresh address on `network`, paid to a token contract chosen here. */
  const tokenPayment = (network: string, currency: string, contract: Address, amount: string) =>
    insertFixedAddressPayment({
      db: ctx.db,
      userId: merchant.id,
      currency,
      network,
      amount,
      allocation: { address: randomAddress(), chainDetails: { chainId: 31337 }, contractAddress: contract },
      requiredConfirmations: 1,
    });

  it('issue 13 (6): a transfer counts only from its payment’s token contract, not from another one of that symbol', async () => {
    // Y: a USDC payment recorded with another contract (as under an older CHAIN_ETHEREUM_TOKENS); X: today's USDC
    const x = await tokenPayment('ethereum', 'USDC', usdc, '5');
    await tokenPayment('ethereum', 'USDC', dai, '5');
    await sleep(300); // the watcher's next pass reads them
    await sendToken(dai, x.address as Address, 5_000_000n); // the other contract, to X
    await mine(1);
    await sleep(600);
    expect((await payment(x.id)).amount_received).toBe('0');
    expect(await transfersOf(x.id)).toHaveLength(0);
    await sendToken(usdc, x.address as Address, 5_000_000n);
    await waitForWatcher('USDC credited', async () => (await payment(x.id)).amount_received === '5000000');
  });

  it('issue 13 (6): a configured token whose decimals() is not the catalogue’s is reported and never credited', async () => {
    // USDC configured with the 18-decimal DAI contract: every amount would be off by 10^12
    const wrong = createEvmChainWatcher({
      deps: ctx.server.payments,
      dbHandle: ctx.dbHandle,
      chain: { ...chain, network: 'arbitrum', tokens: { USDC: dai } },
      pollMs: 100,
    });
    await wrong.tick();
    const message = T.evmTokenDecimalsMismatch(NETWORKS.arbitrum.name, 'USDC', getAddress(dai), 18, 6);
    expect(wrong.status().lastError).toBe(message);
    const row = await ctx.db
      .selectFrom('chain_cursors')
      .selectAll()
      .where('network', '=', 'arbitrum')
      .executeTakeFirstOrThrow();
    expect(row.last_error).toBe(message);
    const p = await tokenPayment('arbitrum', 'USDC', dai, '1');
    await wrong.tick();
    await sendToken(dai, p.address as Address, 1_000_000n);
    await wrong.tick();
    await wrong.tick();
    expect(wrong.status().processedHeight).toBe(
      Number(await node.publicClient.getBlockNumber({ cacheTime: 0 })),
    );
    expect((await payment(p.id)).amount_received).toBe('0');
  });

  it('issue 13 (6): a provider whose logs lag behind its blocks cannot make the cursor skip a transfer', async () => {
    // One endpoint, two backends: blocks from an up-to-date one, logs from one that lags (it answers a range
    // with nothing, and a block hash it does not know with an error, as geth does).
    let lagging = false;
    const client = createPublicClient({
      transport: custom({
        async request({ method, params }) {
          if (lagging && method === 'eth_getLogs') {
            const [filter] = params as [{ blockHash?: string }];
            if (filter.blockHash) throw new Error('unknown block');
            return [];
          }
          return node.publicClient.request({ method, params } as never);
        },
      }),
    });
    const w = createEvmChainWatcher({
      deps: ctx.server.payments,
      dbHandle: ctx.dbHandle,
      chain: { ...chain, network: 'optimism', tokens: { USDC: usdc } },
      client,
      pollMs: 100,
    });
    await w.tick();
    const p = await tokenPayment('optimism', 'USDC', usdc, '2');
    await w.tick();
    await sendToken(usdc, p.address as Address, 2_000_000n);
    lagging = true;
    await w.tick();
    lagging = false;
    await w.tick();
    expect((await payment(p.id)).amount_received).toBe('2000000');
    expect(await transfersOf(p.id)).toHaveLength(1);
  });
});
