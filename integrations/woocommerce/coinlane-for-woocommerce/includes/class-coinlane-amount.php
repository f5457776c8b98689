<?php
/**
 * Exact decimal amounts, as strings: Coinlane sends every amount as a decimal string ("0.0025", "49.90"), and
 * an 18-decimal token amount does not fit a PHP integer or float. Nothing here uses floating point.
 *
 * @package Coinlane_For_WooCommerce
 */

defined( 'ABSPATH' ) || exit;

/**
 * Decimal strings: parsing, comparing, base units and proportions.
 */
final class Coinlane_Amount {

	/**
	 * The minor unit of each fiat currency Coinlane prices in (its fiatCurrency list).
	 */
	const FIAT_DECIMALS = array(
		'USD' => 2,
		'EUR' => 2,
		'GBP' => 2,
		'JPY' => 0,
		'CAD' => 2,
		'AUD' => 2,
		'CHF' => 2,
		'CNY' => 2,
	);

	/**
	 * Whether Coinlane can price an order in this currency.
	 *
	 * @param string $currency ISO 4217 code.
	 */
	public static function is_fiat_supported( $currency ) {
		return isset( self::FIAT_DECIMALS[ strtoupper( (string) $currency ) ] );
	}

	/**
	 * A non-negative decimal string in its shortest form ("049.900" → "49.9", "0.000" → "0"), or null when the
	 * value is not a plain non-negative decimal.
	 *
	 * @param mixed $value The amount.
	 * @return string|null
	 */
	public static function normalize( $value ) {
		if ( ! is_string( $value ) && ! is_int( $value ) ) {
			return null;
		}
		$value = trim( (string) $value );
		if ( ! preg_match( '/^(\d+)(?:\.(\d+))?$/', $value, $m ) ) {
			return null;
		}
		$whole    = ltrim( $m[1], '0' );
		$fraction = rtrim( isset( $m[2] ) ? $m[2] : '', '0' );
		$whole    = '' === $whole ? '0' : $whole;
		return '' === $fraction ? $whole : $whole . '.' . $fraction;
	}

	/**
	 * Compares two non-negative decimal strings: -1, 0 or 1.
	 *
	 * @param string $a One amount.
	 * @param string $b The other.
	 * @return int
	 * @throws InvalidArgumentException When either is not a decimal.
	 */
	public static function compare( $a, $b ) {
		$a = self::normalize( $a );
		$b = self::normalize( $b );
		if ( null === $a || null === $b ) {
			throw new InvalidArgumentException( 'Not a decimal amount' );
		}
		$pa    = explode( '.', $a . '.' );
		$pb    = explode( '.', $b . '.' );
		$width = max( strlen( $pa[1] ), strlen( $pb[1] ) );
		$ia    = $pa[0] . str_pad( $pa[1], $width, '0' );
		$ib    = $pb[0] . str_pad( $pb[1], $width, '0' );
		$ia    = ltrim( $ia, '0' );
		$ib    = ltrim( $ib, '0' );
		if ( strlen( $ia ) !== strlen( $ib ) ) {
			return strlen( $ia ) < strlen( $ib ) ? -1 : 1;
		}
		return strcmp( $ia, $ib ) <=> 0;
	}

	/**
	 * A decimal string in base units (an integer string): "0.0025" with 8 decimals → "250000".
	 *
	 * @param string $amount   The amount.
	 * @param int    $decimals The coin's decimals.
	 * @return string
	 * @throws InvalidArgumentException When the amount is not a decimal or has more decimals than the coin.
	 */
	public static function to_units( $amount, $decimals ) {
		$normal = self::normalize( $amount );
		if ( null === $normal ) {
			throw new InvalidArgumentException( 'Not a decimal amount' );
		}
		$parts = explode( '.', $normal . '.' );
		if ( strlen( $parts[1] ) > $decimals ) {
			throw new InvalidArgumentException( 'More decimals than the currency has' );
		}
		$units = ltrim( $parts[0] . str_pad( $parts[1], $decimals, '0' ), '0' );
		return '' === $units ? '0' : $units;
	}

	/**
	 * Base units back to a decimal string: "250000" with 8 decimals → "0.0025".
	 *
	 * @param string $units    An integer string.
	 * @param int    $decimals The coin's decimals.
	 * @return string
	 */
	public static function from_units( $units, $decimals ) {
		$units = ltrim( (string) $units, '0' );
		$units = str_pad( $units, $decimals + 1, '0', STR_PAD_LEFT );
		$whole = substr( $units, 0, strlen( $units ) - $decimals );
		$frac  = $decimals > 0 ? substr( $units, -$decimals ) : '';
		return (string) self::normalize( '' === $frac ? $whole : $whole . '.' . $frac );
	}

	/**
	 * floor( units × numerator / denominator ), exactly, for an integer string of any length and two positive
	 * integers below 10^15 (fiat amounts in minor units).
	 *
	 * @param string $units       An integer string.
	 * @param int    $numerator   Multiplier.
	 * @param int    $denominator Divisor (> 0).
	 * @return string
	 */
	public static function proportion( $units, $numerator, $denominator ) {
		if ( $denominator <= 0 || $numerator < 0 || $numerator >= 1e15 || $denominator >= 1e15 ) {
			throw new InvalidArgumentException( 'Proportion out of range' );
		}
		// Multiply digit by digit from the right, carrying (each step stays below 10 × 10^15).
		$digits  = str_split( strrev( (string) $units ) );
		$product = '';
		$carry   = 0;
		foreach ( $digits as $digit ) {
			$step     = (int) $digit * $numerator + $carry;
			$product .= (string) ( $step % 10 );
			$carry    = intdiv( $step, 10 );
		}
		while ( $carry > 0 ) {
			$product .= (string) ( $carry % 10 );
			$carry    = intdiv( $carry, 10 );
		}
		// Long division from the left (the remainder stays below the denominator).
		$quotient  = '';
		$remainder = 0;
		foreach ( str_split( strrev( $product ) ) as $digit ) {
			$current   = $remainder * 10 + (int) $digit;
			$quotient .= (string) intdiv( $current, $denominator );
			$remainder = $current % $denominator;
		}
		$quotient = ltrim( $quotient, '0' );
		return '' === $quotient ? '0' : $quotient;
	}
}
