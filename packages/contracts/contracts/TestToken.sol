// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title TestToken: a plain ERC-20 with configurable decimals and a public mint. FOR TESTS ONLY: anyone can mint,
///        pause it or block an address (as USDC's and USDT's issuers can: a paused token, a blacklisted merchant).
contract TestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    bool public paused;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public blocked;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error Paused();
    error Blocked(address account);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// @notice Tests only: every transfer reverts while paused.
    function setPaused(bool paused_) external {
        paused = paused_;
    }

    /// @notice Tests only: transfers from or to a blocked address revert (an issuer's blacklist).
    function setBlocked(address account, bool blocked_) external {
        blocked[account] = blocked_;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) internal {
        if (paused) revert Paused();
        if (blocked[from]) revert Blocked(from);
        if (blocked[to]) revert Blocked(to);
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// @title NoReturnTestToken: like USDT, `transfer` and `transferFrom` return nothing. FOR TESTS ONLY.
contract NoReturnTestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
    }
}

/// @title GasBurner: FOR TESTS ONLY. As a merchant address, its `receive` burns `burn` gas (all it gets when `burn`
///        is larger) before accepting ETH, or refuses ETH when `refuse` is set. As a token, `balanceOf` reports
///        `fakeBalance` and `transfer` burns `burn` gas and returns true: the worst a hostile token can do to a flush.
contract GasBurner {
    uint256 public burn;
    bool public refuse;
    uint256 public fakeBalance;

    function set(uint256 burn_, bool refuse_, uint256 fakeBalance_) external {
        burn = burn_;
        refuse = refuse_;
        fakeBalance = fakeBalance_;
    }

    receive() external payable {
        require(!refuse, "refused");
        _burn();
    }

    function balanceOf(address) external view returns (uint256) {
        uint256 start = gasleft();
        uint256 limit = burn;
        while (start - gasleft() < limit) {}
        return fakeBalance;
    }

    function transfer(address, uint256) external returns (bool) {
        _burn();
        return true;
    }

    function _burn() private {
        uint256 start = gasleft();
        uint256 limit = burn;
        uint256 x;
        while (start - gasleft() < limit) {
            x += 1;
        }
        if (x == type(uint256).max) burn = 0; // never true: keeps the loop from being optimised away
    }
}
