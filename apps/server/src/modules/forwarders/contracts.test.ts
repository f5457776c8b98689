import {
  contractAbis,
  forwarderAbi,
  forwarderFactoryAbi,
  gasBurnerAbi,
  noReturnTestTokenAbi,
  testTokenAbi,
} from '@coinlane/contracts/abi';
import { loadArtifacts } from '@coinlane/contracts/artifacts';
import {
  deployForwarderFactory,
  deployForwarderFactoryV1,
  deployGasBurner,
  deployTestToken,
} from '@coinlane/contracts/deploy';
import {
  flushGasLimit,
  flushManyGasLimit,
  REQUEST_BASE_GAS,
  REQUEST_TOKEN_GAS,
} from '@coinlane/contracts/flush-gas';
import {
  forwarderAddress,
  forwarderImplementationAddress,
  forwarderSalt,
} from '@coinlane/contracts/forwarder-address';
import { deployedCodeHash, FORWARDER_VERSIONS, forwarderCodeVersion } from '@coinlane/contracts/known-code';
import { measureFlushGas } from '@coinlane/contracts/measure-flush-gas';
import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  parseEther,
  parseEventLogs,
  parseUnits,
  toHex,
  zeroAddress,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hardhat, startHardhat } from '#app/test/hardhat.ts';

// The forwarder contracts (packages/contracts, decision 010) on a real Hardhat node: deposit addresses paid before
// any code exists, flushed by anyone to the merchant and nowhere else.

const randomSalt = (): Hex => toHex(crypto.getRandomValues(new Uint8Array(32)));
/**
 * The gas of a direct `flush` of up to 3 tokens: flushGasLimit's bound (Hardhat 2.29's eth_estimateGas fails on a
 * call that checks gasleft() under EIP-7825's cap; a real node estimates it).
 */
const FLUSH_GAS = flushGasLimit({ tokens: [1, 2, 3], data: `0x${'ff'.repeat(260)}` });
/** A fresh address nobody controls: its balance starts at zero and changes only by what is sent to it. */
const randomAddress = (): Address => getAddress(toHex(crypto.getRandomValues(new Uint8Array(20))));

/** The custom error name a reverted call carries (viem decodes it with the ABI). */
async function revertName(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (err) {
    if (err instanceof BaseError) {
      const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
      if (revert instanceof ContractFunctionRevertedError) return revert.data?.errorName ?? revert.reason;
    }
    throw err;
  }
  return undefined;
}

/** The ABI entries in a comparable form: sorted, without internalType and the defaults solc spells out. */
function normalizeAbi(abi: readonly unknown[]): string[] {
  const strip = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(strip)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(
                ([k, x]) =>
                  k !== 'internalType' &&
                  !(k === 'anonymous' && x === false) &&
                  !(k === 'indexed' && x === false) &&
                  !(k === 'name' && x === ''),
              )
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, strip(x)]),
          )
        : v;
  return abi.map((item) => JSON.stringify(strip(item))).sort();
}

