<?php
/**
 * What a Coinlane webhook does to an order.
 *
 * @package Coinlane_For_WooCommerce
 */

defined( 'ABSPATH' ) || exit;

/**
 * Handles one delivery: verifies the signature on the raw body, then never trusts the body beyond the payment's
 * id: it fetches the payment (and its link) from the API with the store's key and checks that it belongs to the
 * order (order id, link), is in the store's mode, and matches the order's amount and currency before changing
 * anything. Deliveries are at least once: an event already handled, or an order already paid, changes nothing.
 */
class Coinlane_Webhook_Handler {

	/** Order meta: the ids of the events already handled (the last 50). */
	const META_EVENTS = '_coinlane_event_ids';
	/** Order meta: the partial payment last noted (payment id and amount received), to note each state once. */
	const META_PARTIAL_NOTED = '_coinlane_partial_noted';
	/** Order meta: the payment whose closing (expiry, late money) was last noted, likewise. */
	const META_CLOSED_NOTED = '_coinlane_closed_noted';

	/**
	 * The gateway (settings, API client, logger).
	 *
	 * @var WC_Gateway_Coinlane
	 */
	private $gateway;

	/**
	 * A handler for the gateway's current mode.
	 *
	 * @param WC_Gateway_Coinlane $gateway The gateway.
	 */
	public function __construct( $gateway ) {
		$this->gateway = $gateway;
	}

	/**
	 * Handles a delivery.
	 *
	 * @param string   $raw_body The body exactly as received.
	 * @param string   $header   The Coinlane-Signature header.
	 * @param int|null $now      Unix time (tests).
	 * @return array{status:int,message:string} 200 handled or ignored, 400 refused, 503 retry later.
	 */
	public function handle( $raw_body, $header, $now = null ) {
		$verified = Coinlane_Webhook_Signature::verify( $raw_body, $header, $this->gateway->webhook_secrets(), $now );
		if ( is_wp_error( $verified ) ) {
			$this->gateway->log( 'warning', 'Webhook refused: ' . $verified->get_error_message() );
			return $this->answer( 400, $verified->get_error_message() );
		}
		$event = json_decode( $raw_body, true );
		if ( ! is_array( $event ) || ! isset( $event['id'], $event['type'], $event['mode'], $event['data'] ) || ! is_array( $event['data'] ) ) {
			return $this->answer( 400, 'The body is not a Coinlane event' );
		}
		if ( $event['mode'] !== $this->gateway->mode() ) {
			return $this->answer( 200, sprintf( 'Ignored: a %s event while the store is in %s mode', $event['mode'], $this->gateway->mode() ) );
		}
		$type = (string) $event['type'];
		if ( 0 === strpos( $type, 'payment.' ) && isset( $event['data']['id'] ) && is_string( $event['data']['id'] ) ) {
			return $this->payment_event( (string) $event['id'], $type, $event['data']['id'] );
		}
		if ( 'refund.paid' === $type && isset( $event['data']['id'], $event['data']['paymentId'] ) ) {
			return $this->refund_paid( (string) $event['id'], (string) $event['data']['paymentId'], (string) $event['data']['id'] );
		}
		return $this->answer( 200, 'Ignored: ' . $type );
	}

