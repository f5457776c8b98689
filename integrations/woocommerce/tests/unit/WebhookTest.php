<?php
/**
 * Webhook deliveries → orders: signature, the API's word over the body's, partial and over payments,
 * the order checks, repeated deliveries.
 *
 * @package Coinlane_For_WooCommerce\Tests
 */

final class WebhookTest extends Coinlane_Test_Case {

	private function confirmed_payment( array $changes = array() ): array {
		return $this->payment(
			array_merge(
				array(
					'status'          => 'confirmed',
					'amountReceived'  => '0.001',
					'amountConfirmed' => '0.001',
					'amountRemaining' => '0',
					'txHash'          => 'ab12cd',
				),
				$changes
			)
		);
	}

	public function test_a_verified_confirmed_payment_marks_the_order_processing_once(): void {
		$order   = $this->with_link( $this->order() );
		$payment = $this->confirmed_payment();
		$this->serve( $payment, $this->link( $order ) );

		$delivery = $this->delivery( 'payment.confirmed', $payment );
		$answer   = $this->deliver( $delivery );

		$this->assertSame( 200, $answer['status'] );
		$this->assertSame( 'processing', $order->get_status() );
		$this->assertSame( 'pay_unit1', $order->get_transaction_id() );
		$this->assertSame( 'pay_unit1', $order->get_meta( WC_Gateway_Coinlane::META_PAYMENT_ID ) );
		$this->assertStringContainsString( 'Coinlane payment pay_unit1 confirmed: 0.001 BTC on Bitcoin (transaction ab12cd)', implode( "\n", $this->notes( $order ) ) );
		$notes = count( $order->notes );

		// The same event again (a retry after a lost answer), then a resend of it under a new event id.
		$this->assertSame( 200, $this->deliver( $delivery )['status'] );
		$this->assertSame( 200, $this->deliver( $this->delivery( 'payment.confirmed', $payment, 'evt_unit2' ) )['status'] );
		$this->assertSame( 'processing', $order->get_status() );
		$this->assertCount( $notes, $order->notes, 'no second note, no second completion' );
	}

	public function test_a_refused_signature_changes_nothing_and_calls_nothing(): void {
		$order   = $this->with_link( $this->order() );
		$payment = $this->confirmed_payment();
		$this->serve( $payment, $this->link( $order ) );

		foreach ( array(
			$this->delivery( 'payment.confirmed', $payment, 'evt_x', array( 'whsec_not_ours' ) ),
			$this->delivery( 'payment.confirmed', $payment, 'evt_x', array( self::SECRET ), time() - 600 ),
			array( $this->delivery( 'payment.confirmed', $payment )[0], '' ),
		) as $delivery ) {
			$this->assertSame( 400, $this->deliver( $delivery )['status'] );
		}
		// A body changed after signing.
		list( $body, $header ) = $this->delivery( 'payment.confirmed', $payment );
		$this->assertSame( 400, $this->deliver( array( str_replace( 'pay_unit1', 'pay_other', $body ), $header ) )['status'] );

		$this->assertSame( 'pending', $order->get_status() );
		$this->assertSame( array(), $order->notes );
		$this->assertSame( array(), $this->requests(), 'a refused delivery reads nothing from Coinlane' );
	}

	public function test_the_api_not_the_body_decides_a_body_saying_confirmed_for_a_pending_payment_pays_nothing(): void {
		$order = $this->with_link( $this->order() );
		$this->serve( $this->payment(), $this->link( $order ) );
		$answer = $this->deliver( $this->delivery( 'payment.confirmed', $this->confirmed_payment() ) );
		$this->assertSame( 200, $answer['status'] );
		$this->assertSame( 'pending', $order->get_status() );
		$this->assertSame( 'https://coinlane.example/api/v1/payments/pay_unit1', $this->requests()[0]['url'] );
	}

