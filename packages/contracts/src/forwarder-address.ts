import {
  type Address,
  concatHex,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  type Hex,
  isHex,
  keccak256,
} from 'viem';

/**
 * Pure computations of ForwarderFactory's addresses (decision 010), so the server can hand out a deposit address
 * without calling the node. Each equals what the factory computes on chain (`implementation()`, `predict()`);
 * `contracts.test.ts` in the server project checks that against a real node.
 */

/** The Forwarder implementation the factory deployed in its constructor: CREATE from the factory at nonce 1. */
export function forwarderImplementationAddress(factory: Address): Address {
  return getContractAddress({ opcode: 'CREATE', from: getAddress(factory), nonce: 1n });
}

/** The CREATE2 salt of a deposit address: keccak256(abi.encode(merchant, paymentSalt)). */
export function forwarderSalt(merchant: Address, paymentSalt: Hex): Hex {
  if (!isHex(paymentSalt) || paymentSalt.length !== 66)
    throw new Error('paymentSalt must be 32 bytes (0x + 64 hex)');
  return keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [getAddress(merchant), paymentSalt]),
  );
}

/** The EIP-1167 minimal proxy init code of a clone of `implementation`. */
export function cloneInitCode(implementation: Address): Hex {
  return concatHex([
    '0x3d602d80600a3d3981f3363d3d373d3d3d363d73',
    getAddress(implementation).toLowerCase() as Hex,
    '0x5af43d82803e903d91602b57fd5bf3',
  ]);
}

/** The deposit address of (merchant, paymentSalt) under `factory`, checksummed (EIP-55). */
export function forwarderAddress({
  factory,
  merchant,
  paymentSalt,
}: {
  factory: Address;
  merchant: Address;
  paymentSalt: Hex;
}): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: getAddress(factory),
    salt: forwarderSalt(merchant, paymentSalt),
    bytecodeHash: keccak256(cloneInitCode(forwarderImplementationAddress(factory))),
  });
}