	/**
	 * A payment.* event: acts on the payment as the API has it now.
	 *
	 * @param string $event_id   The event.
	 * @param string $type       Its type.
	 * @param string $payment_id The payment it names.
	 * @return array{status:int,message:string}
	 */
	private function payment_event( $event_id, $type, $payment_id ) {
		$payment = $this->gateway->api()->get_payment( $payment_id );
		if ( is_wp_error( $payment ) ) {
			return $this->api_failure( $payment, 'payment ' . $payment_id );
		}
		$found = $this->order_of( $payment );
		if ( isset( $found['answer'] ) ) {
			return $found['answer'];
		}
		list( $order, $link ) = $found;
		if ( $this->seen( $order, $event_id ) ) {
			return $this->answer( 200, 'Already handled: ' . $event_id );
		}

		$problems = $this->mismatches( $order, $payment, $link );
		$status   = (string) $payment['status'];
		$coin     = (string) $payment['currency'];

		if ( 'payment.reversed' === $type && $order->is_paid() && (string) $order->get_meta( WC_Gateway_Coinlane::META_PAYMENT_ID ) === $payment['id'] && 'confirmed' !== $status ) {
			$order->update_status(
				'on-hold',
				sprintf(
					/* translators: 1: payment id. */
					__( 'Coinlane payment %1$s is no longer confirmed: a chain reorganisation took away its block. The order is on hold until it confirms again.', 'coinlane-for-woocommerce' ),
					esc_html( $payment['id'] )
				)
			);
		} elseif ( 'confirmed' === $status ) {
			$this->confirmed( $order, $payment, $problems );
		} elseif ( 'partial' === $status ) {
			$this->partial( $order, $payment );
		} elseif ( in_array( $status, array( 'expired', 'failed' ), true ) && Coinlane_Amount::compare( $payment['amountReceived'], '0' ) > 0 && ! $order->is_paid() ) {
			$marker = $payment['id'] . ':' . $payment['amountReceived'] . ':' . $payment['amountConfirmed'] . ':' . ( $payment['canAccept'] ? '1' : '0' );
			if ( $order->get_meta( self::META_CLOSED_NOTED ) !== $marker ) {
				$order->update_meta_data( self::META_CLOSED_NOTED, $marker );
				$note = 'paid_late' === $payment['exception']
					? sprintf(
						/* translators: 1: payment id, 2: amount received, 3: coin, 4: what to do. */
						__( 'Coinlane payment %1$s was paid late: %2$s %3$s arrived after its window. The order is not marked paid. %4$s', 'coinlane-for-woocommerce' ),
						esc_html( $payment['id'] ),
						esc_html( $payment['amountReceived'] ),
						esc_html( $coin ),
						$payment['canAccept']
							? __( 'It covers the amount due: accept it in Coinlane (Transactions → Accept) to mark the order paid.', 'coinlane-for-woocommerce' )
							: __( 'Accept it in Coinlane once it covers the amount due and has its confirmations, or refund it.', 'coinlane-for-woocommerce' )
					)
					: sprintf(
						/* translators: 1: payment id, 2: received, 3: due, 4: coin. */
						__( 'Coinlane payment %1$s closed with %2$s of %3$s %4$s received. The order is not paid: the customer can pay again from the payment page, or refund what arrived from Coinlane.', 'coinlane-for-woocommerce' ),
						esc_html( $payment['id'] ),
						esc_html( $payment['amountReceived'] ),
						esc_html( $payment['amount'] ),
						esc_html( $coin )
					);
				if ( $order->has_status( array( 'pending', 'failed' ) ) ) {
					$order->update_status( 'on-hold', $note );
				} else {
					$order->add_order_note( $note );
				}
			}
		}
		$this->remember( $order, $event_id );
		$order->save();
		return $this->answer( 200, sprintf( 'Order %d: payment %s is %s', $order->get_id(), $payment['id'], $status ) );
	}