	public function test_a_partial_payment_puts_the_order_on_hold_with_the_amount_still_due_then_the_rest_pays_it(): void {
		$order   = $this->with_link( $this->order() );
		$partial = $this->payment(
			array(
				'status'          => 'partial',
				'exception'       => 'paid_partial',
				'amountReceived'  => '0.0004',
				'amountRemaining' => '0.0006',
			)
		);
		$this->serve( $partial, $this->link( $order ) );
		$delivery = $this->delivery( 'payment.partial', $partial, 'evt_p1' );
		$this->assertSame( 200, $this->deliver( $delivery )['status'] );

		$this->assertSame( 'on-hold', $order->get_status() );
		$notes = implode( "\n", $this->notes( $order ) );
		$this->assertStringContainsString( '0.0004 of 0.001 BTC received, 0.0006 BTC still due', $notes );
		$count = count( $order->notes );
		$this->deliver( $delivery );
		$this->deliver( $this->delivery( 'payment.updated', $partial, 'evt_p2' ) );
		$this->assertCount( $count, $order->notes, 'the same partial state is noted once' );

		$more = $this->payment(
			array(
				'status'          => 'partial',
				'exception'       => 'paid_partial',
				'amountReceived'  => '0.0009',
				'amountRemaining' => '0.0001',
			)
		);
		$this->serve( $more, $this->link( $order ) );
		$this->deliver( $this->delivery( 'payment.partial', $more, 'evt_p3' ) );
		$this->assertStringContainsString( '0.0001 BTC still due', end( $order->notes )['note'] );
		$this->assertSame( 'on-hold', $order->get_status() );

		$paid = $this->confirmed_payment();
		$this->serve( $paid, $this->link( $order ) );
		$this->deliver( $this->delivery( 'payment.confirmed', $paid, 'evt_p4' ) );
		$this->assertSame( 'processing', $order->get_status() );
	}

	public function test_an_overpaid_payment_marks_the_order_processing_and_notes_the_excess(): void {
		$order = $this->with_link( $this->order() );
		$over  = $this->confirmed_payment(
			array(
				'exception'       => 'paid_over',
				'amountReceived'  => '0.0015',
				'amountConfirmed' => '0.0015',
				'amountExcess'    => '0.0005',
			)
		);
		$this->serve( $over, $this->link( $order ) );
		$this->deliver( $this->delivery( 'payment.confirmed', $over ) );
		$this->assertSame( 'processing', $order->get_status() );
		$this->assertStringContainsString( 'Overpaid: the customer sent 0.0005 BTC more than the 0.001 BTC due', implode( "\n", $this->notes( $order ) ) );
	}

	/**
	 * @return array<string,array{0:array,1:array,2:string}>
	 */
	public function mismatches(): array {
		return array(
			'another amount'          => array( array( 'fiatAmount' => '4.99' ), array(), 'it is for 4.99 EUR and the order total is 49.90 EUR' ),
			'another currency'        => array( array( 'fiatCurrency' => 'USD' ), array(), 'it is priced in USD and the order in EUR' ),
			'a live payment'          => array( array( 'mode' => 'live' ), array(), 'it is a live payment and the store is in test mode' ),
			'short, approved by hand' => array( array( 'amountConfirmed' => '0.0009' ), array(), 'only 0.0009 of 0.001 BTC has its confirmations' ),
			'another coin'            => array( array(), array( 'currency' => 'ETH' ), 'it is not in the coin of its payment link' ),
		);
	}

	/**
	 * @dataProvider mismatches
	 */
	public function test_a_confirmed_payment_that_does_not_match_the_order_does_not_pay_it( array $payment_changes, array $link_changes, string $why ): void {
		$order   = $this->with_link( $this->order() );
		$payment = $this->confirmed_payment( $payment_changes );
		$this->serve( $payment, $this->link( $order, $link_changes ) );
		$this->assertSame( 200, $this->deliver( $this->delivery( 'payment.confirmed', $payment ) )['status'] );
		$this->assertSame( 'on-hold', $order->get_status() );
		$this->assertSame( '', $order->get_transaction_id() );
		$this->assertStringContainsString( 'NOT accepted for this order: ' . $why, $this->notes( $order )[0] );
	}

	public function test_a_payment_of_another_orders_link_or_of_no_link_is_ignored(): void {
		$order = $this->with_link( $this->order() );
		$other = $this->order();
		// The link names another order of this store, which never created it.
		$payment = $this->confirmed_payment();
		$this->serve( $payment, $this->link( $other ) );
		$this->assertSame( 200, $this->deliver( $this->delivery( 'payment.confirmed', $payment ) )['status'] );
		$this->assertSame( 'pending', $other->get_status() );
		$this->assertSame( 'pending', $order->get_status() );

		$plain = $this->confirmed_payment(
			array(
				'id'            => 'pay_api',
				'paymentLinkId' => null,
			)
		);
		$this->serve( $plain, $this->link( $order ) );
		$answer = $this->deliver( $this->delivery( 'payment.confirmed', $plain, 'evt_api' ) );
		$this->assertSame( 200, $answer['status'] );
		$this->assertStringContainsString( 'no payment link', $answer['message'] );
	}

