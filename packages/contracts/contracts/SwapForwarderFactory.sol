// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SwapForwarder, SwapRoute, swapRouteSalt, minimalProxyInitCode, swapPathHops} from "./SwapForwarder.sol";

/// @title SwapForwarderFactory: counterfactual deposit addresses that convert to the merchant's chosen token.
/// @notice Each route (merchant, tokenIn, tokenOut, Uniswap V3 path, slippage, oracle window, payment salt; see
///         SwapRoute) has one deposit address, computable off-chain before anything is deployed: CREATE2 of an
///         EIP-1167 clone of the SwapForwarder implementation this factory deployed in its constructor, with salt
///         swapRouteSalt(route). Changing anything of the route (another recipient, a wider slippage, another path)
///         gives another address, and the forwarder refuses a flush whose route is not its own: no caller, the
///         operator's gas wallet included, can divert or under-price a deposit address's money. No owner, no
///         upgrade, no fees, nothing held here. Payments with no conversion rule use ForwarderFactory.
/// @dev flushMany follows ForwarderFactory v2: each request runs in its own frame with a fixed budget,
///      requestGas(hops, tokens), which covers every call its forwarder may make with their fixed gas (the swap's
///      frame, the fallback transfer of the original, the named tokens), so the sum of the budgets bounds a batch
///      (src/swap-flush-gas.ts) whatever merchants, tokens and pools do.
contract SwapForwarderFactory {
    struct Request {
        SwapRoute route;
        address[] tokens;
    }

    /// @notice The SwapForwarder every clone delegates to (this factory's first CREATE, nonce 1).
    address public immutable implementation;
    /// @notice keccak256 of the clones' init code (what CREATE2 addresses are computed from).
    bytes32 public immutable cloneCodeHash;
    /// @notice Uniswap's SwapRouter02, the wrapped native coin and Uniswap V3's factory on this chain.
    address public immutable router;
    address public immutable weth;
    address public immutable v3Factory;

    event SwapForwarderDeployed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt);
    /// @notice One per request of `flush` / `flushMany` that flushed (the forwarder's Swapped / SwapSkipped /
    ///         Forwarded events say what moved).
    event Flushed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt);
    /// @notice One per request of `flushMany` that failed; its effects were rolled back, the others stand.
    event FlushFailed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt, bytes reason);

    /// @notice The merchant is address(0), or address(1) or address(2), which SwapRouter02 reads as "the caller" and
    ///         "the router itself".
    error BadMerchant();
    error DeployFailed();
    error OnlySelf();
    error InsufficientGas();

    /// @notice Gas of a request without pools or named tokens: the clone's deployment, the route check, the native
    ///         coin sent with its stipend, tokenIn's balance read and its fallback transfer, the swap's own frame
    ///         without its pools (SwapForwarder.SWAP_BASE_GAS) and the checks around them.
    uint256 public constant REQUEST_BASE_GAS = 480_000;
    /// @notice Gas added per pool of the path (SwapForwarder.SWAP_HOP_GAS, x 64/63, and the path's share).
    uint256 public constant REQUEST_HOP_GAS = 155_000;
    /// @notice Gas added per named token (a balanceOf and a transfer with their fixed gas, as ForwarderFactory).
    uint256 public constant REQUEST_TOKEN_GAS = 150_000;
    /// @dev What must be left before a request beyond 64/63 of its budget: the events and the loop after it.
    uint256 private constant REQUEST_GAS_RESERVE = 20_000;

    constructor(address router_, address weth_, address v3Factory_) {
        router = router_;
        weth = weth_;
        v3Factory = v3Factory_;
        address impl = address(new SwapForwarder(router_, weth_, v3Factory_));
        implementation = impl;
        cloneCodeHash = keccak256(minimalProxyInitCode(impl));
    }

    /// @notice The deposit address of `route`, whether or not it is deployed yet.
    function predict(SwapRoute calldata route) public view returns (address) {
        bytes32 h = keccak256(abi.encodePacked(bytes1(0xff), address(this), swapRouteSalt(route), cloneCodeHash));
        return address(uint160(uint256(h)));
    }

    /// @notice The gas budget of a flushMany request whose path has `hops` pools (counted as 1 to MAX_HOPS) and
    ///         that names `tokenCount` tokens.
    function requestGas(uint256 hops, uint256 tokenCount) public pure returns (uint256) {
        if (hops == 0) hops = 1;
        if (hops > 3) hops = 3; // SwapForwarder.MAX_HOPS: a longer path is refused in the swap's frame
        return REQUEST_BASE_GAS + hops * REQUEST_HOP_GAS + tokenCount * REQUEST_TOKEN_GAS;
    }

    /// @notice Deploys the forwarder of `route` if it has no code yet, then flushes it: tokenIn swapped for the
    ///         merchant (or forwarded as it is when the swap cannot be made), the native coin and `tokens` forwarded.
    ///         Anyone may call it. Reverts only when too little gas was given (InsufficientGas) or the merchant is
    ///         not an address (BadMerchant).
    function flush(SwapRoute calldata route, address[] calldata tokens) external returns (address) {
        address forwarder = _deployIfNeeded(route);
        SwapForwarder(payable(forwarder)).flush(route, tokens);
        emit Flushed(forwarder, route.merchant, route.paymentSalt);
        return forwarder;
    }

    /// @notice Flushes many deposit addresses in one transaction, each request in its own frame with its fixed
    ///         budget (requestGas): one that fails is rolled back alone (FlushFailed), the others stand (Flushed).
    ///         Before each request the whole call reverts with InsufficientGas unless its full budget is left, so a
    ///         low gas limit never turns into a failed request.
    function flushMany(Request[] calldata requests) external {
        for (uint256 i = 0; i < requests.length; ++i) {
            Request calldata r = requests[i];
            uint256 budget = requestGas(swapPathHops(r.route.path), r.tokens.length);
            if (gasleft() < (budget * 64) / 63 + REQUEST_GAS_RESERVE) revert InsufficientGas();
            try this.flushOne{gas: budget}(r.route, r.tokens) {
                emit Flushed(predict(r.route), r.route.merchant, r.route.paymentSalt);
            } catch {
                emit FlushFailed(predict(r.route), r.route.merchant, r.route.paymentSalt, _returnDataHead());
            }
        }
    }

    /// @notice One request of flushMany in its own frame. Only this contract may call it.
    function flushOne(SwapRoute calldata route, address[] calldata tokens) external {
        if (msg.sender != address(this)) revert OnlySelf();
        address forwarder = _deployIfNeeded(route);
        SwapForwarder(payable(forwarder)).flush(route, tokens);
    }

    function _deployIfNeeded(SwapRoute calldata route) private returns (address forwarder) {
        if (uint160(route.merchant) <= 2) revert BadMerchant();
        forwarder = predict(route);
        if (forwarder.code.length > 0) return forwarder;
        bytes memory code = minimalProxyInitCode(implementation);
        bytes32 salt = swapRouteSalt(route);
        address deployed;
        assembly {
            deployed := create2(0, add(code, 0x20), mload(code), salt)
        }
        if (deployed != forwarder) revert DeployFailed();
        emit SwapForwarderDeployed(deployed, route.merchant, route.paymentSalt);
    }

    /// @dev The first 100 bytes of the last call's revert data.
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
}