	/**
	 * A confirmed payment: the order is paid, unless the checks refused it or it is paid already.
	 *
	 * @param WC_Order $order    The order.
	 * @param array    $payment  The payment (from the API).
	 * @param string[] $problems What does not match the order.
	 */
	private function confirmed( $order, array $payment, array $problems ) {
		$coin = (string) $payment['currency'];
		if ( Coinlane_Amount::compare( $payment['amountConfirmed'], $payment['amount'] ) < 0 ) {
			$problems[] = sprintf(
				/* translators: 1: confirmed amount, 2: due amount, 3: coin. */
				__( 'only %1$s of %2$s %3$s has its confirmations (a Coinlane administrator confirmed it by hand)', 'coinlane-for-woocommerce' ),
				esc_html( $payment['amountConfirmed'] ),
				esc_html( $payment['amount'] ),
				esc_html( $coin )
			);
		}
		if ( $order->is_paid() ) {
			return;
		}
		if ( array() !== $problems ) {
			$note = sprintf(
				/* translators: 1: payment id, 2: the problems. */
				__( 'Coinlane payment %1$s is confirmed but was NOT accepted for this order: %2$s. Check it in Coinlane before fulfilling.', 'coinlane-for-woocommerce' ),
				esc_html( $payment['id'] ),
				implode( '; ', $problems )
			);
			$this->gateway->log( 'warning', sprintf( 'Order %d: payment %s not accepted: %s', $order->get_id(), $payment['id'], implode( '; ', $problems ) ) );
			if ( $order->has_status( array( 'pending', 'failed' ) ) ) {
				$order->update_status( 'on-hold', $note );
			} else {
				$order->add_order_note( $note );
			}
			return;
		}
		$order->update_meta_data( WC_Gateway_Coinlane::META_PAYMENT_ID, (string) $payment['id'] );
		$order->add_order_note(
			sprintf(
				/* translators: 1: payment id, 2: amount, 3: coin, 4: network, 5: transaction. */
				__( 'Coinlane payment %1$s confirmed: %2$s %3$s on %4$s (transaction %5$s).', 'coinlane-for-woocommerce' ),
				esc_html( $payment['id'] ),
				esc_html( $payment['amountConfirmed'] ),
				esc_html( $coin ),
				esc_html( isset( $payment['networkName'] ) ? $payment['networkName'] : $payment['network'] ),
				esc_html( isset( $payment['txHash'] ) ? (string) $payment['txHash'] : '-' )
			)
		);
		if ( Coinlane_Amount::compare( $payment['amountExcess'], '0' ) > 0 ) {
			$order->add_order_note(
				sprintf(
					/* translators: 1: excess amount, 2: coin, 3: amount due. */
					__( 'Overpaid: the customer sent %1$s %2$s more than the %3$s %2$s due. The order is paid; to give the excess back, refund it from Coinlane (Transactions → Refund), paid from your own wallet.', 'coinlane-for-woocommerce' ),
					esc_html( $payment['amountExcess'] ),
					esc_html( $coin ),
					esc_html( $payment['amount'] )
				)
			);
		}
		$order->payment_complete( (string) $payment['id'] );
	}

	/**
	 * A partial payment: on hold, with the amount still due in the note (once per amount received).
	 *
	 * @param WC_Order $order   The order.
	 * @param array    $payment The payment.
	 */
	private function partial( $order, array $payment ) {
		if ( $order->is_paid() ) {
			return;
		}
		$marker = $payment['id'] . ':' . $payment['amountReceived'];
		if ( $order->get_meta( self::META_PARTIAL_NOTED ) === $marker ) {
			return;
		}
		$order->update_meta_data( self::META_PARTIAL_NOTED, $marker );
		$note = sprintf(
			/* translators: 1: payment id, 2: received, 3: due, 4: coin, 5: still due. */
			__( 'Coinlane payment %1$s is partly paid: %2$s of %3$s %4$s received, %5$s %4$s still due. The order is on hold until the rest arrives.', 'coinlane-for-woocommerce' ),
			esc_html( $payment['id'] ),
			esc_html( $payment['amountReceived'] ),
			esc_html( $payment['amount'] ),
			esc_html( $payment['currency'] ),
			esc_html( $payment['amountRemaining'] )
		);
		if ( $order->has_status( 'on-hold' ) ) {
			$order->add_order_note( $note );
		} else {
			$order->update_status( 'on-hold', $note );
		}
	}

