<?php
/**
 * The few Coinlane API calls the gateway makes, through the WordPress HTTP API (wp_remote_request).
 *
 * @package Coinlane_For_WooCommerce
 */

defined( 'ABSPATH' ) || exit;

/**
 * A Coinlane API client for one server and one API key. Every reply is Coinlane's envelope,
 * `{ success, data, error: { message, code } }`; a refusal comes back as a WP_Error with Coinlane's message and
 * code, a network failure as `coinlane_unreachable`. The key is sent only in the Authorization header and is
 * never part of an error or a log line.
 */
class Coinlane_Api {

	/**
	 * The API's base, e.g. https://pay.example.com/api/v1.
	 *
	 * @var string
	 */
	private $base;

	/**
	 * The API key (cl_test_… or cl_live_…).
	 *
	 * @var string
	 */
	private $key;

	/**
	 * Seconds a call may take.
	 *
	 * @var int
	 */
	private $timeout;

	/**
	 * A client.
	 *
	 * @param string $server_url The Coinlane server, e.g. https://pay.example.com (with or without /api/v1).
	 * @param string $api_key    The API key.
	 * @param int    $timeout    Seconds.
	 */
	public function __construct( $server_url, $api_key, $timeout = 20 ) {
		$this->base    = self::api_base( $server_url );
		$this->key     = (string) $api_key;
		$this->timeout = (int) $timeout;
	}

	/**
	 * The API's base for a server URL: https://pay.example.com → https://pay.example.com/api/v1.
	 *
	 * @param string $server_url The server's URL.
	 * @return string
	 */
	public static function api_base( $server_url ) {
		$url = rtrim( trim( (string) $server_url ), '/' );
		if ( '/api/v1' !== substr( $url, -7 ) ) {
			$url .= '/api/v1';
		}
		return $url;
	}

	/**
	 * POST /payment-links.
	 *
	 * @param array  $body            The link: fiatAmount, fiatCurrency, currency, network, description, metadata.
	 * @param string $idempotency_key The same key and body return the same link.
	 * @return array|WP_Error The link.
	 */
	public function create_payment_link( array $body, $idempotency_key ) {
		return $this->request( 'POST', '/payment-links', $body, $idempotency_key );
	}

	/**
	 * GET /payment-links/{id}.
	 *
	 * @param string $id The link's id.
	 * @return array|WP_Error
	 */
	public function get_payment_link( $id ) {
		return $this->request( 'GET', '/payment-links/' . rawurlencode( $id ) );
	}

	/**
	 * GET /payments/{id}: the payment as Coinlane has it now.
	 *
	 * @param string $id The payment's id.
	 * @return array|WP_Error
	 */
	public function get_payment( $id ) {
		return $this->request( 'GET', '/payments/' . rawurlencode( $id ) );
	}

	/**
	 * POST /payments/{id}/refunds: a refund request the merchant pays from its own wallet.
	 *
	 * @param string $payment_id      The payment.
	 * @param array  $body            amount (in the coin received), reason, language.
	 * @param string $idempotency_key The same key and body return the same refund.
	 * @return array|WP_Error The refund.
	 */
	public function create_refund( $payment_id, array $body, $idempotency_key ) {
		return $this->request( 'POST', '/payments/' . rawurlencode( $payment_id ) . '/refunds', $body, $idempotency_key );
	}

	/**
	 * GET /payments/{id}/refunds.
	 *
	 * @param string $payment_id The payment.
	 * @return array|WP_Error `{ paymentId, currency, confirmed, refunded, refundable, refundState, canRefund, refunds }`.
	 */
	public function list_refunds( $payment_id ) {
		return $this->request( 'GET', '/payments/' . rawurlencode( $payment_id ) . '/refunds' );
	}

	/**
	 * One call: the reply's `data`, or a WP_Error.
	 *
	 * @param string      $method          GET or POST.
	 * @param string      $path            Under the API's base.
	 * @param array|null  $body            JSON body.
	 * @param string|null $idempotency_key Idempotency-Key header.
	 * @return array|WP_Error
	 */
	public function request( $method, $path, $body = null, $idempotency_key = null ) {
		if ( '' === $this->key ) {
			return new WP_Error( 'coinlane_not_configured', __( 'The Coinlane API key is not set.', 'coinlane-for-woocommerce' ) );
		}
		$headers = array(
			'Authorization' => 'Bearer ' . $this->key,
			'Accept'        => 'application/json',
			'User-Agent'    => 'coinlane-for-woocommerce/' . ( defined( 'COINLANE_WC_VERSION' ) ? COINLANE_WC_VERSION : 'dev' ),
		);
		$args    = array(
			'method'      => $method,
			'timeout'     => $this->timeout,
			'redirection' => 0,
			'headers'     => $headers,
		);
		if ( null !== $body ) {
			$args['headers']['Content-Type'] = 'application/json';
			$args['body']                    = wp_json_encode( $body );
		}
		if ( null !== $idempotency_key ) {
			$args['headers']['Idempotency-Key'] = $idempotency_key;
		}
		$response = wp_remote_request( $this->base . $path, $args );
		if ( is_wp_error( $response ) ) {
			return new WP_Error(
				'coinlane_unreachable',
				/* translators: %s: the error WordPress reported. */
				sprintf( __( 'Coinlane could not be reached: %s', 'coinlane-for-woocommerce' ), $response->get_error_message() ),
				array( 'status' => 0 )
			);
		}
		$status  = (int) wp_remote_retrieve_response_code( $response );
		$decoded = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( ! is_array( $decoded ) || ! array_key_exists( 'success', $decoded ) ) {
			return new WP_Error(
				'coinlane_bad_reply',
				/* translators: %d: HTTP status code. */
				sprintf( __( 'Coinlane answered with HTTP %d and no Coinlane reply: is the server URL right?', 'coinlane-for-woocommerce' ), $status ),
				array( 'status' => $status )
			);
		}
		if ( true !== $decoded['success'] || $status < 200 || $status >= 300 ) {
			$error = isset( $decoded['error'] ) && is_array( $decoded['error'] ) ? $decoded['error'] : array();
			$code  = isset( $error['code'] ) && is_string( $error['code'] ) ? $error['code'] : 'ERROR';
			$text  = isset( $error['message'] ) && is_string( $error['message'] ) ? $error['message'] : 'HTTP ' . $status;
			return new WP_Error( 'coinlane_api_' . strtolower( $code ), $text, array( 'status' => $status ) );
		}
		return isset( $decoded['data'] ) && is_array( $decoded['data'] ) ? $decoded['data'] : array();
	}
}
