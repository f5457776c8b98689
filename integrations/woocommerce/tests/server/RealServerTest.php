<?php
/**
 * The plugin against a real Coinlane server (started by woocommerce.test.ts, which passes its URL and a test API
 * key): the merchant's setup (webhook endpoint, secret), an order paid through a real payment link on the test
 * network, the real webhook deliveries received on a socket here and handled by the plugin, and a refund.
 *
 * Only WordPress and WooCommerce are stubs (tests/stubs); every HTTP exchange with Coinlane is real.
 *
 * @package Coinlane_For_WooCommerce\Tests
 */

use PHPUnit\Framework\TestCase;

final class RealServerTest extends TestCase {

	/** How long to wait for one delivery before giving up (a guard, not a measured time). */
	const DELIVERY_WAIT_SECONDS = 60;

	/** @var string */
	private $url;
	/** @var string */
	private $key;
	/** @var resource The store's webhook endpoint: a socket on 127.0.0.1. */
	private $receiver;

	protected function setUp(): void {
		$this->url = (string) getenv( 'COINLANE_TEST_URL' );
		$this->key = (string) getenv( 'COINLANE_TEST_API_KEY' );
		if ( '' === $this->url || '' === $this->key ) {
			$this->markTestSkipped( 'COINLANE_TEST_URL and COINLANE_TEST_API_KEY are not set: woocommerce.test.ts starts a Coinlane server and sets them' );
		}
		coinlane_test_reset();
		$this->receiver = stream_socket_server( 'tcp://127.0.0.1:0', $errno, $errstr );
		$this->assertNotFalse( $this->receiver, $errstr );
	}

	protected function tearDown(): void {
		if ( is_resource( $this->receiver ) ) {
			fclose( $this->receiver );
		}
	}

	public function test_an_order_is_paid_through_a_real_payment_link_and_real_webhooks(): void {
		// The five-minute path: the merchant points Coinlane's test webhook at the store and copies the secret.
		$port        = (int) substr( strrchr( stream_socket_get_name( $this->receiver, false ), ':' ), 1 );
		$webhook_url = 'http://127.0.0.1:' . $port . '/?wc-api=coinlane';
		$admin       = new Coinlane_Api( $this->url, $this->key );
		$saved       = $admin->request(
			'PUT',
			'/webhooks/config',
			array(
				'url'    => $webhook_url,
				'events' => array( 'payment.partial', 'payment.confirmed', 'refund.paid' ),
			)
		);
		$this->assertIsArray( $saved, is_wp_error( $saved ) ? $saved->get_error_message() : '' );
		$config = $admin->request( 'GET', '/webhooks/config' );
		$this->assertStringStartsWith( 'whsec_', $config['secret'] );
		update_option(
			'woocommerce_coinlane_settings',
			array(
				'enabled'             => 'yes',
				'server_url'          => $this->url,
				'coin'                => 'BTC:bitcoin',
				'testmode'            => 'yes',
				'test_api_key'        => $this->key,
				'test_webhook_secret' => $config['secret'],
			)
		);
		$gateway = new WC_Gateway_Coinlane();
		$this->assertTrue( $gateway->is_available() );

		// The customer checks out: the order becomes a payment link on the real server.
		$order = new WC_Order();
		$order->set_total( '49.90' );
		$order->set_currency( 'EUR' );
		$order->set_payment_method( 'coinlane' );
		$result = $gateway->process_payment( $order->get_id() );
		$this->assertSame( 'success', $result['result'], wp_json_encode( $GLOBALS['coinlane_test']['notices'] ) );
		$link_id = $order->get_meta( WC_Gateway_Coinlane::META_LINK_ID );
		$this->assertStringStartsWith( 'lnk_', $link_id );
		$this->assertStringEndsWith( '/payment/' . $link_id, $result['redirect'] );
		$link = $admin->get_payment_link( $link_id );
		$this->assertSame( '49.90', $link['fiatAmount'] );
		$this->assertSame( 'EUR', $link['fiatCurrency'] );
		$this->assertSame( (string) $order->get_id(), $link['metadata']['orderId'] );
		// The hosted page will send the customer back to the order's "order received" page.
		$received = 'https://shop.example/checkout/order-received/' . $order->get_id() . '/?key=' . $order->get_order_key();
		$this->assertSame( $received, $link['returnUrl'] );

		// On the hosted page: the attempt starts, and the test panel pays less than half.
		$checkout = $this->post_json( '/checkout/' . rawurlencode( $link_id ), null );
		$this->assertSame( $received, $checkout['link']['returnUrl'] );
		$payment  = $checkout['payment'];
		$this->assertSame( 'pending', $payment['status'] );
		$units = Coinlane_Amount::to_units( $payment['amount'], 8 );
		$part  = Coinlane_Amount::from_units( Coinlane_Amount::proportion( $units, 2, 5 ), 8 );
		$still = Coinlane_Amount::from_units( (string) ( (int) $units - (int) Coinlane_Amount::to_units( $part, 8 ) ), 8 );
		$this->post_json( '/checkout/' . rawurlencode( $link_id ) . '/simulate', array( 'amount' => $part ) );

		$partial = $this->receive_until( $gateway, 'payment.partial' );
		$this->assertSame( 200, $partial['answer']['status'], $partial['answer']['message'] );
		$this->assertSame( 'on-hold', $order->get_status() );
		$this->assertStringContainsString( $part . ' of ' . $payment['amount'] . ' BTC received, ' . $still . ' BTC still due', implode( "\n", array_column( $order->notes, 'note' ) ) );

		// The rest: the test network confirms it (woocommerce.test.ts runs its clock), payment.confirmed arrives.
		$this->post_json( '/checkout/' . rawurlencode( $link_id ) . '/simulate', array() );
		$confirmed = $this->receive_until( $gateway, 'payment.confirmed' );
		$this->assertSame( 200, $confirmed['answer']['status'], $confirmed['answer']['message'] );
		$this->assertSame( 'processing', $order->get_status() );
		$this->assertSame( $payment['id'], $order->get_transaction_id() );

		// A second delivery of the same event (as a retry would be) changes nothing.
		$notes = count( $order->notes );
		$again = ( new Coinlane_Webhook_Handler( $gateway ) )->handle( $confirmed['body'], $confirmed['signature'] );
		$this->assertSame( 200, $again['status'] );
		$this->assertStringContainsString( 'Already handled', $again['message'] );
		$this->assertCount( $notes, $order->notes );

		// A body changed on the way is refused with the real signature.
		$forged = ( new Coinlane_Webhook_Handler( $gateway ) )->handle( str_replace( '"payment.confirmed"', '"payment.partial"', $confirmed['body'] ), $confirmed['signature'] );
		$this->assertSame( 400, $forged['status'] );

		// The merchant refunds 10.00 EUR of it: a real refund request of the share in BTC, rounded down.
		$order->refunds[] = new WC_Order_Refund( 901, '10.00' );
		$refunded         = $gateway->process_refund( $order->get_id(), 10.00, 'Returned item' );
		$this->assertTrue( $refunded, is_wp_error( $refunded ) ? $refunded->get_error_message() : '' );
		$refunds  = $admin->list_refunds( $payment['id'] );
		$expected = Coinlane_Amount::from_units( Coinlane_Amount::proportion( $units, 1000, 4990 ), 8 );
		$this->assertSame( $expected, $refunds['refunds'][0]['amount'] );
		$this->assertSame( 'awaiting_address', $refunds['refunds'][0]['status'] );
		$customer = array_values( array_filter( $order->notes, fn( $n ) => $n['customer'] ) );
		$this->assertCount( 1, $customer );
		$this->assertStringContainsString( '/refund?token=', $customer[0]['note'] );

		file_put_contents( (string) getenv( 'COINLANE_TEST_REPORT' ), wp_json_encode( array( 'orderId' => $order->get_id(), 'linkId' => $link_id, 'paymentId' => $payment['id'], 'refundId' => $refunds['refunds'][0]['id'] ) ) );
	}