	/**
	 * What in the payment does not fit the order: its order, mode, currency and amount.
	 *
	 * @param WC_Order $order   The order.
	 * @param array    $payment The payment.
	 * @param array    $link    Its payment link.
	 * @return string[] Empty when it fits.
	 */
	private function mismatches( $order, array $payment, array $link ) {
		$problems = array();
		$mode     = $this->gateway->mode();
		if ( $payment['mode'] !== $mode || $order->get_meta( WC_Gateway_Coinlane::META_MODE ) !== $mode ) {
			/* translators: 1: payment mode, 2: the store's mode. */
			$problems[] = sprintf( __( 'it is a %1$s payment and the store is in %2$s mode', 'coinlane-for-woocommerce' ), esc_html( $payment['mode'] ), esc_html( $mode ) );
		}
		$meta = isset( $link['metadata'] ) && is_array( $link['metadata'] ) ? $link['metadata'] : array();
		if ( ! isset( $meta['orderId'] ) || (string) $meta['orderId'] !== (string) $order->get_id() ) {
			$problems[] = __( 'its payment link belongs to another order', 'coinlane-for-woocommerce' );
		}
		$currency = strtoupper( $order->get_currency() );
		if ( ! isset( $payment['fiatCurrency'] ) || strtoupper( (string) $payment['fiatCurrency'] ) !== $currency ) {
			/* translators: 1: payment currency, 2: order currency. */
			$problems[] = sprintf( __( 'it is priced in %1$s and the order in %2$s', 'coinlane-for-woocommerce' ), esc_html( (string) $payment['fiatCurrency'] ), esc_html( $currency ) );
		} else {
			$total = $this->gateway->order_total( $order );
			if ( null === Coinlane_Amount::normalize( $payment['fiatAmount'] ) || 0 !== Coinlane_Amount::compare( $payment['fiatAmount'], $total ) ) {
				/* translators: 1: payment's amount, 2: order total, 3: currency. */
				$problems[] = sprintf( __( 'it is for %1$s %3$s and the order total is %2$s %3$s', 'coinlane-for-woocommerce' ), esc_html( (string) $payment['fiatAmount'] ), esc_html( $total ), esc_html( $currency ) );
			}
		}
		if ( isset( $link['currency'] ) && $link['currency'] !== $payment['currency'] ) {
			$problems[] = __( 'it is not in the coin of its payment link', 'coinlane-for-woocommerce' );
		}
		return $problems;
	}

	/**
	 * refund.paid: a note with the transaction, once the API says the refund is paid.
	 *
	 * @param string $event_id   The event.
	 * @param string $payment_id The refunded payment.
	 * @param string $refund_id  The refund.
	 * @return array{status:int,message:string}
	 */
	private function refund_paid( $event_id, $payment_id, $refund_id ) {
		$api     = $this->gateway->api();
		$payment = $api->get_payment( $payment_id );
		if ( is_wp_error( $payment ) ) {
			return $this->api_failure( $payment, 'payment ' . $payment_id );
		}
		$found = $this->order_of( $payment );
		if ( isset( $found['answer'] ) ) {
			return $found['answer'];
		}
		$order = $found[0];
		if ( $this->seen( $order, $event_id ) ) {
			return $this->answer( 200, 'Already handled: ' . $event_id );
		}
		$list = $api->list_refunds( $payment_id );
		if ( is_wp_error( $list ) ) {
			return $this->api_failure( $list, 'refunds of ' . $payment_id );
		}
		foreach ( isset( $list['refunds'] ) ? (array) $list['refunds'] : array() as $refund ) {
			if ( isset( $refund['id'] ) && $refund['id'] === $refund_id && 'paid' === $refund['status'] ) {
				$order->add_order_note(
					sprintf(
						/* translators: 1: refund id, 2: amount, 3: coin, 4: transaction. */
						__( 'Coinlane refund %1$s paid: %2$s %3$s, transaction %4$s.', 'coinlane-for-woocommerce' ),
						esc_html( $refund['id'] ),
						esc_html( $refund['amount'] ),
						esc_html( $refund['currency'] ),
						esc_html( (string) $refund['txid'] )
					)
				);
			}
		}
		$this->remember( $order, $event_id );
		$order->save();
		return $this->answer( 200, sprintf( 'Order %d: refund %s', $order->get_id(), $refund_id ) );
	}

