// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {SwapMath} from "./SwapMath.sol";

/// @title TestWETH9: the wrapped native coin as WETH9 behaves (deposit, withdraw, ERC-20). FOR TESTS ONLY: the
///        official Uniswap npm packages ship no WETH9 artifact, so tests deploy this one under their router and pools.
contract TestWETH9 {
    string public constant name = "Wrapped Ether";
    string public constant symbol = "WETH";
    uint8 public constant decimals = 18;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Deposit(address indexed to, uint256 value);
    event Withdrawal(address indexed from, uint256 value);

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        require(balanceOf[msg.sender] >= amount, "balance");
        balanceOf[msg.sender] -= amount;
        (bool ok,) = msg.sender.call{value: amount}("");
        require(ok, "send");
        emit Withdrawal(msg.sender, amount);
    }

    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        return transferFrom(msg.sender, to, amount);
    }

    function transferFrom(address from, address to, uint256 amount) public returns (bool) {
        require(balanceOf[from] >= amount, "balance");
        if (from != msg.sender && allowance[from][msg.sender] != type(uint256).max) {
            require(allowance[from][msg.sender] >= amount, "allowance");
            allowance[from][msg.sender] -= amount;
        }
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
        return true;
    }
}

/// @title UsdtLikeTestToken: an ERC-20 with USDT's quirks. FOR TESTS ONLY (anyone can mint): `transfer`,
///        `transferFrom` and `approve` return nothing, and `approve` refuses to change a non-zero allowance to another
///        non-zero value (set it to 0 first).
contract UsdtLikeTestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

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
        _move(msg.sender, to, amount);
    }

    function approve(address spender, uint256 amount) external {
        require(amount == 0 || allowance[msg.sender][spender] == 0, "approve from non-zero");
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
    }

    function transferFrom(address from, address to, uint256 amount) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _move(from, to, amount);
    }

    function _move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// @title SwapMathHarness: SwapMath's functions, callable. FOR TESTS ONLY (its results are checked against a
///        deployed Uniswap V3 pool and against exact arithmetic).
contract SwapMathHarness {
    function sqrtPriceAtTick(int24 tick) external pure returns (uint160) {
        return SwapMath.sqrtPriceAtTick(tick);
    }

    function mulDiv(uint256 a, uint256 b, uint256 d) external pure returns (uint256) {
        return SwapMath.mulDiv(a, b, d);
    }

    function quoteAtTick(uint256 amount, int24 tick, bool zeroForOne) external pure returns (uint256) {
        return SwapMath.quoteAtTick(amount, tick, zeroForOne);
    }

    function meanTick(int56 cumulativeBefore, int56 cumulativeNow, uint32 seconds_) external pure returns (int24) {
        return SwapMath.meanTick(cumulativeBefore, cumulativeNow, seconds_);
    }
}

/// @title HostileTestToken: an ERC-20 that can turn hostile. FOR TESTS ONLY (anyone can mint or switch it): while
///        `hostile` is set, `transfer` and `transferFrom` burn every unit of gas they are given (the worst a token in
///        a swap's path or a deposit address can do to a flush: a pool's swap of it runs out of gas).
contract HostileTestToken {
    uint8 public constant decimals = 18;
    bool public hostile;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function setHostile(bool hostile_) external {
        hostile = hostile_;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _move(from, to, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        if (hostile) {
            uint256 x;
            while (gasleft() > 0) x += 1;
            if (x == 0) hostile = false; // never reached: keeps the loop from being optimised away
        }
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