describe('forwarder contracts on a Hardhat node', () => {
  let node: Hardhat;
  let factory: Address;
  let usdc: Address; // 6 decimals
  let dai: Address; // 18 decimals
  let usdt: Address; // 6 decimals, transfer returns nothing

  const ethBalance = (address: Address) => node.publicClient.getBalance({ address });
  const tokenBalance = (token: Address, address: Address) =>
    node.publicClient.readContract({
      address: token,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [address],
    });
  const predict = (merchant: Address, paymentSalt: Hex) =>
    node.publicClient.readContract({
      address: factory,
      abi: forwarderFactoryAbi,
      functionName: 'predict',
      args: [merchant, paymentSalt],
    });
  const receipt = (hash: Hex) => node.publicClient.waitForTransactionReceipt({ hash });
  /** Mints `amount` of `token` to account 1 (the payer) and pays it to `to`. */
  const payToken = async (token: Address, to: Address, amount: bigint) => {
    const payer = node.wallets[1]!;
    await receipt(
      await payer.writeContract({
        address: token,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [payer.account.address, amount],
      }),
    );
    // the USDT-like token's transfer returns nothing: call it through its own ABI
    const hash =
      token === usdt
        ? await payer.writeContract({
            address: token,
            abi: noReturnTestTokenAbi,
            functionName: 'transfer',
            args: [to, amount],
          })
        : await payer.writeContract({
            address: token,
            abi: testTokenAbi,
            functionName: 'transfer',
            args: [to, amount],
          });
    expect((await receipt(hash)).status).toBe('success');
  };
  const payEth = async (to: Address, value: bigint) => {
    expect((await receipt(await node.wallets[1]!.sendTransaction({ to, value }))).status).toBe('success');
  };

  beforeAll(async () => {
    loadArtifacts(); // compile once before the node starts (a fresh clone has no dist/)
    node = await startHardhat();
    const deployer = { wallet: node.wallets[0]!, publicClient: node.publicClient };
    factory = await deployForwarderFactory(deployer);
    usdc = await deployTestToken({ ...deployer, name: 'USD Coin', symbol: 'USDC', decimals: 6 });
    dai = await deployTestToken({ ...deployer, name: 'Dai', symbol: 'DAI', decimals: 18 });
    usdt = await deployTestToken({
      ...deployer,
      name: 'Tether',
      symbol: 'USDT',
      decimals: 6,
      noReturn: true,
    });
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('the typed ABIs of abi.ts are exactly what solc produces', () => {
    const { contracts } = loadArtifacts();
    // every contract compiled from contracts/ (the swap forwarder's included, decision 024)
    const typed: Record<string, Abi> = contractAbis;
    expect(Object.keys(contracts).sort()).toEqual(Object.keys(typed).sort());
    for (const [name, abi] of Object.entries(typed)) {
      expect(normalizeAbi(abi), name).toEqual(normalizeAbi(contracts[name]!.abi));
    }
  });

  it('issue 13 (watcher): the known code hashes are v2 as solc compiles it and v1 as deployed from legacy/', async () => {
    const { contracts } = loadArtifacts();
    const v2 = FORWARDER_VERSIONS.find((v) => v.version === 'v2')!;
    const v1 = FORWARDER_VERSIONS.find((v) => v.version === 'v1')!;
    expect(keccak256(contracts.ForwarderFactory!.deployedBytecode)).toBe(v2.factory);
    expect(keccak256(contracts.Forwarder!.deployedBytecode)).toBe(v2.forwarder);
    const deployer = { wallet: node.wallets[3]!, publicClient: node.publicClient };
    for (const [address, version] of [
      [factory, 'v2'],
      [await deployForwarderFactory(deployer), 'v2'],
      [await deployForwarderFactoryV1(deployer), 'v1'],
    ] as const) {
      const factoryCode = (await node.publicClient.getCode({ address }))!;
      const implementationCode = (await node.publicClient.getCode({
        address: forwarderImplementationAddress(address),
      }))!;
      const hashes = {
        factory: deployedCodeHash('factory', address, factoryCode),
        forwarder: deployedCodeHash('forwarder', address, implementationCode),
      };
      expect(hashes, version).toEqual({
        factory: (version === 'v2' ? v2 : v1).factory,
        forwarder: (version === 'v2' ? v2 : v1).forwarder,
      });
      expect(forwarderCodeVersion({ factory: address, factoryCode, implementationCode })).toBe(version);
    }
  });

  it('the pure address functions equal implementation() and predict() on the node', async () => {
    const implementation = await node.publicClient.readContract({
      address: factory,
      abi: forwarderFactoryAbi,
      functionName: 'implementation',
    });
    expect(forwarderImplementationAddress(factory)).toBe(implementation);
    expect(forwarderImplementationAddress(factory.toLowerCase() as Address)).toBe(implementation);
    for (let i = 0; i < 5; i++) {
      const merchant = randomAddress();
      const paymentSalt = randomSalt();
      expect(forwarderSalt(merchant, paymentSalt)).toBe(
        keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [merchant, paymentSalt])),
      );
      const pure = forwarderAddress({ factory, merchant, paymentSalt });
      expect(pure).toBe(await predict(merchant, paymentSalt));
      expect(pure).toBe(getAddress(pure)); // checksummed
    }
    // a different merchant or salt gives a different address
    const merchant = randomAddress();
    const salt = randomSalt();
    expect(forwarderAddress({ factory, merchant, paymentSalt: salt })).not.toBe(
      forwarderAddress({ factory, merchant: randomAddress(), paymentSalt: salt }),
    );
    expect(() => forwarderSalt(merchant, '0x1234')).toThrow(/32 bytes/);
  });

  it('ETH and 6/18-decimal tokens paid before any code exist are flushed by a third party to the merchant only', async () => {
    const merchant = randomAddress();
    const paymentSalt = randomSalt();
    const deposit = forwarderAddress({ factory, merchant, paymentSalt });
    expect(await node.publicClient.getCode({ address: deposit })).toBeUndefined();

    const eth = parseEther('1.234567890123456789');
    const usdcAmount = parseUnits('12.345678', 6);
    const daiAmount = parseUnits('98.765432109876543210', 18);
    const usdtAmount = parseUnits('5.5', 6);
    await payEth(deposit, eth);
    await payToken(usdc, deposit, usdcAmount);
    await payToken(dai, deposit, daiAmount);
    await payToken(usdt, deposit, usdtAmount);
    expect(await ethBalance(deposit)).toBe(eth);
    expect(await node.publicClient.getCode({ address: deposit })).toBeUndefined();

    const caller = node.wallets[2]!; // not the payer, not the merchant, not the deployer
    const callerBefore = await ethBalance(caller.account.address);
    const implementation = forwarderImplementationAddress(factory);
    const payerUsdcBefore = await tokenBalance(usdc, node.wallets[1]!.account.address);

    const hash = await caller.writeContract({
      address: factory,
      abi: forwarderFactoryAbi,
      functionName: 'flush',
      args: [merchant, paymentSalt, [usdc, dai, usdt]],
      gas: FLUSH_GAS, // Hardhat 2.29 cannot estimate a call that checks gasleft() (flushGasLimit)
    });
    const r = await receipt(hash);
    expect(r.status).toBe('success');

    // the merchant received exactly what was paid; the deposit address, the factory and the implementation hold
    // nothing; the caller paid only gas; the payer's balances did not move
    expect(await ethBalance(merchant)).toBe(eth);
    expect(await tokenBalance(usdc, merchant)).toBe(usdcAmount);
    expect(await tokenBalance(dai, merchant)).toBe(daiAmount);
    expect(await tokenBalance(usdt, merchant)).toBe(usdtAmount);
    for (const holder of [deposit, factory, implementation, caller.account.address]) {
      for (const token of [usdc, dai, usdt]) expect(await tokenBalance(token, holder)).toBe(0n);
    }
    expect(await ethBalance(deposit)).toBe(0n);
    expect(await ethBalance(factory)).toBe(0n);
    expect(await ethBalance(implementation)).toBe(0n);
    expect(await ethBalance(caller.account.address)).toBe(callerBefore - r.gasUsed * r.effectiveGasPrice);
    expect(await tokenBalance(usdc, node.wallets[1]!.account.address)).toBe(payerUsdcBefore);

    // events: the deployment, one Forwarded per asset (from the deposit address), one Flushed
    const deployedEvents = parseEventLogs({
      abi: forwarderFactoryAbi,
      logs: r.logs,
      eventName: 'ForwarderDeployed',
    });
    expect(deployedEvents.map((e) => e.args)).toEqual([{ forwarder: deposit, merchant, paymentSalt }]);
    const forwarded = parseEventLogs({ abi: forwarderAbi, logs: r.logs, eventName: 'Forwarded' });
    expect(forwarded.every((e) => getAddress(e.address) === deposit)).toBe(true);
    expect(forwarded.map((e) => [e.args.token, e.args.amount])).toEqual([
      [zeroAddress, eth],
      [usdc, usdcAmount],
      [dai, daiAmount],
      [usdt, usdtAmount],
    ]);
    expect(
      parseEventLogs({ abi: forwarderFactoryAbi, logs: r.logs, eventName: 'Flushed' }).map((e) => e.args),
    ).toEqual([{ forwarder: deposit, merchant, paymentSalt }]);
    expect(
      await node.publicClient.readContract({ address: deposit, abi: forwarderAbi, functionName: 'merchant' }),
    ).toBe(merchant);
  });

  it('nobody can initialise a forwarder again, or the implementation, or redirect a deposit address', async () => {
    const merchant = randomAddress();
    const paymentSalt = randomSalt();
    const deposit = forwarderAddress({ factory, merchant, paymentSalt });
    await payEth(deposit, parseEther('0.5'));
    const attacker = node.wallets[3]!;
    await receipt(
      await attacker.writeContract({
        address: factory,
        abi: forwarderFactoryAbi,
        functionName: 'flush',
        args: [merchant, paymentSalt, []],
        gas: FLUSH_GAS, // Hardhat 2.29 cannot estimate a call that checks gasleft() (flushGasLimit)
      }),
    );
    expect(await ethBalance(merchant)).toBe(parseEther('0.5'));

    const initialize = (address: Address) =>
      node.publicClient.simulateContract({
        account: attacker.account,
        address,
        abi: forwarderAbi,
        functionName: 'initialize',
        args: [attacker.account.address],
      });
    expect(await revertName(initialize(deposit))).toBe('NotFactory');
    expect(await revertName(initialize(forwarderImplementationAddress(factory)))).toBe('NotFactory');
    // sent for real (Hardhat refuses a transaction that reverts when it is mined), nothing changes
    expect(
      await revertName(
        attacker.writeContract({
          address: deposit,
          abi: forwarderAbi,
          functionName: 'initialize',
          args: [attacker.account.address],
          gas: 100_000n,
        }),
      ),
    ).toBe('NotFactory');
    expect(
      await node.publicClient.readContract({ address: deposit, abi: forwarderAbi, functionName: 'merchant' }),
    ).toBe(merchant);
    // flushOne is for the factory itself
    expect(
      await revertName(
        node.publicClient.simulateContract({
          account: attacker.account,
          address: factory,
          abi: forwarderFactoryAbi,
          functionName: 'flushOne',
          args: [attacker.account.address, paymentSalt, []],
        }),
      ),
    ).toBe('OnlySelf');
    // the implementation has no merchant: flushing it fails
    expect(
      await revertName(
        node.publicClient.simulateContract({
          account: attacker.account,
          address: forwarderImplementationAddress(factory),
          abi: forwarderAbi,
          functionName: 'flush',
          args: [[]],
        }),
      ),
    ).toBe('NotInitialized');

    // the same payment salt under the attacker's address is another deposit address: paying the merchant's one
    // and flushing the attacker's moves nothing of the merchant's
    const victimSalt = randomSalt();
    const victimDeposit = forwarderAddress({ factory, merchant, paymentSalt: victimSalt });
    await payToken(usdc, victimDeposit, 1_000_000n);
    const attackerUsdcBefore = await tokenBalance(usdc, attacker.account.address);
    await receipt(
      await attacker.writeContract({
        address: factory,
        abi: forwarderFactoryAbi,
        functionName: 'flush',
        args: [attacker.account.address, victimSalt, [usdc]],
        gas: FLUSH_GAS, // Hardhat 2.29 cannot estimate a call that checks gasleft() (flushGasLimit)
      }),
    );
    expect(await tokenBalance(usdc, attacker.account.address)).toBe(attackerUsdcBefore);
    expect(await tokenBalance(usdc, victimDeposit)).toBe(1_000_000n);
    // a zero merchant is refused
    expect(
      await revertName(
        node.publicClient.simulateContract({
          account: attacker.account,
          address: factory,
          abi: forwarderFactoryAbi,
          functionName: 'flush',
          args: [zeroAddress, victimSalt, []],
        }),
      ),
    ).toBe('ZeroMerchant');
  });

  it('a second payment to an already deployed forwarder is flushed too', async () => {
    const merchant = randomAddress();
    const paymentSalt = randomSalt();
    const deposit = forwarderAddress({ factory, merchant, paymentSalt });
    const flush = async () => {
      const r = await receipt(
        await node.wallets[4]!.writeContract({
          address: factory,
          abi: forwarderFactoryAbi,
          functionName: 'flush',
          args: [merchant, paymentSalt, [usdc, dai]],
          gas: FLUSH_GAS, // Hardhat 2.29 cannot estimate a call that checks gasleft() (flushGasLimit)
        }),
      );
      expect(r.status).toBe('success');
      return r;
    };
    await payToken(usdc, deposit, 7_000_000n);
    const first = await flush();
    expect(
      parseEventLogs({ abi: forwarderFactoryAbi, logs: first.logs, eventName: 'ForwarderDeployed' }),
    ).toHaveLength(1);
    expect(await tokenBalance(usdc, merchant)).toBe(7_000_000n);

    await payEth(deposit, 123n); // through receive() now that code is there
    await payToken(dai, deposit, parseUnits('3', 18));
    const second = await flush();
    expect(
      parseEventLogs({ abi: forwarderFactoryAbi, logs: second.logs, eventName: 'ForwarderDeployed' }),
    ).toHaveLength(0);
    expect(await ethBalance(merchant)).toBe(123n);
    expect(await tokenBalance(usdc, merchant)).toBe(7_000_000n);
    expect(await tokenBalance(dai, merchant)).toBe(parseUnits('3', 18));
    expect(await ethBalance(deposit)).toBe(0n);
    expect(await tokenBalance(dai, deposit)).toBe(0n);
    // a flush with nothing to move succeeds and moves nothing
    await flush();
    expect(await tokenBalance(usdc, merchant)).toBe(7_000_000n);
  });

  it('flushMany flushes every good request even when one in the middle fails', async () => {
    const merchants = [randomAddress(), zeroAddress /* refused: ZeroMerchant */, randomAddress()];
    const salts = [randomSalt(), randomSalt(), randomSalt()];
    const deposits = merchants.map((merchant, i) =>
      forwarderAddress({ factory, merchant, paymentSalt: salts[i]! }),
    );
    for (const d of deposits) {
      await payEth(d, parseEther('0.25'));
      await payToken(dai, d, parseUnits('2', 18));
    }
    const requests = merchants.map((merchant, i) => ({ merchant, paymentSalt: salts[i]!, tokens: [dai] }));
    // too little gas for every request's budget: the whole call is refused rather than a request skipped
    expect(
      await revertName(
        node.publicClient.simulateContract({
          account: node.wallets[2]!.account,
          address: factory,
          abi: forwarderFactoryAbi,
          functionName: 'flushMany',
          args: [requests],
          gas: 500_000n,
        }),
      ),
    ).toBe('InsufficientGas');
    // sent with viem's gas estimate
    const r = await receipt(
      await node.wallets[2]!.writeContract({
        address: factory,
        abi: forwarderFactoryAbi,
        functionName: 'flushMany',
        args: [requests],
      }),
    );
    expect(r.status).toBe('success');
    const flushed = parseEventLogs({ abi: forwarderFactoryAbi, logs: r.logs, eventName: 'Flushed' });
    const failed = parseEventLogs({ abi: forwarderFactoryAbi, logs: r.logs, eventName: 'FlushFailed' });
    expect(flushed.map((e) => e.args.forwarder)).toEqual([deposits[0], deposits[2]]);
    expect(failed.map((e) => [e.args.forwarder, e.args.merchant, e.args.paymentSalt])).toEqual([
      [deposits[1], merchants[1], salts[1]],
    ]);
    // the reason is the factory's error, ZeroMerchant()
    expect(failed[0]!.args.reason).toBe(keccak256(toHex('ZeroMerchant()')).slice(0, 10));
    for (const i of [0, 2]) {
      expect(await ethBalance(merchants[i]!)).toBe(parseEther('0.25'));
      expect(await tokenBalance(dai, merchants[i]!)).toBe(parseUnits('2', 18));
      expect(await ethBalance(deposits[i]!)).toBe(0n);
    }
    // the failed one was rolled back whole: still funded, not even deployed
    expect(await ethBalance(deposits[1]!)).toBe(parseEther('0.25'));
    expect(await tokenBalance(dai, deposits[1]!)).toBe(parseUnits('2', 18));
    expect(await node.publicClient.getCode({ address: deposits[1]! })).toBeUndefined();
    expect(await ethBalance(factory)).toBe(0n);
  });

  it('issue 13 (1): 1 wei cannot lock the tokens of a merchant contract that refuses ETH', async () => {
    // The merchant's address is a contract whose receive() reverts (a wallet contract that refuses ETH).
    const merchant = await deployGasBurner({ wallet: node.wallets[0]!, publicClient: node.publicClient });
    await receipt(
      await node.wallets[0]!.writeContract({
        address: merchant,
        abi: gasBurnerAbi,
        functionName: 'set',
        args: [0n, true, 0n],
      }),
    );
    const paymentSalt = randomSalt();
    const deposit = forwarderAddress({ factory, merchant, paymentSalt });
    await payToken(usdc, deposit, parseUnits('40', 6));
    await payEth(deposit, 1n); // the griefing wei
    const r = await receipt(
      await node.wallets[2]!.writeContract({
        address: factory,
        abi: forwarderFactoryAbi,
        functionName: 'flush',
        args: [merchant, paymentSalt, [usdc]],
        gas: FLUSH_GAS, // Hardhat 2.29 cannot estimate a call that checks gasleft() (flushGasLimit)
      }),
    );
    expect(r.status).toBe('success');
    // the tokens reached the merchant; the wei it refused stays in the deposit address, reported
    expect(await tokenBalance(usdc, merchant)).toBe(parseUnits('40', 6));
    expect(await tokenBalance(usdc, deposit)).toBe(0n);
    expect(await ethBalance(deposit)).toBe(1n);
    const events = parseEventLogs({ abi: forwarderAbi, logs: r.logs });
    expect(events.map((e) => [e.eventName, e.args.token, e.args.amount])).toEqual([
      ['ForwardFailed', zeroAddress, 1n],
      ['Forwarded', usdc, parseUnits('40', 6)],
    ]);
    // once the merchant accepts ETH, anyone's next flush moves the wei too
    await receipt(
      await node.wallets[0]!.writeContract({
        address: merchant,
        abi: gasBurnerAbi,
        functionName: 'set',
        args: [0n, false, 0n],
      }),
    );
    await receipt(
      await node.wallets[2]!.writeContract({
        address: factory,
        abi: forwarderFactoryAbi,
        functionName: 'flush',
        args: [merchant, paymentSalt, []],
        gas: FLUSH_GAS, // Hardhat 2.29 cannot estimate a call that checks gasleft() (flushGasLimit)
      }),
    );
    expect(await ethBalance(deposit)).toBe(0n);
    expect(await ethBalance(merchant)).toBe(1n);
  });

  it('issue 13 (2): a paused token or one that blacklists the merchant is skipped; the others are flushed', async () => {
    const deployer = { wallet: node.wallets[0]!, publicClient: node.publicClient };
    const paused = await deployTestToken({ ...deployer, name: 'Paused', symbol: 'PSD', decimals: 6 });
    const blacklisting = await deployTestToken({ ...deployer, name: 'Black', symbol: 'BLK', decimals: 6 });
    const merchant = randomAddress();
    const paymentSalt = randomSalt();
    const deposit = forwarderAddress({ factory, merchant, paymentSalt });
    await payToken(paused, deposit, 5_000_000n);
    await payToken(blacklisting, deposit, 6_000_000n);
    await payToken(usdc, deposit, 7_000_000n);
    await payEth(deposit, parseEther('0.01'));
    const admin = node.wallets[0]!;
    await receipt(
      await admin.writeContract({
        address: paused,
        abi: testTokenAbi,
        functionName: 'setPaused',
        args: [true],
      }),
    );
    await receipt(
      await admin.writeContract({
        address: blacklisting,
        abi: testTokenAbi,
        functionName: 'setBlocked',
        args: [merchant, true],
      }),
    );
    const tokens = [paused, blacklisting, usdc];
    // too little gas for a token call's full budget: the flush reverts instead of skipping that token
    const data = encodeFunctionData({
      abi: forwarderFactoryAbi,
      functionName: 'flush',
      args: [merchant, paymentSalt, tokens],
    });
    await expect(
      node.publicClient.call({ account: node.wallets[2]!.account, to: factory, data, gas: 150_000n }),
    ).rejects.toThrow();
    const r = await receipt(
      await node.wallets[2]!.writeContract({
        address: factory,
        abi: forwarderFactoryAbi,
        functionName: 'flush',
        args: [merchant, paymentSalt, tokens],
        gas: FLUSH_GAS, // Hardhat 2.29 cannot estimate a call that checks gasleft() (flushGasLimit)
      }),
    );
    expect(r.status).toBe('success');
    expect(await tokenBalance(usdc, merchant)).toBe(7_000_000n);
    expect(await ethBalance(merchant)).toBe(parseEther('0.01'));
    expect(await tokenBalance(paused, deposit)).toBe(5_000_000n);
    expect(await tokenBalance(blacklisting, deposit)).toBe(6_000_000n);
    const events = parseEventLogs({ abi: forwarderAbi, logs: r.logs });
    expect(events.map((e) => [e.eventName, e.args.token, e.args.amount])).toEqual([
      ['Forwarded', zeroAddress, parseEther('0.01')],
      ['ForwardFailed', paused, 5_000_000n],
      ['ForwardFailed', blacklisting, 6_000_000n],
      ['Forwarded', usdc, 7_000_000n],
    ]);
    const failed = parseEventLogs({ abi: forwarderAbi, logs: r.logs, eventName: 'ForwardFailed' });
    expect(failed[0]!.args.reason).toBe(keccak256(toHex('Paused()')).slice(0, 10));
    expect(failed[1]!.args.reason.slice(0, 10)).toBe(keccak256(toHex('Blocked(address)')).slice(0, 10));
    // once unpaused, the next flush moves it; still never anywhere but the merchant
    await receipt(
      await admin.writeContract({
        address: paused,
        abi: testTokenAbi,
        functionName: 'setPaused',
        args: [false],
      }),
    );
    await receipt(
      await node.wallets[2]!.writeContract({
        address: factory,
        abi: forwarderFactoryAbi,
        functionName: 'flush',
        args: [merchant, paymentSalt, tokens],
        gas: FLUSH_GAS, // Hardhat 2.29 cannot estimate a call that checks gasleft() (flushGasLimit)
      }),
    );
    expect(await tokenBalance(paused, merchant)).toBe(5_000_000n);
    expect(await tokenBalance(blacklisting, deposit)).toBe(6_000_000n);
  });

  it('issue 13 (3): with the gas limit of flushManyGasLimit a batch never reverts, whatever merchants and tokens do', async () => {
    // the bound's constants are the deployed factory's
    const constant = (functionName: 'REQUEST_BASE_GAS' | 'REQUEST_TOKEN_GAS') =>
      node.publicClient.readContract({ address: factory, abi: forwarderFactoryAbi, functionName });
    expect(await constant('REQUEST_BASE_GAS')).toBe(REQUEST_BASE_GAS);
    expect(await constant('REQUEST_TOKEN_GAS')).toBe(REQUEST_TOKEN_GAS);
    const deployer = { wallet: node.wallets[0]!, publicClient: node.publicClient };
    // a merchant contract and a "token" that burn every unit of gas they are given, once the batch is signed
    const burner = await deployGasBurner(deployer);
    const hostileToken = await deployGasBurner(deployer);
    const merchants = [randomAddress(), burner, randomAddress(), burner, randomAddress()];
    const salts = merchants.map(() => randomSalt());
    const deposits = merchants.map((merchant, i) =>
      forwarderAddress({ factory, merchant, paymentSalt: salts[i]! }),
    );
    for (const d of deposits) {
      await payEth(d, parseEther('0.01'));
      await payToken(usdc, d, 3_000_000n);
    }
    const requests = merchants.map((merchant, i) => ({
      merchant,
      paymentSalt: salts[i]!,
      tokens: merchant === burner ? [hostileToken, hostileToken, usdc] : [usdc],
    }));
    const data = encodeFunctionData({
      abi: forwarderFactoryAbi,
      functionName: 'flushMany',
      args: [requests],
    });
    const gas = flushManyGasLimit({ requests, data });
    // the estimate (harmless merchants) is far below the bound ...
    const estimate = await node.publicClient.estimateGas({
      account: node.wallets[2]!.account,
      to: factory,
      data,
    });
    expect(estimate).toBeLessThan(gas);
    // ... then the merchant and the token turn hostile before the batch is mined
    for (const c of [burner, hostileToken]) {
      await receipt(
        await node.wallets[0]!.writeContract({
          address: c,
          abi: gasBurnerAbi,
          functionName: 'set',
          args: [10n ** 9n, false, 1n],
        }),
      );
    }
    const r = await receipt(await node.wallets[2]!.sendTransaction({ to: factory, data, gas }));
    expect(r.status).toBe('success');
    expect(r.gasUsed).toBeLessThanOrEqual(gas);
    const flushed = parseEventLogs({ abi: forwarderFactoryAbi, logs: r.logs, eventName: 'Flushed' });
    expect(flushed.map((e) => e.args.forwarder)).toEqual(deposits);
    // every merchant got its USDC, the burner included; the burner's ETH failed in its stipend and stays
    for (const [i, merchant] of merchants.entries()) {
      expect(await tokenBalance(usdc, deposits[i]!)).toBe(0n);
      if (merchant !== burner) expect(await ethBalance(merchant)).toBe(parseEther('0.01'));
      else expect(await ethBalance(deposits[i]!)).toBe(parseEther('0.01'));
    }
    expect(await tokenBalance(usdc, burner)).toBe(6_000_000n);
    console.log(
      `worst-case batch of ${requests.length}: gas limit ${gas}, used ${r.gasUsed}, harmless estimate ${estimate}`,
    );
  });

  it('gas of a flush of 1 and of 50 token payments (deployment included)', async () => {
    const merchant = randomAddress();
    const common = {
      publicClient: node.publicClient,
      payer: node.wallets[1]!,
      caller: node.wallets[2]!,
      factory,
      token: usdc,
      merchant,
    };
    const one = await measureFlushGas({ ...common, payments: 1 });
    const fifty = await measureFlushGas({ ...common, payments: 50 });
    console.log(
      `flush gas (hardhat, paris): 1 payment ${one.gasUsed}; 50 payments ${fifty.gasUsed} (${fifty.perPayment} per payment)`,
    );
    expect(await tokenBalance(usdc, merchant)).toBe(51n * 1_000_000n);
    // batching pays the 21,000 base cost once
    expect(fifty.perPayment).toBeLessThan(one.gasUsed);
    expect(one.gasUsed).toBeLessThan(200_000n);
  });
});
