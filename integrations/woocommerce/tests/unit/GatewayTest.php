<?php
/**
 * The gateway: loading, settings, order → payment link.
 *
 * @package Coinlane_For_WooCommerce\Tests
 */

final class GatewayTest extends Coinlane_Test_Case {

	public function test_loading_the_plugin_registers_its_hooks_and_makes_no_network_call(): void {
		$this->assertSame( array(), $GLOBALS['coinlane_requests_at_load'] );
		$this->assertNotFalse( has_action( 'woocommerce_api_coinlane', 'coinlane_wc_handle_webhook' ) );
		$this->assertContains( 'WC_Gateway_Coinlane', apply_filters( 'woocommerce_payment_gateways', array() ) );
		$this->gateway();
		$this->assertSame( array(), $this->requests(), 'building the gateway calls nothing either' );
	}

	public function test_settings_have_secret_fields_and_show_the_webhook_url_to_paste(): void {
		$fields = $this->gateway()->get_form_fields();
		foreach ( array( 'test_api_key', 'test_webhook_secret', 'live_api_key', 'live_webhook_secret' ) as $secret ) {
			$this->assertSame( 'password', $fields[ $secret ]['type'], $secret );
		}
		$this->assertSame( 'checkbox', $fields['testmode']['type'] );
		$this->assertSame( 'https://shop.example/?wc-api=coinlane', $this->gateway()->webhook_url() );
		$this->assertStringContainsString( '<code>https://shop.example/?wc-api=coinlane</code>', $fields['test_webhook_secret']['description'] );
	}

	public function test_saving_refuses_a_live_key_in_the_test_field_and_a_url_that_is_not_http(): void {
		$gateway = $this->gateway();
		$gateway->set_post_data(
			array(
				'woocommerce_coinlane_enabled'      => '1',
				'woocommerce_coinlane_server_url'   => 'javascript:alert(1)',
				'woocommerce_coinlane_test_api_key' => 'cl_live_abc',
				'woocommerce_coinlane_live_api_key' => ' cl_live_abc ',
				'woocommerce_coinlane_testmode'     => '1',
			)
		);
		$gateway->process_admin_options();
		$this->assertCount( 2, $gateway->get_errors() );
		$saved = get_option( 'woocommerce_coinlane_settings' );
		$this->assertSame( self::KEY, $saved['test_api_key'], 'the refused value does not replace the saved one' );
		$this->assertSame( 'https://coinlane.example', $saved['server_url'] );
		$this->assertSame( 'cl_live_abc', $saved['live_api_key'], 'a good key is trimmed and saved' );

		$gateway = $this->gateway();
		$gateway->set_post_data( array( 'woocommerce_coinlane_server_url' => 'https://pay.example.com/' ) );
		$gateway->process_admin_options();
		$this->assertSame( array(), $gateway->get_errors() );
		$this->assertSame( 'https://pay.example.com', get_option( 'woocommerce_coinlane_settings' )['server_url'] );
	}

	public function test_offered_only_when_configured_and_the_store_currency_is_priced_by_coinlane(): void {
		$this->assertTrue( $this->gateway()->is_available() );
		update_option( 'woocommerce_currency', 'SEK' );
		$this->assertFalse( $this->gateway()->is_available(), 'Coinlane does not price in SEK' );
		update_option( 'woocommerce_currency', 'JPY' );
		$this->assertTrue( $this->gateway()->is_available() );
		$settings             = get_option( 'woocommerce_coinlane_settings' );
		$settings['testmode'] = 'no';
		update_option( 'woocommerce_coinlane_settings', $settings );
		$this->assertFalse( $this->gateway()->is_available(), 'live mode without a live key' );
		$this->assertSame( array(), $this->requests() );
	}

