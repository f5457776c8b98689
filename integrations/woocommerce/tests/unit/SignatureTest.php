<?php
/**
 * The webhook signature: HMAC-SHA256 of "<t>.<raw body>", several v1 values, five minutes' tolerance.
 *
 * @package Coinlane_For_WooCommerce\Tests
 */

use PHPUnit\Framework\TestCase;

final class SignatureTest extends TestCase {

	const BODY   = '{"id":"evt_1","type":"payment.confirmed","createdAt":"2026-12-01T10:00:00.000Z","mode":"test","data":{"id":"pay_1"}}';
	const SECRET = 'whsec_abc';
	const NOW    = 1795000000;

	private function sign( string $body, string $secret, int $t ): string {
		return hash_hmac( 'sha256', $t . '.' . $body, $secret );
	}

	public function test_a_signature_of_the_raw_body_under_the_secret_is_accepted(): void {
		$header = 't=' . self::NOW . ',v1=' . $this->sign( self::BODY, self::SECRET, self::NOW );
		$this->assertTrue( Coinlane_Webhook_Signature::verify( self::BODY, $header, self::SECRET, self::NOW ) );
	}

	public function test_the_value_computed_by_coinlanes_server_code_is_accepted(): void {
		// signWebhook('{"a":1}', 'whsec_test', 1700000000) in packages/core/src/webhook-signature.ts.
		$header = 't=1700000000,v1=' . hash_hmac( 'sha256', '1700000000.{"a":1}', 'whsec_test' );
		$this->assertTrue( Coinlane_Webhook_Signature::verify( '{"a":1}', $header, 'whsec_test', 1700000100 ) );
	}

	public function test_during_a_secret_rotation_any_v1_value_may_match(): void {
		$new    = $this->sign( self::BODY, 'whsec_new', self::NOW );
		$old    = $this->sign( self::BODY, self::SECRET, self::NOW );
		$header = 't=' . self::NOW . ',v1=' . $new . ',v1=' . $old;
		$this->assertTrue( Coinlane_Webhook_Signature::verify( self::BODY, $header, self::SECRET, self::NOW ), 'the store still holds the old secret' );
		$this->assertTrue( Coinlane_Webhook_Signature::verify( self::BODY, $header, 'whsec_new', self::NOW ), 'the store holds the new secret' );
		$this->assertTrue( Coinlane_Webhook_Signature::verify( self::BODY, ' t=' . self::NOW . ' , v1=' . strtoupper( $old ), self::SECRET, self::NOW ), 'spaces and upper-case hex' );
	}

	public function test_another_secret_is_refused(): void {
		$header = 't=' . self::NOW . ',v1=' . $this->sign( self::BODY, 'whsec_other', self::NOW );
		$result = Coinlane_Webhook_Signature::verify( self::BODY, $header, self::SECRET, self::NOW );
		$this->assertInstanceOf( WP_Error::class, $result );
		$this->assertSame( 'coinlane_signature_mismatch', $result->get_error_code() );
	}

	public function test_a_changed_body_is_refused(): void {
		$header  = 't=' . self::NOW . ',v1=' . $this->sign( self::BODY, self::SECRET, self::NOW );
		$changed = str_replace( 'pay_1', 'pay_2', self::BODY );
		$this->assertSame( 'coinlane_signature_mismatch', Coinlane_Webhook_Signature::verify( $changed, $header, self::SECRET, self::NOW )->get_error_code() );
		// Re-encoding the same JSON changes the bytes: the raw body is what is signed.
		$reencoded = json_encode( json_decode( self::BODY, true ), JSON_PRETTY_PRINT );
		$this->assertSame( 'coinlane_signature_mismatch', Coinlane_Webhook_Signature::verify( $reencoded, $header, self::SECRET, self::NOW )->get_error_code() );
	}

	public function test_a_signature_moved_to_another_time_is_refused(): void {
		$header = 't=' . ( self::NOW + 1 ) . ',v1=' . $this->sign( self::BODY, self::SECRET, self::NOW );
		$this->assertSame( 'coinlane_signature_mismatch', Coinlane_Webhook_Signature::verify( self::BODY, $header, self::SECRET, self::NOW )->get_error_code() );
	}

	public function test_a_signature_older_or_newer_than_five_minutes_is_refused(): void {
		$t_old  = self::NOW - 301;
		$header = 't=' . $t_old . ',v1=' . $this->sign( self::BODY, self::SECRET, $t_old );
		$this->assertSame( 'coinlane_signature_too_old', Coinlane_Webhook_Signature::verify( self::BODY, $header, self::SECRET, self::NOW )->get_error_code() );

		$t_edge = self::NOW - 300;
		$header = 't=' . $t_edge . ',v1=' . $this->sign( self::BODY, self::SECRET, $t_edge );
		$this->assertTrue( Coinlane_Webhook_Signature::verify( self::BODY, $header, self::SECRET, self::NOW ), 'exactly five minutes is still accepted' );

		$t_new  = self::NOW + 301;
		$header = 't=' . $t_new . ',v1=' . $this->sign( self::BODY, self::SECRET, $t_new );
		$this->assertSame( 'coinlane_signature_too_new', Coinlane_Webhook_Signature::verify( self::BODY, $header, self::SECRET, self::NOW )->get_error_code() );
	}

	public function test_a_malformed_header_or_no_secret_is_refused(): void {
		$good = $this->sign( self::BODY, self::SECRET, self::NOW );
		foreach ( array( '', 'v1=' . $good, 't=' . self::NOW, 't=abc,v1=' . $good, 't=' . self::NOW . ',v1=xyz', 't=' . self::NOW . ',v0=' . $good, 'garbage' ) as $header ) {
			$result = Coinlane_Webhook_Signature::verify( self::BODY, $header, self::SECRET, self::NOW );
			$this->assertInstanceOf( WP_Error::class, $result, $header );
			$this->assertSame( 'coinlane_signature_malformed', $result->get_error_code(), $header );
		}
		$header = 't=' . self::NOW . ',v1=' . $good;
		$this->assertSame( 'coinlane_signature_malformed', Coinlane_Webhook_Signature::verify( self::BODY, $header, '', self::NOW )->get_error_code() );
		$this->assertSame( 'coinlane_signature_malformed', Coinlane_Webhook_Signature::verify( self::BODY, $header, array(), self::NOW )->get_error_code() );
	}
}
