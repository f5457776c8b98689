// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Forwarder} from "./Forwarder.sol";

/// @title ForwarderFactory: counterfactual deposit addresses for merchants.
/// @notice Each (merchant, paymentSalt) has one deposit address, computable off-chain before anything is deployed:
///         CREATE2 of an EIP-1167 minimal proxy of the Forwarder implementation that this factory deployed in its
///         constructor, with salt keccak256(abi.encode(merchant, paymentSalt)). The merchant is part of the salt,
///         and the factory initialises each clone with that merchant in the same call that creates it, so the
///         address can only ever forward to that merchant. No owner, no upgrade, no fees, no funds held here.
/// @dev Version 2 (decision 010, 2026-11-25): a request's gas budget is requestGas(tokens.length), which covers
///      every call its forwarder may make with their fixed gas (Forwarder v2 moves each asset on its own), so the
///      sum of the requests' budgets bounds a whole batch (src/flush-gas.ts) whatever merchants and tokens do.
///      Version 1 (a fixed 300,000 per request, a forwarder that reverted the whole flush when one asset failed)
///      stays deployed for the deposit addresses computed under it; it is not upgraded: a new version is a new
///      factory, and each payment keeps the factory of its address.
contract ForwarderFactory {
    struct Request {
        address merchant;
        bytes32 paymentSalt;
        address[] tokens;
    }

    /// @notice The Forwarder every clone delegates to (this factory's first CREATE, nonce 1).
    address public immutable implementation;
    /// @notice keccak256 of the clones' init code (what CREATE2 addresses are computed from).
    bytes32 public immutable cloneCodeHash;

    event ForwarderDeployed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt);
    /// @notice One per request of `flush` / `flushMany` that flushed.
    event Flushed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt);
    /// @notice One per request of `flushMany` that failed; its effects were rolled back, the others stand.
    event FlushFailed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt, bytes reason);

    error ZeroMerchant();
    error DeployFailed();
    error OnlySelf();
    error InsufficientGas();

    /// @notice Gas of a request of flushMany without tokens: the clone's deployment and initialisation (about
    ///         75,000), the ETH sent to the merchant with its stipend (Forwarder.ETH_GAS plus the call's costs) and
    ///         the checks around it.
    uint256 public constant REQUEST_BASE_GAS = 200_000;
    /// @notice Gas added to a request per token it names: a balanceOf and a transfer with their fixed gas
    ///         (Forwarder.BALANCE_GAS, Forwarder.TRANSFER_GAS) and the checks and event around them.
    uint256 public constant REQUEST_TOKEN_GAS = 150_000;
    /// @dev What must be left before a request beyond 64/63 of its budget (the EIP-150 rule): the events and the
    ///      loop after it.
    uint256 private constant REQUEST_GAS_RESERVE = 20_000;

    constructor() {
        address impl = address(new Forwarder());
        implementation = impl;
        cloneCodeHash = keccak256(_cloneCode(impl));
    }

    /// @notice The deposit address of (merchant, paymentSalt), whether or not it is deployed yet.
    function predict(address merchant, bytes32 paymentSalt) public view returns (address) {
        bytes32 h = keccak256(abi.encodePacked(bytes1(0xff), address(this), _salt(merchant, paymentSalt), cloneCodeHash));
        return address(uint160(uint256(h)));
    }

    /// @notice Deploys the forwarder of (merchant, paymentSalt) if it has no code yet, then flushes ETH and `tokens`
    ///         to the merchant. Anyone may call it. An asset that cannot move stays in the forwarder (its
    ///         ForwardFailed event); the call reverts only when too little gas was given (InsufficientGas).
    function flush(address merchant, bytes32 paymentSalt, address[] calldata tokens) external returns (address) {
        address forwarder = _deployIfNeeded(merchant, paymentSalt);
        Forwarder(payable(forwarder)).flush(tokens);
        emit Flushed(forwarder, merchant, paymentSalt);
        return forwarder;
    }

    /// @notice The gas budget of a flushMany request naming `tokenCount` tokens.
    function requestGas(uint256 tokenCount) public pure returns (uint256) {
        return REQUEST_BASE_GAS + tokenCount * REQUEST_TOKEN_GAS;
    }

    /// @notice Flushes many deposit addresses in one transaction. Each request runs in its own call frame with a
    ///         fixed gas budget (requestGas): one that fails (a zero merchant; with a v2 forwarder an asset that
    ///         cannot move no longer fails its request, see Forwarder) is rolled back alone and reported with
    ///         FlushFailed; the others are flushed and reported with Flushed. Before each request the whole
    ///         transaction reverts with InsufficientGas unless the full budget is left, so a caller's low gas limit
    ///         (or a gas estimate) can never turn into a silently skipped request: a request fails only for its own
    ///         reasons. The sum of the budgets bounds the whole call (src/flush-gas.ts).
    function flushMany(Request[] calldata requests) external {
        for (uint256 i = 0; i < requests.length; ++i) {
            Request calldata r = requests[i];
            uint256 budget = requestGas(r.tokens.length);
            if (gasleft() < (budget * 64) / 63 + REQUEST_GAS_RESERVE) revert InsufficientGas();
            try this.flushOne{gas: budget}(r.merchant, r.paymentSalt, r.tokens) {
                emit Flushed(predict(r.merchant, r.paymentSalt), r.merchant, r.paymentSalt);
            } catch {
                emit FlushFailed(predict(r.merchant, r.paymentSalt), r.merchant, r.paymentSalt, _returnDataHead());
            }
        }
    }

    /// @notice One request of flushMany in its own frame (so a failure reverts its deployment too). Only this
    ///         contract may call it.
    function flushOne(address merchant, bytes32 paymentSalt, address[] calldata tokens) external {
        if (msg.sender != address(this)) revert OnlySelf();
        address forwarder = _deployIfNeeded(merchant, paymentSalt);
        Forwarder(payable(forwarder)).flush(tokens);
    }

    function _deployIfNeeded(address merchant, bytes32 paymentSalt) private returns (address forwarder) {
        if (merchant == address(0)) revert ZeroMerchant();
        forwarder = predict(merchant, paymentSalt);
        if (forwarder.code.length > 0) return forwarder;
        bytes memory code = _cloneCode(implementation);
        bytes32 salt = _salt(merchant, paymentSalt);
        address deployed;
        assembly {
            deployed := create2(0, add(code, 0x20), mload(code), salt)
        }
        if (deployed != forwarder) revert DeployFailed();
        Forwarder(payable(deployed)).initialize(merchant);
        emit ForwarderDeployed(deployed, merchant, paymentSalt);
    }

    /// @dev The first 100 bytes of the last call's revert data (its error selector and arguments), copied without
    ///      letting a huge revert payload cost this frame unbounded memory.
    function _returnDataHead() private pure returns (bytes memory data) {
        uint256 size;
        assembly {
            size := returndatasize()
        }
        if (size > 100) size = 100;
        data = new bytes(size);
        assembly {
            returndatacopy(add(data, 0x20), 0, size)
        }
    }

    function _salt(address merchant, bytes32 paymentSalt) private pure returns (bytes32) {
        return keccak256(abi.encode(merchant, paymentSalt));
    }

    /// @dev EIP-1167 minimal proxy init code for `impl` (55 bytes; the runtime code is 45 bytes).
    function _cloneCode(address impl) private pure returns (bytes memory) {
        return abi.encodePacked(
            hex"3d602d80600a3d3981f3363d3d373d3d3d363d73", impl, hex"5af43d82803e903d91602b57fd5bf3"
        );
    }
}