	public function test_an_order_becomes_a_payment_link_and_the_customer_is_sent_to_its_page(): void {
		$order                                  = $this->order( '49.90', 'EUR' );
		$this->fake_api['POST /payment-links'] = array(
			201,
			array(
				'id'       => 'lnk_new1',
				'url'      => 'https://coinlane.example/payment/lnk_new1',
				'amount'   => '0.00061234',
				'currency' => 'BTC',
			),
		);
		$result = $this->gateway()->process_payment( $order->get_id() );

		$this->assertSame(
			array(
				'result'   => 'success',
				'redirect' => 'https://coinlane.example/payment/lnk_new1',
			),
			$result
		);
		$request = $this->requests()[0];
		$this->assertSame( 'https://coinlane.example/api/v1/payment-links', $request['url'] );
		$this->assertSame( 'POST', $request['args']['method'] );
		$this->assertSame( 'Bearer ' . self::KEY, $request['args']['headers']['Authorization'] );
		$this->assertMatchesRegularExpression( '/^wc-[0-9a-f]{12}-order-' . $order->get_id() . '-[0-9a-f]{16}$/', $request['args']['headers']['Idempotency-Key'] );
		$body = json_decode( $request['args']['body'], true );
		$this->assertSame( '49.90', $body['fiatAmount'], 'a decimal string with the currency minor unit' );
		$this->assertSame( 'EUR', $body['fiatCurrency'] );
		$this->assertSame( 'BTC', $body['currency'] );
		$this->assertSame( 'bitcoin', $body['network'] );
		$this->assertSame( 'Order ' . $order->get_id() . ' at Test Shop', $body['description'] );
		$this->assertSame( (string) $order->get_id(), $body['metadata']['orderId'] );
		$this->assertSame( 'coinlane-for-woocommerce', $body['metadata']['plugin'] );
		// Once paid, the hosted page sends the customer back to the order's "order received" page.
		$this->assertSame( 'https://shop.example/checkout/order-received/' . $order->get_id() . '/?key=' . $order->get_order_key(), $body['returnUrl'] );

		$this->assertSame( array( 'lnk_new1' ), $order->get_meta( WC_Gateway_Coinlane::META_LINK_IDS ) );
		$this->assertSame( 'test', $order->get_meta( WC_Gateway_Coinlane::META_MODE ) );
		$this->assertSame( 'pending', $order->get_status(), 'not paid until Coinlane confirms' );
		$this->assertStringContainsString( 'lnk_new1', $this->notes( $order )[0] );
		$this->assertTrue( $GLOBALS['coinlane_test']['cart']->emptied );

		// Paying again (the customer came back): the same key, so Coinlane returns the same link; one note.
		$this->gateway()->process_payment( $order->get_id() );
		$this->assertSame( $request['args']['headers']['Idempotency-Key'], $this->requests()[1]['args']['headers']['Idempotency-Key'] );
		$this->assertCount( 1, $this->notes( $order ) );
	}

	public function test_the_return_address_is_sent_only_when_coinlane_takes_it(): void {
		$cases = array(
			// A store on plain http: no return address (Coinlane would refuse the link), the payment still works.
			array( 'http://shop.example', 'test', null ),
			// A store under development on this machine: plain http in test mode only.
			array( 'http://localhost:8080', 'test', 'http://localhost:8080/checkout/order-received/%d/?key=%s' ),
			array( 'http://127.0.0.1:8080', 'live', null ),
			array( 'https://shop.example', 'live', 'https://shop.example/checkout/order-received/%d/?key=%s' ),
		);
		foreach ( $cases as list( $home, $mode, $expected ) ) {
			update_option( 'home', $home );
			$settings             = get_option( 'woocommerce_coinlane_settings' );
			$settings['testmode'] = 'test' === $mode ? 'yes' : 'no';
			$settings['live_api_key'] = 'cl_live_abc';
			update_option( 'woocommerce_coinlane_settings', $settings );
			$order                                  = $this->order();
			$this->fake_api['POST /payment-links'] = array(
				201,
				array(
					'id'  => 'lnk_' . $order->get_id(),
					'url' => 'https://coinlane.example/payment/lnk_' . $order->get_id(),
				),
			);
			$before = count( $this->requests() );
			$this->gateway()->process_payment( $order->get_id() );
			$body = json_decode( $this->requests()[ $before ]['args']['body'], true );
			if ( null === $expected ) {
				$this->assertArrayNotHasKey( 'returnUrl', $body, "$home in $mode mode" );
			} else {
				$this->assertSame( sprintf( $expected, $order->get_id(), $order->get_order_key() ), $body['returnUrl'], "$home in $mode mode" );
			}
		}

		// A filter that makes the address unusable (credentials in it) leaves it out too.
		update_option( 'home', 'https://shop.example' );
		add_filter(
			'woocommerce_get_checkout_order_received_url',
			function ( $url ) {
				return str_replace( 'https://', 'https://user:pass@', $url );
			}
		);
		try {
			$order                                  = $this->order();
			$this->fake_api['POST /payment-links'] = array( 201, array( 'id' => 'lnk_f', 'url' => 'https://coinlane.example/payment/lnk_f' ) );
			$before                                = count( $this->requests() );
			$this->gateway()->process_payment( $order->get_id() );
			$this->assertArrayNotHasKey( 'returnUrl', json_decode( $this->requests()[ $before ]['args']['body'], true ) );
		} finally {
			// The stubs keep hooks across tests: this one must not outlive the test.
			unset( $GLOBALS['coinlane_test_hooks']['woocommerce_get_checkout_order_received_url'] );
		}
	}

