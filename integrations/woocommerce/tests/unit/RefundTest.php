<?php
/**
 * WooCommerce refunds → Coinlane refund requests, paid by the merchant from its own wallet (decision 022).
 *
 * @package Coinlane_For_WooCommerce\Tests
 */

final class RefundTest extends Coinlane_Test_Case {

	private function paid_order(): WC_Order {
		$order = $this->with_link( $this->order() );
		$order->update_meta_data( WC_Gateway_Coinlane::META_PAYMENT_ID, 'pay_unit1' );
		$order->set_status( 'processing' );
		$this->fake_api['GET /payments/pay_unit1'] = array(
			200,
			$this->payment(
				array(
					'status'          => 'confirmed',
					'amountConfirmed' => '0.001',
				)
			),
		);
		return $order;
	}

	private function refund_reply( string $amount ): array {
		return array(
			'id'            => 'ref_unit1',
			'paymentId'     => 'pay_unit1',
			'status'        => 'awaiting_address',
			'network'       => 'bitcoin',
			'currency'      => 'BTC',
			'amount'        => $amount,
			'linkExpiresAt' => '2026-12-15T10:00:00.000Z',
			'addressLink'   => 'https://coinlane.example/refund?token=abc&x=1',
		);
	}

	public function test_a_partial_refund_asks_coinlane_for_its_share_of_the_coin_received_rounded_down(): void {
		$order                                        = $this->paid_order();
		$order->refunds[]                             = new WC_Order_Refund( 555, '10.00' );
		$this->fake_api['POST /payments/pay_unit1/refunds'] = array( 201, $this->refund_reply( '0.0002004' ) );

		$this->assertTrue( $this->gateway()->process_refund( $order->get_id(), 10.00, 'Returned item' ) );

		$request = end( $GLOBALS['coinlane_test']['requests'] );
		$this->assertSame( 'https://coinlane.example/api/v1/payments/pay_unit1/refunds', $request['url'] );
		$body = json_decode( $request['args']['body'], true );
		// 10.00 / 49.90 × 0.001 BTC = 0.000200400801… → 0.0002004 (20040 sats), never more than the share.
		$this->assertSame( '0.0002004', $body['amount'] );
		$this->assertSame( 'Returned item', $body['reason'] );
		$this->assertSame( 'en', $body['language'] );
		$this->assertStringEndsWith( '-order-' . $order->get_id() . '-refund-555-0.0002004', $request['args']['headers']['Idempotency-Key'] );

		$this->assertStringContainsString( 'pay it from your own wallet', implode( "\n", $this->notes( $order ) ) );
		$customer = $this->notes( $order, true );
		$this->assertCount( 1, $customer, 'the customer is told where to give the address' );
		$this->assertStringContainsString( 'https://coinlane.example/refund?token=abc&#038;x=1', $customer[0] );
	}

	public function test_a_full_refund_is_the_amount_that_was_due(): void {
		$order = $this->paid_order();
		update_option( 'WPLANG', 'de_DE' );
		$this->fake_api['POST /payments/pay_unit1/refunds'] = array( 201, array_merge( $this->refund_reply( '0.001' ), array( 'addressLink' => null ) ) );
		$this->assertTrue( $this->gateway()->process_refund( $order->get_id(), 49.90, '' ) );
		$body = json_decode( end( $GLOBALS['coinlane_test']['requests'] )['args']['body'], true );
		$this->assertSame( '0.001', $body['amount'] );
		$this->assertSame( 'de', $body['language'] );
		$this->assertArrayNotHasKey( 'reason', $body );
		$this->assertSame( array(), $this->notes( $order, true ), 'no link to pass on: Coinlane e-mailed the customer' );
	}

	public function test_coinlanes_refusal_reaches_the_merchant_and_an_unpaid_order_cannot_be_refunded(): void {
		$order = $this->paid_order();
		$this->fake_api['POST /payments/pay_unit1/refunds'] = array(
			409,
			array(
				'message' => 'This refund would exceed the payment\'s confirmed money',
				'code'    => 'REFUND_TOO_LARGE',
			),
		);
		$result = $this->gateway()->process_refund( $order->get_id(), 10.00 );
		$this->assertInstanceOf( WP_Error::class, $result );
		$this->assertSame( 'coinlane_api_refund_too_large', $result->get_error_code() );
		$this->assertStringContainsString( 'exceed', $result->get_error_message() );

		$too_much = $this->gateway()->process_refund( $order->get_id(), 60.00 );
		$this->assertInstanceOf( WP_Error::class, $too_much );

		$unpaid = $this->order();
		$result = $this->gateway()->process_refund( $unpaid->get_id(), 10.00 );
		$this->assertInstanceOf( WP_Error::class, $result );
		$this->assertStringContainsString( 'no confirmed Coinlane payment', $result->get_error_message() );
	}

	public function test_refund_paid_notes_the_transaction_once(): void {
		$order  = $this->paid_order();
		$refund = array_merge(
			$this->refund_reply( '0.0002004' ),
			array(
				'status' => 'paid',
				'txid'   => 'feed01',
			)
		);
		$this->serve( $this->payment( array( 'status' => 'confirmed' ) ), $this->link( $order ) );
		$this->fake_api['GET /payments/pay_unit1/refunds'] = array(
			200,
			array(
				'paymentId' => 'pay_unit1',
				'refunds'   => array( $refund ),
			),
		);
		$delivery = $this->delivery( 'refund.paid', $refund, 'evt_rf' );
		$this->assertSame( 200, $this->deliver( $delivery )['status'] );
		$this->deliver( $delivery );
		$paid = array_filter( $this->notes( $order ), fn( $n ) => false !== strpos( $n, 'refund ref_unit1 paid' ) );
		$this->assertCount( 1, $paid );
		$this->assertStringContainsString( 'transaction feed01', reset( $paid ) );
	}
}
