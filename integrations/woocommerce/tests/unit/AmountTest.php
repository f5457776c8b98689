<?php
/**
 * Exact decimal strings: no float ever touches an amount.
 *
 * @package Coinlane_For_WooCommerce\Tests
 */

use PHPUnit\Framework\TestCase;

final class AmountTest extends TestCase {

	public function test_normalize_and_compare(): void {
		$this->assertSame( '49.9', Coinlane_Amount::normalize( '049.900' ) );
		$this->assertSame( '0', Coinlane_Amount::normalize( '0.000' ) );
		$this->assertNull( Coinlane_Amount::normalize( '-1' ) );
		$this->assertNull( Coinlane_Amount::normalize( '1e5' ) );
		$this->assertNull( Coinlane_Amount::normalize( 1.5 ), 'a float is never taken as an amount' );
		$this->assertSame( 0, Coinlane_Amount::compare( '49.90', '49.9' ) );
		$this->assertSame( -1, Coinlane_Amount::compare( '0.00099999', '0.001' ) );
		$this->assertSame( 1, Coinlane_Amount::compare( '10', '9.999999999999999999' ) );
		$this->assertSame( 1, Coinlane_Amount::compare( '123456789012345678901234567890.1', '123456789012345678901234567890' ) );
	}

	public function test_base_units_both_ways(): void {
		$this->assertSame( '250000', Coinlane_Amount::to_units( '0.0025', 8 ) );
		$this->assertSame( '12345678901234567890123', Coinlane_Amount::to_units( '12345.678901234567890123', 18 ) );
		$this->assertSame( '0.0025', Coinlane_Amount::from_units( '250000', 8 ) );
		$this->assertSame( '12345.678901234567890123', Coinlane_Amount::from_units( '12345678901234567890123', 18 ) );
		$this->assertSame( '1500', Coinlane_Amount::from_units( '1500', 0 ) );
		$this->expectException( InvalidArgumentException::class );
		Coinlane_Amount::to_units( '0.123456789', 8 );
	}

	public function test_a_proportion_is_exact_and_rounded_down(): void {
		// 10.00 of 49.90 of 0.001 BTC = 0.00020040... → 20040 sats (floor of 20040.08).
		$this->assertSame( '20040', Coinlane_Amount::proportion( '100000', 1000, 4990 ) );
		// 18 decimals beyond 64-bit integers: 1/3 of 100 ETH in wei.
		$this->assertSame( '33333333333333333333', Coinlane_Amount::proportion( '100000000000000000000', 1, 3 ) );
		$this->assertSame( '100000000000000000000', Coinlane_Amount::proportion( '100000000000000000000', 4990, 4990 ) );
		$this->assertSame( '0', Coinlane_Amount::proportion( '1', 1, 4990 ) );
	}
}