	public function test_a_yen_order_is_sent_without_decimals_and_another_coin_as_set(): void {
		update_option( 'woocommerce_currency', 'JPY' );
		$settings         = get_option( 'woocommerce_coinlane_settings' );
		$settings['coin'] = 'USDT:tron';
		update_option( 'woocommerce_coinlane_settings', $settings );
		$order                                  = $this->order( '1500', 'JPY' );
		$this->fake_api['POST /payment-links'] = array(
			201,
			array(
				'id'  => 'lnk_jpy',
				'url' => 'https://coinlane.example/payment/lnk_jpy',
			),
		);
		$this->gateway()->process_payment( $order->get_id() );
		$body = json_decode( $this->requests()[0]['args']['body'], true );
		$this->assertSame( '1500', $body['fiatAmount'] );
		$this->assertSame( 'USDT', $body['currency'] );
		$this->assertSame( 'tron', $body['network'] );
	}

	public function test_a_refusal_is_shown_to_the_customer_and_the_order_keeps_no_link(): void {
		$order                                  = $this->order();
		$this->fake_api['POST /payment-links'] = array(
			503,
			array(
				'message' => 'Exchange rate not available for BTC. Please try a different currency.',
				'code'    => 'RATE_UNAVAILABLE',
			),
		);
		$this->assertSame( array( 'result' => 'failure' ), $this->gateway()->process_payment( $order->get_id() ) );
		$this->assertSame( 'error', $GLOBALS['coinlane_test']['notices'][0]['type'] );
		$this->assertStringContainsString( 'Exchange rate not available for BTC', $GLOBALS['coinlane_test']['notices'][0]['message'] );
		$this->assertSame( '', $order->get_meta( WC_Gateway_Coinlane::META_LINK_ID ) );
		$this->assertFalse( $GLOBALS['coinlane_test']['cart']->emptied );
	}

	public function test_an_unreachable_coinlane_is_said_plainly_and_a_currency_it_cannot_price_is_refused_before_any_call(): void {
		$GLOBALS['coinlane_test_http'] = function () {
			return new WP_Error( 'http_request_failed', 'cURL error 7: Failed to connect' );
		};
		$order = $this->order();
		$this->assertSame( 'failure', $this->gateway()->process_payment( $order->get_id() )['result'] );
		$this->assertStringContainsString( 'Coinlane could not be reached', $GLOBALS['coinlane_test']['notices'][0]['message'] );

		$before = count( $this->requests() );
		$sek    = $this->order( '100.00', 'SEK' );
		$this->assertSame( 'failure', $this->gateway()->process_payment( $sek->get_id() )['result'] );
		$this->assertStringContainsString( 'cannot be priced in SEK', $GLOBALS['coinlane_test']['notices'][1]['message'] );
		$this->assertCount( $before, $this->requests() );
	}

	public function test_the_webhook_endpoint_answers_with_the_handlers_status(): void {
		$_SERVER['HTTP_COINLANE_SIGNATURE'] = 't=1,v1=' . str_repeat( 'a', 64 );
		try {
			coinlane_wc_handle_webhook();
			$this->fail( 'wp_send_json was not called' );
		} catch ( Coinlane_Test_Json_Sent $sent ) {
			$this->assertSame( 400, $sent->status_code );
			$this->assertStringContainsString( 'signature', $sent->response['message'] );
		} finally {
			unset( $_SERVER['HTTP_COINLANE_SIGNATURE'] );
		}
	}
}