	/**
	 * A public call of the hosted page (no key), through the WordPress HTTP API like every other call.
	 *
	 * @param string     $path Under /api/v1.
	 * @param array|null $body JSON body, or none.
	 * @return array The reply's data.
	 */
	private function post_json( string $path, ?array $body ): array {
		$args = array(
			'method'  => 'POST',
			'timeout' => 20,
			'headers' => null === $body ? array() : array( 'Content-Type' => 'application/json' ),
			'body'    => null === $body ? null : wp_json_encode( (object) $body ),
		);
		$response = wp_remote_request( Coinlane_Api::api_base( $this->url ) . $path, $args );
		$this->assertNotInstanceOf( WP_Error::class, $response );
		$reply = json_decode( wp_remote_retrieve_body( $response ), true );
		$this->assertTrue( $reply['success'] ?? false, wp_remote_retrieve_body( $response ) );
		return $reply['data'];
	}

	/**
	 * Receives deliveries on the store's endpoint, each handled by the plugin and answered with its status, until
	 * one of `$type` arrives.
	 *
	 * @param WC_Gateway_Coinlane $gateway The gateway.
	 * @param string              $type    The event type awaited.
	 * @return array{type:string,body:string,signature:string,answer:array}
	 */
	private function receive_until( WC_Gateway_Coinlane $gateway, string $type ): array {
		for ( $i = 0; $i < 20; $i++ ) {
			$conn = @stream_socket_accept( $this->receiver, self::DELIVERY_WAIT_SECONDS );
			$this->assertNotFalse( $conn, 'no webhook delivery arrived (awaiting ' . $type . ')' );
			stream_set_timeout( $conn, 10 );
			$head = '';
			while ( false === strpos( $head, "\r\n\r\n" ) && ! feof( $conn ) ) {
				$head .= fread( $conn, 1 );
			}
			$headers = array();
			foreach ( array_slice( explode( "\r\n", trim( $head ) ), 1 ) as $line ) {
				list( $name, $value )               = array_map( 'trim', explode( ':', $line, 2 ) );
				$headers[ strtolower( $name ) ] = $value;
			}
			$body = '';
			$size = (int) ( $headers['content-length'] ?? 0 );
			while ( strlen( $body ) < $size && ! feof( $conn ) ) {
				$body .= fread( $conn, $size - strlen( $body ) );
			}
			$answer = ( new Coinlane_Webhook_Handler( $gateway ) )->handle( $body, $headers['coinlane-signature'] ?? '' );
			$reply  = wp_json_encode( array( 'message' => $answer['message'] ) );
			fwrite( $conn, 'HTTP/1.1 ' . $answer['status'] . " OK\r\nContent-Type: application/json\r\nContent-Length: " . strlen( $reply ) . "\r\nConnection: close\r\n\r\n" . $reply );
			fclose( $conn );
			$event = json_decode( $body, true );
			$this->assertSame( $event['id'], $headers['coinlane-event-id'] ?? null );
			if ( $event['type'] === $type ) {
				return array(
					'type'      => $event['type'],
					'body'      => $body,
					'signature' => $headers['coinlane-signature'],
					'answer'    => $answer,
				);
			}
		}
		$this->fail( 'no ' . $type . ' among 20 deliveries' );
	}
}
