// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title SwapMath: the arithmetic of SwapForwarder's on-chain minimum output (decision 024).
/// @notice A Uniswap V3 pool keeps its price as a tick t, the price of token0 in token1 being 1.0001^t, and its
///         oracle the running sum of the tick over time. The time-weighted average price of a window is therefore
///         1.0001^(mean tick). This library converts an amount at a tick, with a 512-bit multiply-divide so that no
///         intermediate product overflows. Written for Coinlane from the definitions (the constants below were
///         computed from 1.0001 with 200-digit decimal arithmetic); its tick-to-price map is tested equal to the
///         one a deployed pool uses (a pool initialised at sqrtPriceAtTick(t) reports tick t, at one unit less t - 1).
library SwapMath {
    /// @notice The ticks whose price a pool can hold: 1.0001^t must fit a Q64.96 square root.
    int24 internal constant MIN_TICK = -887272;
    int24 internal constant MAX_TICK = 887272;

    error TickOutOfRange(int24 tick);
    error MulDivOverflow();

    /// @notice sqrt(1.0001^tick) as a Q64.96 fixed-point number (x 2^96), rounded up.
    /// @dev With a = |tick|, 1.0001^(-a/2) = product over the set bits i of a of 1.0001^(-2^i/2); each factor is a
    ///      Q128 constant (2^128 / 1.0001^(2^(i-1)), rounded to nearest), so the product of up to 20 factors keeps
    ///      about 128 bits. A positive tick takes the reciprocal. The Q128 result is then brought to Q96 rounding
    ///      up, so that the price of a tick is never below the true value (the pool's convention: a price p lies at
    ///      the largest tick whose sqrtPriceAtTick is at most p).
    function sqrtPriceAtTick(int24 tick) internal pure returns (uint160) {
        if (tick < MIN_TICK || tick > MAX_TICK) revert TickOutOfRange(tick);
        uint256 a = tick < 0 ? uint256(-int256(tick)) : uint256(int256(tick));
        uint256 r = 1 << 128;
        unchecked {
            if (a & 0x1 != 0) r = (r * 0xfffcb933bd6fad37aa2d162d1a594001) >> 128;
            if (a & 0x2 != 0) r = (r * 0xfff97272373d413259a46990580e213a) >> 128;
            if (a & 0x4 != 0) r = (r * 0xfff2e50f5f656932ef12357cf3c7fdcc) >> 128;
            if (a & 0x8 != 0) r = (r * 0xffe5caca7e10e4e61c3624eaa0941cd0) >> 128;
            if (a & 0x10 != 0) r = (r * 0xffcb9843d60f6159c9db58835c926644) >> 128;
            if (a & 0x20 != 0) r = (r * 0xff973b41fa98c081472e6896dfb254c0) >> 128;
            if (a & 0x40 != 0) r = (r * 0xff2ea16466c96a3843ec78b326b52861) >> 128;
            if (a & 0x80 != 0) r = (r * 0xfe5dee046a99a2a811c461f1969c3053) >> 128;
            if (a & 0x100 != 0) r = (r * 0xfcbe86c7900a88aedcffc83b479aa3a4) >> 128;
            if (a & 0x200 != 0) r = (r * 0xf987a7253ac413176f2b074cf7815e54) >> 128;
            if (a & 0x400 != 0) r = (r * 0xf3392b0822b70005940c7a398e4b70f3) >> 128;
            if (a & 0x800 != 0) r = (r * 0xe7159475a2c29b7443b29c7fa6e889d9) >> 128;
            if (a & 0x1000 != 0) r = (r * 0xd097f3bdfd2022b8845ad8f792aa5825) >> 128;
            if (a & 0x2000 != 0) r = (r * 0xa9f746462d870fdf8a65dc1f90e061e5) >> 128;
            if (a & 0x4000 != 0) r = (r * 0x70d869a156d2a1b890bb3df62baf32f7) >> 128;
            if (a & 0x8000 != 0) r = (r * 0x31be135f97d08fd981231505542fcfa6) >> 128;
            if (a & 0x10000 != 0) r = (r * 0x9aa508b5b7a84e1c677de54f3e99bc9) >> 128;
            if (a & 0x20000 != 0) r = (r * 0x5d6af8dedb81196699c329225ee604) >> 128;
            if (a & 0x40000 != 0) r = (r * 0x2216e584f5fa1ea926041bedfe98) >> 128;
            if (a & 0x80000 != 0) r = (r * 0x48a170391f7dc42444e8fa2) >> 128;
            if (tick > 0) r = type(uint256).max / r;
            // Q128 -> Q96, rounding up; at MAX_TICK the result is below 2^160
            return uint160((r >> 32) + (r & 0xffffffff == 0 ? 0 : 1));
        }
    }

    /// @notice floor(a * b / d) with the product taken on 512 bits. Reverts when d is 0 or the result does not fit
    ///         256 bits.
    /// @dev The product is [hi lo] = hi * 2^256 + lo (lo = a * b mod 2^256; hi from the same product mod 2^256 - 1,
    ///      by the Chinese remainder theorem). Removing the remainder makes [hi lo] a multiple of d; removing the
    ///      powers of two common to d and [hi lo] leaves an odd d, which has an inverse modulo 2^256 (Newton's
    ///      iteration x' = x(2 - dx) doubles the number of correct low bits: 4, 8, ..., 256). The exact quotient is
    ///      below 2^256, so it is [hi lo] / 2^k times that inverse, modulo 2^256.
    function mulDiv(uint256 a, uint256 b, uint256 d) internal pure returns (uint256) {
        unchecked {
            uint256 lo = a * b;
            uint256 m = mulmod(a, b, type(uint256).max);
            uint256 hi = m - lo;
            if (m < lo) hi -= 1;
            if (hi == 0) {
                if (d == 0) revert MulDivOverflow();
                return lo / d;
            }
            if (d <= hi) revert MulDivOverflow();
            uint256 rem = mulmod(a, b, d);
            if (rem > lo) hi -= 1;
            lo -= rem;
            uint256 twos = d & (0 - d); // the largest power of two dividing d
            d /= twos;
            lo /= twos;
            // hi * 2^256 / twos, modulo 2^256 (0 when twos is 1)
            uint256 shift = ((0 - twos) / twos) + 1;
            lo |= hi * shift;
            uint256 inv = (3 * d) ^ 2; // correct on the low 4 bits: d * inv = 1 mod 16 for any odd d
            inv *= 2 - d * inv; // 8 bits
            inv *= 2 - d * inv; // 16
            inv *= 2 - d * inv; // 32
            inv *= 2 - d * inv; // 64
            inv *= 2 - d * inv; // 128
            inv *= 2 - d * inv; // 256
            return lo * inv;
        }
    }

    /// @notice `amount` of one token of a pool converted at `tick`: token0 -> token1 when `zeroForOne` (amount x
    ///         1.0001^tick), token1 -> token0 otherwise (amount / 1.0001^tick); rounded down.
    /// @dev price = s^2 / 2^192 with s = sqrtPriceAtTick(tick). While s < 2^128, s^2 fits 256 bits and one mulDiv
    ///      is exact; above it (ticks beyond about 443,636) the square is taken in Q128 first.
    function quoteAtTick(uint256 amount, int24 tick, bool zeroForOne) internal pure returns (uint256) {
        uint256 s = sqrtPriceAtTick(tick);
        if (s <= type(uint128).max) {
            uint256 p = s * s;
            return zeroForOne ? mulDiv(p, amount, 1 << 192) : mulDiv(1 << 192, amount, p);
        }
        uint256 q = mulDiv(s, s, 1 << 64);
        return zeroForOne ? mulDiv(q, amount, 1 << 128) : mulDiv(1 << 128, amount, q);
    }

    /// @notice The arithmetic mean of the tick over a window: (cumulative now - cumulative `seconds_` ago) /
    ///         `seconds_`, rounded toward negative infinity (as the tick of a price is: the mean of -1.5 is -2).
    function meanTick(int56 cumulativeBefore, int56 cumulativeNow, uint32 seconds_) internal pure returns (int24) {
        int256 delta = int256(cumulativeNow) - int256(cumulativeBefore);
        int256 span = int256(uint256(seconds_));
        int256 mean = delta / span;
        if (delta < 0 && delta % span != 0) mean -= 1;
        if (mean < MIN_TICK || mean > MAX_TICK) revert TickOutOfRange(mean < 0 ? MIN_TICK : MAX_TICK);
        return int24(mean);
    }
}
