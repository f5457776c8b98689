// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SwapMath} from "./SwapMath.sol";

/// @notice Everything that decides where a swap deposit address's money goes (decision 024). The address is the
///         CREATE2 of a clone with salt swapRouteSalt(route), so each route has its own address and no caller can
///         flush an address with any other route.
/// @param merchant where the output (or, when the swap cannot be made, the original coin or token) goes
/// @param tokenIn what the payment is paid in: an ERC-20, or address(0) for the chain's native coin
/// @param tokenOut what the merchant receives: the last token of `path`
/// @param path Uniswap V3 path: token (20 bytes), then per hop a pool fee (3 bytes) and the next token (20 bytes);
///        its first token is tokenIn, or WETH for the native coin
/// @param slippageBps the most the output may fall short of the pools' time-weighted price, net of pool fees, in
///        hundredths of a percent (at most SwapForwarder.MAX_SLIPPAGE_BPS)
/// @param twapSeconds the window of the time-weighted average price (at least SwapForwarder.MIN_TWAP_SECONDS)
/// @param paymentSalt 32 random bytes per payment
struct SwapRoute {
    address merchant;
    address tokenIn;
    address tokenOut;
    bytes path;
    uint16 slippageBps;
    uint32 twapSeconds;
    bytes32 paymentSalt;
}

/// @notice The CREATE2 salt of a route's deposit address:
///         keccak256(abi.encode(merchant, tokenIn, tokenOut, keccak256(path), slippageBps, twapSeconds, paymentSalt)).
function swapRouteSalt(SwapRoute calldata r) pure returns (bytes32) {
    return keccak256(
        abi.encode(r.merchant, r.tokenIn, r.tokenOut, keccak256(r.path), r.slippageBps, r.twapSeconds, r.paymentSalt)
    );
}

/// @notice The EIP-1167 minimal proxy init code of a clone of `impl` (55 bytes; its runtime code is 45 bytes).
function minimalProxyInitCode(address impl) pure returns (bytes memory) {
    return abi.encodePacked(hex"3d602d80600a3d3981f3363d3d373d3d3d363d73", impl, hex"5af43d82803e903d91602b57fd5bf3");
}

/// @notice The number of pools of a V3 path, or 0 when its length is not 20 + 23 x hops.
function swapPathHops(bytes calldata path) pure returns (uint256) {
    if (path.length < 43 || (path.length - 20) % 23 != 0) return 0;
    return (path.length - 20) / 23;
}

interface IUniswapV3FactoryPools {
    function getPool(address tokenA, address tokenB, uint24 fee) external view returns (address pool);
}

interface IUniswapV3PoolOracle {
    function observe(uint32[] calldata secondsAgos)
        external
        view
        returns (int56[] memory tickCumulatives, uint160[] memory secondsPerLiquidityCumulativeX128s);
}

/// @notice SwapRouter02's exact-input swap (@uniswap/swap-router-contracts, IV3SwapRouter): no deadline.
interface IV3SwapRouter {
    struct ExactInputParams {
        bytes path;
        address recipient;
        uint256 amountIn;
        uint256 amountOutMinimum;
    }

    function exactInput(ExactInputParams calldata params) external payable returns (uint256 amountOut);
}

interface IWETH9Deposit {
    function deposit() external payable;
}

