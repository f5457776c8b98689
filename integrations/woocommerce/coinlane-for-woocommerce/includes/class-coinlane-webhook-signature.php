<?php
/**
 * Coinlane's webhook signature: `Coinlane-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * with one v1 value per active secret (for 24 hours after a secret rotation the old and the new secret both sign).
 *
 * @package Coinlane_For_WooCommerce
 */

defined( 'ABSPATH' ) || exit;

/**
 * Verifies a delivery against the raw request body.
 */
final class Coinlane_Webhook_Signature {

	/** How far the signature's time may be from now, either way (seconds): older deliveries are refused as replays. */
	const TOLERANCE_SECONDS = 300;

	/**
	 * Checks a `Coinlane-Signature` header: one of its v1 values must be the HMAC-SHA256 of "<t>.<raw body>" under
	 * one of `$secrets` (compared with hash_equals, every candidate in full), and `t` must be within the tolerance
	 * of now.
	 *
	 * @param string          $raw_body  The request body exactly as received.
	 * @param string          $header    The Coinlane-Signature header.
	 * @param string|string[] $secrets   The endpoint secret (or several).
	 * @param int|null        $now       Unix time to check against (tests); default time().
	 * @param int             $tolerance Seconds.
	 * @return true|WP_Error WP_Error codes: coinlane_signature_malformed, _mismatch, _too_old, _too_new.
	 */
	public static function verify( $raw_body, $header, $secrets, $now = null, $tolerance = self::TOLERANCE_SECONDS ) {
		$secrets = array_values( array_filter( (array) $secrets, 'strlen' ) );
		$parsed  = self::parse( (string) $header );
		if ( null === $parsed || array() === $secrets ) {
			return new WP_Error(
				'coinlane_signature_malformed',
				array() === $secrets ? 'No webhook secret is configured' : 'No valid Coinlane-Signature header (expected t=<time>,v1=<signature>)'
			);
		}
		$signed  = $parsed['timestamp'] . '.' . $raw_body;
		$matched = false;
		foreach ( $secrets as $secret ) {
			$expected = hash_hmac( 'sha256', $signed, $secret );
			foreach ( $parsed['signatures'] as $candidate ) {
				// Every candidate is compared in full, whatever matched before.
				$matched = hash_equals( $expected, $candidate ) || $matched;
			}
		}
		if ( ! $matched ) {
			return new WP_Error( 'coinlane_signature_mismatch', 'The webhook signature does not match the configured secret' );
		}
		$now = null === $now ? time() : (int) $now;
		if ( $parsed['timestamp'] < $now - $tolerance ) {
			return new WP_Error( 'coinlane_signature_too_old', 'The webhook was signed too long ago: refused as a possible replay' );
		}
		if ( $parsed['timestamp'] > $now + $tolerance ) {
			return new WP_Error( 'coinlane_signature_too_new', 'The webhook is signed in the future: check this server\'s clock' );
		}
		return true;
	}

	/**
	 * The header's time and v1 signatures (lower-case hex), or null when either is missing.
	 *
	 * @param string $header The header.
	 * @return array{timestamp:int,signatures:string[]}|null
	 */
	private static function parse( $header ) {
		$timestamp  = null;
		$signatures = array();
		foreach ( explode( ',', $header ) as $part ) {
			$eq = strpos( $part, '=' );
			if ( false === $eq ) {
				continue;
			}
			$key   = trim( substr( $part, 0, $eq ) );
			$value = trim( substr( $part, $eq + 1 ) );
			if ( 't' === $key && preg_match( '/^\d{1,12}$/', $value ) ) {
				$timestamp = (int) $value;
			} elseif ( 'v1' === $key && preg_match( '/^[0-9a-fA-F]{64}$/', $value ) ) {
				$signatures[] = strtolower( $value );
			}
		}
		return null === $timestamp || array() === $signatures ? null : array(
			'timestamp'  => $timestamp,
			'signatures' => $signatures,
		);
	}
}