	public function test_coinlane_unreachable_answers_503_so_the_delivery_is_retried(): void {
		$order   = $this->with_link( $this->order() );
		$payment = $this->confirmed_payment();
		$this->fake_api[ 'GET /payments/pay_unit1' ] = array(
			500,
			array(
				'message' => 'Internal error',
				'code'    => 'INTERNAL',
			),
		);
		$delivery = $this->delivery( 'payment.confirmed', $payment );
		$this->assertSame( 503, $this->deliver( $delivery )['status'] );
		$this->assertSame( 'pending', $order->get_status() );

		// The retry, once Coinlane answers, pays the order: the failed try did not mark the event handled.
		$this->serve( $payment, $this->link( $order ) );
		$this->assertSame( 200, $this->deliver( $delivery )['status'] );
		$this->assertSame( 'processing', $order->get_status() );
	}

	public function test_an_expired_underpaid_payment_and_late_money_put_the_order_on_hold_without_paying_it(): void {
		$order   = $this->with_link( $this->order() );
		$expired = $this->payment(
			array(
				'status'          => 'expired',
				'exception'       => 'paid_partial',
				'amountReceived'  => '0.0004',
				'amountConfirmed' => '0.0004',
				'amountRemaining' => '0.0006',
			)
		);
		$this->serve( $expired, $this->link( $order ) );
		$this->deliver( $this->delivery( 'payment.expired', $expired, 'evt_e1' ) );
		$this->assertSame( 'on-hold', $order->get_status() );
		$this->assertStringContainsString( 'closed with 0.0004 of 0.001 BTC received', $this->notes( $order )[0] );

		$late = $this->payment(
			array(
				'status'          => 'expired',
				'exception'       => 'paid_late',
				'canAccept'       => true,
				'amountReceived'  => '0.001',
				'amountConfirmed' => '0.001',
			)
		);
		$this->serve( $late, $this->link( $order ) );
		$this->deliver( $this->delivery( 'payment.paid_late', $late, 'evt_e2' ) );
		$this->assertSame( 'on-hold', $order->get_status() );
		$this->assertStringContainsString( 'accept it in Coinlane', end( $order->notes )['note'] );
	}

	public function test_a_reversed_payment_puts_a_paid_order_back_on_hold(): void {
		$order = $this->with_link( $this->order() );
		$paid  = $this->confirmed_payment();
		$this->serve( $paid, $this->link( $order ) );
		$this->deliver( $this->delivery( 'payment.confirmed', $paid, 'evt_r1' ) );
		$this->assertSame( 'processing', $order->get_status() );

		$reversed = $this->payment( array( 'amountReceived' => '0.001' ) );
		$this->serve( $reversed, $this->link( $order ) );
		$this->deliver( $this->delivery( 'payment.reversed', $reversed, 'evt_r2' ) );
		$this->assertSame( 'on-hold', $order->get_status() );
		$this->assertStringContainsString( 'no longer confirmed', implode( "\n", $this->notes( $order ) ) );
	}

	public function test_events_of_the_other_mode_and_other_types_are_acknowledged_and_ignored(): void {
		$order = $this->with_link( $this->order() );
		list( $body, $header ) = $this->delivery( 'webhook.test', array( 'message' => 'hi' ) );
		$this->assertSame( 200, $this->deliver( array( $body, $header ) )['status'] );
		$live   = str_replace( '"mode":"test"', '"mode":"live"', wp_json_encode( array( 'id' => 'evt_l', 'type' => 'payment.confirmed', 'createdAt' => 'x', 'mode' => 'test', 'data' => array( 'id' => 'pay_unit1' ) ) ) );
		$t      = time();
		$answer = $this->deliver( array( $live, 't=' . $t . ',v1=' . hash_hmac( 'sha256', $t . '.' . $live, self::SECRET ) ) );
		$this->assertSame( 200, $answer['status'] );
		$this->assertStringContainsString( 'live event while the store is in test mode', $answer['message'] );
		$this->assertSame( array(), $this->requests() );
		$this->assertSame( 'pending', $order->get_status() );
	}
}