/// @title SwapForwarder: a deposit address that converts what it receives and pays the result to one merchant.
/// @notice Deployed only as an EIP-1167 clone by SwapForwarderFactory, whose CREATE2 salt is swapRouteSalt(route). It
///         stores nothing: every flush names its route, and the forwarder checks that the route's CREATE2 address
///         under its factory is its own address before moving anything. Anyone may call `flush`; money can only go
///         to the route's merchant. On flush it takes its whole balance of tokenIn and computes, ON CHAIN, the
///         least it accepts: the amount converted hop by hop at each pool's time-weighted average tick over
///         twapSeconds (IUniswapV3Pool.observe), net of each pool's fee, less slippageBps. It swaps through
///         Uniswap's SwapRouter02 with that minimum and the merchant as recipient. When the swap cannot be made
///         (no pool, too short an oracle history, a spot price beyond the bound, a route that does not parse,
///         anything else that reverts) it sends the original coin or token to the merchant instead (SwapSkipped,
///         then Forwarded). Other tokens sent here by mistake are forwarded as they are (flush's `tokens`).
/// @dev The swap runs in a call frame of its own (`swapAttempt`, callable only by the forwarder itself) with a fixed
///      gas (swapGas): when anything in it fails, the wrapping of the native coin and the router's allowance are
///      rolled back with it, so no allowance or wrapped coin is ever left behind. Every other external call has a
///      fixed gas, and before each the flush reverts with InsufficientGas unless that gas can be given in full, so a
///      caller's low gas limit never turns into a skipped swap or asset: a swap is skipped only for its own reasons.
///      No owner, no upgrade, no selfdestruct, no storage.
contract SwapForwarder {
    /// @notice Gas forwarded to the merchant's address with native coin (as Forwarder.ETH_GAS).
    uint256 public constant ETH_GAS = 50_000;
    /// @notice Gas of a token's `balanceOf` call.
    uint256 public constant BALANCE_GAS = 30_000;
    /// @notice Gas of a token's `transfer` call.
    uint256 public constant TRANSFER_GAS = 100_000;
    /// @notice Gas of the swap's frame without its pools: route checks, wrapping the native coin (WETH deposit),
    ///         the allowance set and read back, the router's own work and the output token's transfer.
    uint256 public constant SWAP_BASE_GAS = 150_000;
    /// @notice Gas of the swap's frame per pool of the path: the pool's look-up and oracle read and its swap
    ///         (a swap crossing several initialised ticks included).
    uint256 public constant SWAP_HOP_GAS = 150_000;
    /// @notice The longest path swapped; a longer one is not swapped (the original is forwarded).
    uint256 public constant MAX_HOPS = 3;
    /// @notice The widest slippage a route may carry (10 %): beyond it the bound would protect nothing.
    uint16 public constant MAX_SLIPPAGE_BPS = 1_000;
    /// @notice The shortest time-weighted window: a shorter one is cheap to move within a few blocks.
    uint32 public constant MIN_TWAP_SECONDS = 60;
    /// @dev See Forwarder: left over a call's own gas before it is made (the CALL's costs and the event after).
    uint256 private constant CALL_RESERVE = 45_000;
    /// @dev At most this much of a failed call's revert data is copied into an event or error.
    uint256 private constant REASON_BYTES = 100;
    /// @dev At most this much of the swap frame's revert data is copied into SwapSkipped: the frame is this
    ///      contract's own code, whose errors carry at most REASON_BYTES of another call's data (228 bytes in all).
    uint256 private constant SKIP_REASON_BYTES = 260;

    /// @notice The factory that deployed the implementation (the only deployer of this forwarder's clones).
    address public immutable factory;
    /// @notice Uniswap's SwapRouter02.
    address public immutable router;
    /// @notice The wrapped native coin (WETH9) the router and pools trade in place of the native coin.
    address public immutable weth;
    /// @notice Uniswap V3's factory, which finds each pool of a path.
    address public immutable v3Factory;
    /// @notice keccak256 of this implementation's clone init code (what deposit addresses are computed from).
    bytes32 public immutable cloneCodeHash;

    /// @notice The swap was made: `amountIn` of tokenIn (address(0) for the native coin) became `amountOut` of
    ///         tokenOut, sent to the merchant; `minOut` was the least accepted.
    event Swapped(address indexed tokenIn, uint256 amountIn, address indexed tokenOut, uint256 amountOut, uint256 minOut);
    /// @notice The swap was not made; `amount` of tokenIn is forwarded as it is (Forwarded / ForwardFailed follows).
    ///         `reason` is the head of the swap frame's revert data: NoPool, OracleFailed, SwapFailed, BadRoute,
    ///         ZeroQuote, AllowanceLeft, or empty (out of the frame's gas).
    event SwapSkipped(address indexed tokenIn, uint256 amount, bytes reason);
    /// @notice One asset moved to the merchant as it is (`token` is address(0) for the native coin).
    event Forwarded(address indexed token, uint256 amount);
    /// @notice One asset that could not be moved and stays here (`amount` 0 when the balance could not be read).
    event ForwardFailed(address indexed token, uint256 amount, bytes reason);

    error WrongRoute();
    error OnlySelf();
    error InsufficientGas();
    /// @notice The route cannot be swapped as it is (path, tokens, slippage or window out of bounds).
    error BadRoute();
    /// @notice The V3 factory has no pool for this hop.
    error NoPool(address tokenA, address tokenB, uint24 fee);
    /// @notice The pool's oracle could not give the window's mean tick (usually `OLD`: its history is shorter).
    error OracleFailed(address pool, bytes reason);
    /// @notice The quote is zero: too small an amount to swap.
    error ZeroQuote();
    /// @notice The router reverted (usually `Too little received`: the spot price is beyond the bound).
    error SwapFailed(bytes reason);
    /// @notice The router did not take the whole amount.
    error AllowanceLeft(uint256 allowance);

    constructor(address router_, address weth_, address v3Factory_) {
        factory = msg.sender;
        router = router_;
        weth = weth_;
        v3Factory = v3Factory_;
        cloneCodeHash = keccak256(minimalProxyInitCode(address(this)));
    }

    /// @notice Accepts the native coin sent to the deposit address after the forwarder exists.
    receive() external payable {}

    /// @notice Swaps the whole balance of the route's tokenIn into tokenOut for the merchant, or forwards it as it is
    ///         when the swap cannot be made; forwards the native coin too when tokenIn is a token; then forwards the
    ///         whole balance of each token of `tokens` as it is. Callable by anyone with this address's own route
    ///         (WrongRoute otherwise). An asset whose transfer fails stays here (ForwardFailed).
    function flush(SwapRoute calldata route, address[] calldata tokens) external {
        _checkRoute(route);
        address to = route.merchant;
        uint256 eth = address(this).balance;
        if (route.tokenIn == address(0)) {
            if (eth > 0 && !_swap(route, eth)) _sendEth(to, eth);
        } else {
            if (eth > 0) _sendEth(to, eth);
            _forwardOrSwap(route, to);
        }
        for (uint256 i = 0; i < tokens.length; ++i) {
            _needGas(BALANCE_GAS + TRANSFER_GAS);
            address token = tokens[i];
            (bool read, uint256 amount) = _balanceOf(token);
            if (!read) emit ForwardFailed(token, 0, _returnDataHead(REASON_BYTES));
            else if (amount > 0) _sendToken(token, to, amount);
        }
    }

    /// @notice The gas of the swap's frame for a path of `hops` pools.
    function swapGas(uint256 hops) public pure returns (uint256) {
        return SWAP_BASE_GAS + hops * SWAP_HOP_GAS;
    }

    /// @notice The swap, in its own frame so that a failure rolls back everything it did. Only this forwarder may
    ///         call it (from `flush`). Returns what the merchant received and the minimum that was enforced.
    function swapAttempt(SwapRoute calldata route, uint256 amount) external returns (uint256 amountOut, uint256 minOut) {
        if (msg.sender != address(this)) revert OnlySelf();
        address tokenIn = route.tokenIn == address(0) ? weth : route.tokenIn;
        minOut = _minOut(route, tokenIn, amount);
        if (route.tokenIn == address(0)) IWETH9Deposit(weth).deposit{value: amount}();
        if (!_approve(tokenIn, amount)) revert SwapFailed(_returnDataHead(REASON_BYTES));
        try IV3SwapRouter(router).exactInput(
            IV3SwapRouter.ExactInputParams({
                path: route.path, recipient: route.merchant, amountIn: amount, amountOutMinimum: minOut
            })
        ) returns (
            uint256 out
        ) {
            amountOut = out;
        } catch {
            revert SwapFailed(_returnDataHead(REASON_BYTES));
        }
        // a router that took less than the whole amount (a pool out of liquidity) leaves an allowance: undo it all
        uint256 left = _allowance(tokenIn);
        if (left != 0) revert AllowanceLeft(left);
    }

    /// @notice The least output a flush of `amount` of the route's tokenIn would accept now (what the swap enforces).
    ///         Reverts with BadRoute, NoPool, OracleFailed or ZeroQuote when the flush would not swap. A view that
    ///         reads no storage of the forwarder: callable on the implementation or on any clone, before any payment
    ///         (e.g. to check that a conversion rule's route has its pools and their history).
    function minAmountOut(SwapRoute calldata route, uint256 amount) external view returns (uint256) {
        return _minOut(route, route.tokenIn == address(0) ? weth : route.tokenIn, amount);
    }

    /// @dev The least output accepted for `amount` of `tokenIn` (WETH for the native coin) along route.path.
    function _minOut(SwapRoute calldata route, address tokenIn, uint256 amount) private view returns (uint256) {
        uint256 hops = _checkShape(route, tokenIn);
        uint256 quote = amount;
        for (uint256 i = 0; i < hops; ++i) {
            quote = _hopQuote(route.path[i * 23:i * 23 + 43], quote, route.twapSeconds);
        }
        uint256 minOut = SwapMath.mulDiv(quote, 10_000 - route.slippageBps, 10_000);
        if (minOut == 0) revert ZeroQuote();
        return minOut;
    }

    /// @dev The number of pools of route.path; BadRoute unless the path, its ends, the slippage and the window are
    ///      within bounds.
    function _checkShape(SwapRoute calldata route, address tokenIn) private pure returns (uint256 hops) {
        bytes calldata path = route.path;
        hops = swapPathHops(path);
        if (
            hops == 0 || hops > MAX_HOPS || route.slippageBps > MAX_SLIPPAGE_BPS
                || route.twapSeconds < MIN_TWAP_SECONDS || route.tokenOut == address(0) || route.tokenOut == tokenIn
                || address(bytes20(path[:20])) != tokenIn || address(bytes20(path[path.length - 20:])) != route.tokenOut
        ) revert BadRoute();
    }

    /// @dev `amount` of one hop's first token (`hop`: token, fee, token: 43 bytes of the path) converted at its
    ///      pool's mean tick over `window`, net of the pool's fee.
    function _hopQuote(bytes calldata hop, uint256 amount, uint32 window) private view returns (uint256) {
        address a = address(bytes20(hop[:20]));
        uint24 fee = uint24(bytes3(hop[20:23]));
        address b = address(bytes20(hop[23:43]));
        address pool = IUniswapV3FactoryPools(v3Factory).getPool(a, b, fee);
        if (pool == address(0)) revert NoPool(a, b, fee);
        // the pool's token0 is the lower address; its price is token1 per token0
        uint256 out = SwapMath.quoteAtTick(amount, _meanTick(pool, window), a < b);
        // the swap pays the pool's fee (in millionths) on its input
        return SwapMath.mulDiv(out, 1_000_000 - fee, 1_000_000);
    }

    /// @dev The pool's arithmetic mean tick over the last `window` seconds.
    function _meanTick(address pool, uint32 window) private view returns (int24) {
        uint32[] memory ago = new uint32[](2);
        ago[0] = window;
        try IUniswapV3PoolOracle(pool).observe(ago) returns (int56[] memory cumulatives, uint160[] memory) {
            return SwapMath.meanTick(cumulatives[0], cumulatives[1], window);
        } catch {
            revert OracleFailed(pool, _returnDataHead(REASON_BYTES));
        }
    }

    /// @dev tokenIn's whole balance: swapped for the merchant, or forwarded as it is when the swap cannot be made.
    function _forwardOrSwap(SwapRoute calldata route, address to) private {
        address token = route.tokenIn;
        _needGas(BALANCE_GAS + TRANSFER_GAS);
        (bool read, uint256 amount) = _balanceOf(token);
        if (!read) emit ForwardFailed(token, 0, _returnDataHead(REASON_BYTES));
        else if (amount > 0 && !_swap(route, amount)) _sendToken(token, to, amount);
    }

    /// @dev Runs swapAttempt with its fixed gas; false (and SwapSkipped) when it reverted.
    function _swap(SwapRoute calldata route, uint256 amount) private returns (bool) {
        uint256 hops = swapPathHops(route.path);
        uint256 gas = swapGas(hops > MAX_HOPS ? MAX_HOPS : hops);
        _needGas(gas);
        try this.swapAttempt{gas: gas}(route, amount) returns (uint256 amountOut, uint256 minOut) {
            emit Swapped(route.tokenIn, amount, route.tokenOut, amountOut, minOut);
            return true;
        } catch {
            emit SwapSkipped(route.tokenIn, amount, _returnDataHead(SKIP_REASON_BYTES));
            return false;
        }
    }

    /// @dev Reverts WrongRoute unless `route` is this deposit address's own: its CREATE2 address under the factory.
    function _checkRoute(SwapRoute calldata route) private view {
        bytes32 h = keccak256(abi.encodePacked(bytes1(0xff), factory, swapRouteSalt(route), cloneCodeHash));
        if (address(uint160(uint256(h))) != address(this)) revert WrongRoute();
    }

    /// @dev Native coin to the merchant with a fixed stipend and no return data copied (as Forwarder).
    function _sendEth(address to, uint256 amount) private {
        _needGas(ETH_GAS);
        bool ok;
        assembly {
            ok := call(ETH_GAS, to, amount, 0, 0, 0, 0)
        }
        if (ok) emit Forwarded(address(0), amount);
        else emit ForwardFailed(address(0), amount, _returnDataHead(REASON_BYTES));
    }

    /// @dev A token as it is to the merchant (TRANSFER_GAS), reported with Forwarded or ForwardFailed.
    function _sendToken(address token, address to, uint256 amount) private {
        _needGas(TRANSFER_GAS);
        if (_transfer(token, to, amount)) emit Forwarded(token, amount);
        else emit ForwardFailed(token, amount, _returnDataHead(REASON_BYTES));
    }

    /// @dev Reverts unless a call with `callGas` can still get all of it (EIP-150) with its costs after it.
    function _needGas(uint256 callGas) private view {
        if (gasleft() < (callGas * 64) / 63 + CALL_RESERVE) revert InsufficientGas();
    }

    /// @dev The token's balanceOf(this), with BALANCE_GAS; false when the call fails or returns less than a word.
    function _balanceOf(address token) private view returns (bool ok, uint256 amount) {
        bytes memory data = abi.encodeWithSelector(0x70a08231, address(this));
        uint256 size;
        assembly {
            ok := staticcall(BALANCE_GAS, token, add(data, 0x20), mload(data), 0, 0)
            size := returndatasize()
        }
        if (!ok || size < 32) return (false, 0);
        assembly {
            returndatacopy(0, 0, 32)
            amount := mload(0)
        }
    }

    /// @dev The router's allowance over `token` (BALANCE_GAS); type(uint256).max when it cannot be read.
    function _allowance(address token) private view returns (uint256 amount) {
        bytes memory data = abi.encodeWithSelector(0xdd62ed3e, address(this), router);
        bool ok;
        uint256 size;
        assembly {
            ok := staticcall(BALANCE_GAS, token, add(data, 0x20), mload(data), 0, 0)
            size := returndatasize()
        }
        if (!ok || size < 32) return type(uint256).max;
        assembly {
            returndatacopy(0, 0, 32)
            amount := mload(0)
        }
    }

    /// @dev ERC-20 `transfer` with TRANSFER_GAS; accepts no return data (USDT) or true.
    function _transfer(address token, address to, uint256 amount) private returns (bool) {
        return _tokenCall(token, abi.encodeWithSelector(0xa9059cbb, to, amount));
    }

    /// @dev ERC-20 `approve(router, amount)` with TRANSFER_GAS; accepts no return data (USDT) or true. The
    ///      allowance is zero before (a previous swap took all of its allowance, a failed one was rolled back), so
    ///      a token that refuses to change a non-zero allowance (USDT) accepts it.
    function _approve(address token, uint256 amount) private returns (bool) {
        return _tokenCall(token, abi.encodeWithSelector(0x095ea7b3, router, amount));
    }

    /// @dev A token call with TRANSFER_GAS. Success is a call that did not revert and returned either nothing (from
    ///      a contract) or a first word equal to 1. Only that word is ever copied.
    function _tokenCall(address token, bytes memory data) private returns (bool) {
        bool ok;
        uint256 size;
        assembly {
            ok := call(TRANSFER_GAS, token, 0, add(data, 0x20), mload(data), 0, 0)
            size := returndatasize()
        }
        if (!ok) return false;
        if (size == 0) return token.code.length > 0;
        if (size < 32) return false;
        uint256 word;
        assembly {
            returndatacopy(0, 0, 32)
            word := mload(0)
        }
        return word == 1;
    }

    /// @dev The first `max` bytes of the last call's return data, copied without letting a huge payload cost this
    ///      frame unbounded memory.
    function _returnDataHead(uint256 max) private pure returns (bytes memory data) {
        uint256 size;
        assembly {
            size := returndatasize()
        }
        if (size > max) size = max;
        data = new bytes(size);
        assembly {
            returndatacopy(add(data, 0x20), 0, size)
        }
    }
}
