import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { forwarderFactoryAbi } from '@coinlane/contracts/abi';
import { loadArtifacts } from '@coinlane/contracts/artifacts';
import {
  DETERMINISTIC_DEPLOYER,
  deployForwarderFactoryDeterministic,
  deterministicFactoryAddress,
} from '@coinlane/contracts/deploy';
import { forwarderAddress, forwarderImplementationAddress } from '@coinlane/contracts/forwarder-address';
import { forwarderCodeVersion } from '@coinlane/contracts/known-code';
import { type Address, getAddress, keccak256, stringToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARDHAT_KEYS, type Hardhat, startHardhat } from '#app/test/hardhat.ts';

// Issue 13: the forwarder factory has the same address on every chain (deployed with CREATE2 through the
// deterministic deployment proxy), whoever deploys it and whatever their nonce; `npm run evm:deploy-factory`
// uses it. Two fresh Hardhat nodes of different chain ids stand for two chains.

const serverDir = path.resolve(import.meta.dirname, '../../..');

describe('issue 13 (deterministic factory): one factory address on every chain', () => {
  let a: Hardhat;
  let b: Hardhat;
  beforeAll(async () => {
    loadArtifacts();
    [a, b] = await Promise.all([startHardhat(), startHardhat({ chainId: 31338 })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  const check = async (node: Hardhat, factory: Address) => {
    const code = await node.publicClient.getCode({ address: factory });
    const implementationCode = await node.publicClient.getCode({
      address: forwarderImplementationAddress(factory),
    });
    expect(
      forwarderCodeVersion({ factory, factoryCode: code!, implementationCode: implementationCode! }),
    ).toBe('v2');
    const merchant = '0x000000000000000000000000000000000000bEEF';
    const paymentSalt = keccak256(stringToHex('probe'));
    expect(
      await node.publicClient.readContract({
        address: factory,
        abi: forwarderFactoryAbi,
        functionName: 'predict',
        args: [merchant, paymentSalt],
      }),
    ).toBe(forwarderAddress({ factory, merchant, paymentSalt }));
  };

  it('two nodes, two deployer accounts at different nonces: the same factory address, deployed once', async () => {
    // node B's deployer has used some nonces first; node A's has not
    for (let i = 0; i < 3; i++) {
      const hash = await b.wallets[2]!.sendTransaction({ to: b.wallets[3]!.account.address, value: 1n });
      await b.publicClient.waitForTransactionReceipt({ hash });
    }
    expect(await a.publicClient.getCode({ address: DETERMINISTIC_DEPLOYER })).toBeUndefined(); // a fresh chain
    const onA = await deployForwarderFactoryDeterministic({
      wallet: a.wallets[0]!,
      publicClient: a.publicClient,
    });
    const onB = await deployForwarderFactoryDeterministic({
      wallet: b.wallets[2]!,
      publicClient: b.publicClient,
    });
    expect(onA).toEqual({ factory: deterministicFactoryAddress(), deployed: true });
    expect(onB).toEqual({ factory: onA.factory, deployed: true });
    await check(a, onA.factory);
    await check(b, onB.factory);
    // again: already there, nothing sent
    const again = await deployForwarderFactoryDeterministic({
      wallet: a.wallets[1]!,
      publicClient: a.publicClient,
    });
    expect(again).toEqual({ factory: onA.factory, deployed: false });
  });

  it('npm run evm:deploy-factory prints that address on a third chain', async () => {
    const c = await startHardhat({ chainId: 31339 });
    try {
      const { stdout } = await promisify(execFile)(
        'npx',
        ['tsx', 'src/cli/deploy-forwarder-factory.ts', '--network', 'ethereum'],
        {
          cwd: serverDir,
          env: {
            ...process.env,
            CHAIN_ETHEREUM_RPC_URL: c.url,
            CHAIN_ETHEREUM_MODE: 'regtest',
            DEPLOYER_KEY: HARDHAT_KEYS[4]!,
          },
        },
      );
      expect(getAddress(stdout.trim())).toBe(deterministicFactoryAddress());
      await check(c, deterministicFactoryAddress());
    } finally {
      await c.stop();
    }
  });
});
