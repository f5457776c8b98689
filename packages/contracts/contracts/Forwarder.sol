// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Forwarder: a deposit address whose funds can only ever go to one merchant address.
/// @notice Deployed only as an EIP-1167 clone by ForwarderFactory, which initialises it with the merchant in the
///         same call. Anyone may call `flush`; it moves this contract's whole ETH balance and the whole balance of
///         each named token to `merchant`, and there is no other way for funds to leave. No owner, no upgrade, no
///         selfdestruct, no state change while flushing.
contract Forwarder {
    /// @notice The factory that deployed the implementation (an immutable, so clones read the same value).
    address public immutable factory;
    /// @notice Where every flushed coin and token goes. Set once by the factory; zero in the implementation.
    address public merchant;

    /// @notice One asset moved to the merchant (`token` is address(0) for ETH).
    event Forwarded(address indexed token, uint256 amount);

    error NotFactory();
    error AlreadyInitialized();
    error ZeroMerchant();
    error NotInitialized();
    error EthTransferFailed();
    error TokenCallFailed(address token);

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
    ///         Callable by anyone: the destination is fixed. Tokens with a zero balance are skipped. Tokens that
    ///         return nothing from `transfer` (USDT) are accepted; a token that returns false or reverts makes the
    ///         whole flush revert (nothing moves).
    function flush(address[] calldata tokens) external {
        address to = merchant;
        if (to == address(0)) revert NotInitialized();
        uint256 eth = address(this).balance;
        if (eth > 0) {
            (bool ok,) = to.call{value: eth}("");
            if (!ok) revert EthTransferFailed();
            emit Forwarded(address(0), eth);
        }
        for (uint256 i = 0; i < tokens.length; ++i) {
            address token = tokens[i];
            uint256 amount = _balanceOf(token);
            if (amount > 0) {
                _transfer(token, to, amount);
                emit Forwarded(token, amount);
            }
        }
    }

    function _balanceOf(address token) private view returns (uint256) {
        (bool ok, bytes memory ret) = token.staticcall(abi.encodeWithSelector(0x70a08231, address(this)));
        if (!ok || ret.length < 32) revert TokenCallFailed(token);
        return abi.decode(ret, (uint256));
    }

    /// @dev ERC-20 `transfer` through a low-level call: success is a call that did not revert and returned either
    ///      nothing (from a contract, as USDT does) or a word equal to 1 (true).
    function _transfer(address token, address to, uint256 amount) private {
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        bool accepted = ok && (ret.length == 0 ? token.code.length > 0 : (ret.length >= 32 && abi.decode(ret, (uint256)) == 1));
        if (!accepted) revert TokenCallFailed(token);
    }
}