	/**
	 * The order a payment pays, through its payment link: [order, link], or ['answer' => …] when there is none.
	 *
	 * @param array $payment The payment (from the API).
	 * @return array
	 */
	private function order_of( array $payment ) {
		if ( empty( $payment['paymentLinkId'] ) ) {
			return array( 'answer' => $this->answer( 200, 'Ignored: the payment has no payment link, so no order of this store' ) );
		}
		$link = $this->gateway->api()->get_payment_link( (string) $payment['paymentLinkId'] );
		if ( is_wp_error( $link ) ) {
			return array( 'answer' => $this->api_failure( $link, 'payment link ' . $payment['paymentLinkId'] ) );
		}
		$meta = isset( $link['metadata'] ) && is_array( $link['metadata'] ) ? $link['metadata'] : array();
		if ( ! isset( $meta['orderId'], $meta['plugin'] ) || 'coinlane-for-woocommerce' !== $meta['plugin'] || ! ctype_digit( (string) $meta['orderId'] ) ) {
			return array( 'answer' => $this->answer( 200, 'Ignored: the payment link was not made for a WooCommerce order' ) );
		}
		$order = wc_get_order( (int) $meta['orderId'] );
		if ( ! $order || 'coinlane' !== $order->get_payment_method() ) {
			return array( 'answer' => $this->answer( 200, 'Ignored: no order of this store is paid by this link' ) );
		}
		if ( ! in_array( (string) $payment['paymentLinkId'], (array) $order->get_meta( WC_Gateway_Coinlane::META_LINK_IDS ), true ) ) {
			$this->gateway->log( 'warning', sprintf( 'Order %d: a payment of link %s, which the order never created', $order->get_id(), $payment['paymentLinkId'] ) );
			return array( 'answer' => $this->answer( 200, 'Ignored: the order did not create this payment link' ) );
		}
		return array( $order, $link );
	}

	/**
	 * A failed API call: 503 (Coinlane retries) unless the payment is not this key's (404: nothing to do).
	 *
	 * @param WP_Error $error What failed.
	 * @param string   $what  What was read.
	 * @return array{status:int,message:string}
	 */
	private function api_failure( $error, $what ) {
		$data   = $error->get_error_data();
		$status = is_array( $data ) && isset( $data['status'] ) ? (int) $data['status'] : 0;
		if ( 404 === $status ) {
			return $this->answer( 200, 'Ignored: ' . $what . ' is not known to this store\'s API key' );
		}
		$this->gateway->log( 'error', 'Webhook: reading ' . $what . ' failed: ' . $error->get_error_message() );
		return $this->answer( 503, 'Coinlane could not be read (' . $error->get_error_message() . '): retry later' );
	}

	/**
	 * Whether the order already handled this event.
	 *
	 * @param WC_Order $order    The order.
	 * @param string   $event_id The event.
	 * @return bool
	 */
	private function seen( $order, $event_id ) {
		return in_array( $event_id, (array) $order->get_meta( self::META_EVENTS ), true );
	}

	/**
	 * Records the event as handled (the last 50 are kept).
	 *
	 * @param WC_Order $order    The order.
	 * @param string   $event_id The event.
	 */
	private function remember( $order, $event_id ) {
		$events   = (array) $order->get_meta( self::META_EVENTS );
		$events[] = $event_id;
		$order->update_meta_data( self::META_EVENTS, array_slice( array_values( array_filter( $events ) ), -50 ) );
	}

	/**
	 * The endpoint's answer.
	 *
	 * @param int    $status  HTTP status.
	 * @param string $message Said back to Coinlane (its event log keeps the first 1 KB).
	 * @return array{status:int,message:string}
	 */
	private function answer( $status, $message ) {
		return array(
			'status'  => $status,
			'message' => $message,
		);
	}
}
