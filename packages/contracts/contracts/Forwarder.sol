// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Forwarder: a deposit address whose funds can only ever go to one merchant address.
/// @notice Deployed only as an EIP-1167 clone by ForwarderFactory, which initialises it with the merchant in the
///         same call. Anyone may call `flush`; it moves this contract's whole ETH balance and the whole balance of
///         each named token to `merchant`, and there is no other way for funds to leave. No owner, no upgrade, no
///         selfdestruct, no state change while flushing.
/// @dev Version 2 (decision 010, 2026-11-25): each asset is moved on its own. The ETH transfer gets a fixed gas
///      stipend (ETH_GAS) and each token call a fixed gas (BALANCE_GAS, TRANSFER_GAS); an asset whose move fails
///      (a merchant contract that refuses ETH, a paused token, a merchant blacklisted by a token's issuer) stays
///      here, reported by ForwardFailed, and the other assets are moved. Before each of these calls the flush
///      reverts with InsufficientGas unless the call can get its full gas, so a caller's low gas limit (or a gas
///      estimate) never turns into a silently skipped asset: an asset is skipped only for its own reasons.
contract Forwarder {
    /// @notice Gas forwarded to the merchant's address with the ETH: enough for a contract wallet's `receive`
    ///         (a Safe's takes about 10,000), and a bound on what a merchant contract can burn.
    uint256 public constant ETH_GAS = 50_000;
    /// @notice Gas of a token's `balanceOf` call.
    uint256 public constant BALANCE_GAS = 30_000;
    /// @notice Gas of a token's `transfer` call (USDT, USDC and DAI take 30,000 to 60,000).
    uint256 public constant TRANSFER_GAS = 100_000;
    /// @dev Left over a call's own gas (x 64/63) before it is made: the CALL's cold-account, value and new-account
    ///      costs (2,600 + 9,000 + 25,000 at most) and the event after it.
    uint256 private constant CALL_RESERVE = 45_000;
    /// @dev At most this much of a failed call's revert data is copied into ForwardFailed.
    uint256 private constant REASON_BYTES = 100;

    /// @notice The factory that deployed the implementation (an immutable, so clones read the same value).
    address public immutable factory;
    /// @notice Where every flushed coin and token goes. Set once by the factory; zero in the implementation.
    address public merchant;

    /// @notice One asset moved to the merchant (`token` is address(0) for ETH).
    event Forwarded(address indexed token, uint256 amount);
    /// @notice One asset that could not be moved and stays here (`token` is address(0) for ETH; `amount` is 0
    ///         when the token's balance could not be read); `reason` is the head of the call's revert data.
    event ForwardFailed(address indexed token, uint256 amount, bytes reason);

    error NotFactory();
    error AlreadyInitialized();
    error ZeroMerchant();
    error NotInitialized();
    error InsufficientGas();

    constructor() {
        factory = msg.sender;
    }

    /// @notice Fixes the merchant. Only the factory, only once (it calls this in the same transaction as the
    ///         clone's creation, so nobody can initialise a deposit address before it).
    function initialize(address merchant_) external {
        if (msg.sender != factory) revert NotFactory();
        if (merchant != address(0)) revert AlreadyInitialized();
        if (merchant_ == address(0)) revert ZeroMerchant();
        merchant = merchant_;
    }

    /// @notice Accepts ETH sent to the deposit address after the forwarder exists.
    receive() external payable {}

    /// @notice Sends the whole ETH balance and the whole balance of each token in `tokens` to `merchant`.
    ///         Callable by anyone: the destination is fixed. Zero balances are skipped. Tokens that return nothing
    ///         from `transfer` (USDT) are accepted. An asset whose transfer fails (reverts, returns false, runs out
    ///         of its fixed gas) stays here and is reported with ForwardFailed; the others are moved.
    function flush(address[] calldata tokens) external {
        address to = merchant;
        if (to == address(0)) revert NotInitialized();
        uint256 eth = address(this).balance;
        if (eth > 0) {
            _needGas(ETH_GAS);
            bool ok;
            assembly {
                // no return data is copied: a merchant contract cannot make this frame pay for a huge reply
                ok := call(ETH_GAS, to, eth, 0, 0, 0, 0)
            }
            if (ok) emit Forwarded(address(0), eth);
            else emit ForwardFailed(address(0), eth, _returnDataHead());
        }
        for (uint256 i = 0; i < tokens.length; ++i) {
            address token = tokens[i];
            _needGas(BALANCE_GAS + TRANSFER_GAS);
            (bool read, uint256 amount) = _balanceOf(token);
            if (!read) {
                emit ForwardFailed(token, 0, _returnDataHead());
                continue;
            }
            if (amount == 0) continue;
            if (_transfer(token, to, amount)) emit Forwarded(token, amount);
            else emit ForwardFailed(token, amount, _returnDataHead());
        }
    }

    /// @dev Reverts unless a call with `callGas` can still get all of it (EIP-150: a call gets at most 63/64 of
    ///      what is left) with enough left afterwards for its costs and event.
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

    /// @dev ERC-20 `transfer` with TRANSFER_GAS. Success is a call that did not revert and returned either nothing
    ///      (from a contract, as USDT does) or a first word equal to 1 (true). Only that word is ever copied.
    function _transfer(address token, address to, uint256 amount) private returns (bool) {
        bytes memory data = abi.encodeWithSelector(0xa9059cbb, to, amount);
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

    /// @dev The first REASON_BYTES bytes of the last call's return data (a failed call's error selector and
    ///      arguments), copied without letting a huge payload cost this frame unbounded memory.
    function _returnDataHead() private pure returns (bytes memory data) {
        uint256 size;
        assembly {
            size := returndatasize()
        }
        if (size > REASON_BYTES) size = REASON_BYTES;
        data = new bytes(size);
        assembly {
            returndatacopy(add(data, 0x20), 0, size)
        }
    }
}
