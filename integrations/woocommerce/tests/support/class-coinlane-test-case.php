<?php
/**
 * Base of the unit tests: fresh stubs' state, the gateway with test settings, and a fake Coinlane API (a local
 * stand-in speaking Coinlane's envelope, named as such) in place of the HTTP transport.
 *
 * @package Coinlane_For_WooCommerce\Tests
 */

use PHPUnit\Framework\TestCase;

abstract class Coinlane_Test_Case extends TestCase {

	const SECRET = 'whsec_unit_test_secret';
	const KEY    = 'cl_test_unitkey';

	/**
	 * The fake Coinlane API's answers: "METHOD /path" => [status, data or error].
	 *
	 * @var array<string,array{0:int,1:array}>
	 */
	protected $fake_api = array();

	protected function setUp(): void {
		coinlane_test_reset();
		update_option(
			'woocommerce_coinlane_settings',
			array(
				'enabled'             => 'yes',
				'title'               => 'Pay with crypto',
				'server_url'          => 'https://coinlane.example',
				'coin'                => 'BTC:bitcoin',
				'testmode'            => 'yes',
				'test_api_key'        => self::KEY,
				'test_webhook_secret' => self::SECRET,
				'live_api_key'        => '',
				'live_webhook_secret' => '',
			)
		);
		$this->fake_api                 = array();
		$GLOBALS['coinlane_test_http'] = function ( $url, $args ) {
			$path = substr( $url, strlen( 'https://coinlane.example/api/v1' ) );
			$key  = $args['method'] . ' ' . $path;
			if ( ! isset( $this->fake_api[ $key ] ) ) {
				return array(
					'body'     => wp_json_encode(
						array(
							'success' => false,
							'data'    => null,
							'error'   => array(
								'message' => 'Not found',
								'code'    => 'NOT_FOUND',
							),
						)
					),
					'response' => array( 'code' => 404 ),
				);
			}
			list( $status, $payload ) = $this->fake_api[ $key ];
			$ok                       = $status >= 200 && $status < 300;
			return array(
				'body'     => wp_json_encode(
					array(
						'success' => $ok,
						'data'    => $ok ? $payload : null,
						'error'   => $ok ? null : $payload,
					)
				),
				'response' => array( 'code' => $status ),
			);
		};
	}

	protected function gateway(): WC_Gateway_Coinlane {
		return new WC_Gateway_Coinlane();
	}

	/** An order paid with Coinlane: 49.90 EUR by default, pending. */
	protected function order( string $total = '49.90', string $currency = 'EUR' ): WC_Order {
		$order = new WC_Order();
		$order->set_total( $total );
		$order->set_currency( $currency );
		$order->set_payment_method( 'coinlane' );
		return $order;
	}

	/** A payment as GET /payments/{id} returns it (the fields the plugin reads), for `$order`'s link. */
	protected function payment( array $changes = array() ): array {
		return array_merge(
			array(
				'id'              => 'pay_unit1',
				'mode'            => 'test',
				'status'          => 'pending',
				'exception'       => 'none',
				'canAccept'       => false,
				'amount'          => '0.001',
				'amountReceived'  => '0',
				'amountConfirmed' => '0',
				'amountRemaining' => '0.001',
				'amountExcess'    => '0',
				'currency'        => 'BTC',
				'network'         => 'bitcoin',
				'networkName'     => 'Bitcoin',
				'decimals'        => 8,
				'txHash'          => null,
				'fiatAmount'      => '49.90',
				'fiatCurrency'    => 'EUR',
				'paymentLinkId'   => 'lnk_unit1',
				'metadata'        => array(
					'paymentLinkId' => 'lnk_unit1',
					'source'        => 'payment_widget',
				),
			),
			$changes
		);
	}

	/** The payment link of `$order`, as GET /payment-links/{id} returns it. */
	protected function link( WC_Order $order, array $changes = array() ): array {
		return array_merge(
			array(
				'id'       => 'lnk_unit1',
				'mode'     => 'test',
				'url'      => 'https://coinlane.example/payment/lnk_unit1',
				'amount'   => '0.001',
				'currency' => 'BTC',
				'network'  => 'bitcoin',
				'metadata' => array(
					'orderId' => (string) $order->get_id(),
					'plugin'  => 'coinlane-for-woocommerce',
				),
			),
			$changes
		);
	}

	/** `$order` as process_payment leaves it: link lnk_unit1 created in test mode. */
	protected function with_link( WC_Order $order ): WC_Order {
		$order->update_meta_data( WC_Gateway_Coinlane::META_LINK_IDS, array( 'lnk_unit1' ) );
		$order->update_meta_data( WC_Gateway_Coinlane::META_LINK_ID, 'lnk_unit1' );
		$order->update_meta_data( WC_Gateway_Coinlane::META_MODE, 'test' );
		return $order;
	}

	/** The Coinlane API answers GET /payments/{id} and GET /payment-links/{id} with these. */
	protected function serve( array $payment, array $link ): void {
		$this->fake_api[ 'GET /payments/' . $payment['id'] ]   = array( 200, $payment );
		$this->fake_api[ 'GET /payment-links/' . $link['id'] ] = array( 200, $link );
	}

	/** A webhook body and its signature header, as Coinlane's server makes them (core webhook-signature.ts). */
	protected function delivery( string $type, array $data, string $event_id = 'evt_unit1', array $secrets = array( self::SECRET ), ?int $t = null ): array {
		$body   = wp_json_encode(
			array(
				'id'        => $event_id,
				'type'      => $type,
				'createdAt' => '2026-12-01T10:00:00.000Z',
				'mode'      => 'test',
				'data'      => $data,
			)
		);
		$t      = null === $t ? time() : $t;
		$header = 't=' . $t;
		foreach ( $secrets as $secret ) {
			$header .= ',v1=' . hash_hmac( 'sha256', $t . '.' . $body, $secret );
		}
		return array( $body, $header );
	}

	/** Handles a delivery with the gateway's webhook handler. */
	protected function deliver( array $delivery ): array {
		return ( new Coinlane_Webhook_Handler( $this->gateway() ) )->handle( $delivery[0], $delivery[1] );
	}

	/** The notes of an order, as text. */
	protected function notes( WC_Order $order, bool $customer = false ): array {
		$out = array();
		foreach ( $order->notes as $note ) {
			if ( $note['customer'] === $customer ) {
				$out[] = $note['note'];
			}
		}
		return $out;
	}

	/** The requests made to the (fake) Coinlane API. */
	protected function requests(): array {
		return $GLOBALS['coinlane_test']['requests'];
	}
}
