<?php
/**
 * The Coinlane payment gateway.
 *
 * @package Coinlane_For_WooCommerce
 */

defined( 'ABSPATH' ) || exit;

/**
 * Pays an order through a Coinlane payment link: process_payment creates the link (priced in the order's
 * currency, paid in the coin chosen in the settings) and sends the customer to Coinlane's hosted page; the
 * order is marked paid when a verified `payment.confirmed` webhook arrives and the payment, fetched again from
 * the API, matches the order (Coinlane_Webhook_Handler). Refunds are Coinlane refund requests that the merchant
 * pays from its own wallet: Coinlane never holds the money.
 */
class WC_Gateway_Coinlane extends WC_Payment_Gateway {

	/** Order meta: every payment link created for the order (a retry after a day creates a new one). */
	const META_LINK_IDS = '_coinlane_link_ids';
	/** Order meta: the latest link's id and hosted page. */
	const META_LINK_ID  = '_coinlane_link_id';
	const META_LINK_URL = '_coinlane_link_url';
	/** Order meta: the payment that paid the order (also the order's transaction id). */
	const META_PAYMENT_ID = '_coinlane_payment_id';
	/** Order meta: test or live, as the link was created. */
	const META_MODE = '_coinlane_mode';

	/**
	 * The coins a link can be paid in (symbol:network => label).
	 *
	 * @return array<string,string>
	 */
	public static function coin_choices() {
		return array(
			'BTC:bitcoin'              => __( 'Bitcoin (BTC)', 'coinlane-for-woocommerce' ),
			'ETH:ethereum'             => __( 'Ether (ETH) on Ethereum', 'coinlane-for-woocommerce' ),
			'LTC:litecoin'             => __( 'Litecoin (LTC)', 'coinlane-for-woocommerce' ),
			'DOGE:dogecoin'            => __( 'Dogecoin (DOGE)', 'coinlane-for-woocommerce' ),
			'BCH:bitcoin-cash'         => __( 'Bitcoin Cash (BCH)', 'coinlane-for-woocommerce' ),
			'USDT:tron'                => __( 'Tether (USDT) on Tron', 'coinlane-for-woocommerce' ),
			'USDT:ethereum'            => __( 'Tether (USDT) on Ethereum', 'coinlane-for-woocommerce' ),
			'USDT:polygon'             => __( 'Tether (USDT) on Polygon', 'coinlane-for-woocommerce' ),
			'USDT:binance-smart-chain' => __( 'Tether (USDT) on BNB Smart Chain', 'coinlane-for-woocommerce' ),
			'USDC:ethereum'            => __( 'USD Coin (USDC) on Ethereum', 'coinlane-for-woocommerce' ),
			'USDC:polygon'             => __( 'USD Coin (USDC) on Polygon', 'coinlane-for-woocommerce' ),
			'TRX:tron'                 => __( 'TRON (TRX)', 'coinlane-for-woocommerce' ),
		);
	}

	/**
	 * The gateway, with its saved settings. Makes no network call.
	 */
	public function __construct() {
		$this->id                 = 'coinlane';
		$this->has_fields         = false;
		$this->method_title       = __( 'Coinlane (crypto)', 'coinlane-for-woocommerce' );
		$this->method_description = __( 'Customers pay in crypto on your Coinlane server\'s hosted payment page, straight to your own wallet. The order is marked paid when Coinlane confirms the payment.', 'coinlane-for-woocommerce' );
		$this->supports           = array( 'products', 'refunds' );

		$this->init_form_fields();
		$this->init_settings();

		$this->title       = $this->get_option( 'title' );
		$this->description = $this->get_option( 'description' );
		$this->enabled     = $this->get_option( 'enabled' );

		add_action( 'woocommerce_update_options_payment_gateways_' . $this->id, array( $this, 'process_admin_options' ) );
	}

	/**
	 * The settings: the Coinlane server, the API key and webhook secret of each mode, test mode, the coin.
	 */
	public function init_form_fields() {
		$webhook_url = $this->webhook_url();
		$this->form_fields = array(
			'enabled'             => array(
				'title'   => __( 'Enable/Disable', 'coinlane-for-woocommerce' ),
				'type'    => 'checkbox',
				'label'   => __( 'Enable Coinlane crypto payments', 'coinlane-for-woocommerce' ),
				'default' => 'no',
			),
			'title'               => array(
				'title'       => __( 'Title', 'coinlane-for-woocommerce' ),
				'type'        => 'text',
				'description' => __( 'What the customer sees at checkout.', 'coinlane-for-woocommerce' ),
				'default'     => __( 'Pay with crypto', 'coinlane-for-woocommerce' ),
				'desc_tip'    => true,
			),
			'description'         => array(
				'title'       => __( 'Description', 'coinlane-for-woocommerce' ),
				'type'        => 'textarea',
				'description' => __( 'Shown under the title at checkout.', 'coinlane-for-woocommerce' ),
				'default'     => __( 'You will be sent to a secure page to pay from your own wallet.', 'coinlane-for-woocommerce' ),
				'desc_tip'    => true,
			),
			'server_url'          => array(
				'title'       => __( 'Coinlane server URL', 'coinlane-for-woocommerce' ),
				'type'        => 'text',
				'description' => __( 'The address of your Coinlane, for example https://pay.example.com.', 'coinlane-for-woocommerce' ),
				'default'     => '',
				'placeholder' => 'https://pay.example.com',
			),
			'coin'                => array(
				'title'       => __( 'Paid in', 'coinlane-for-woocommerce' ),
				'type'        => 'select',
				'description' => __( 'The coin and network customers pay in. Coinlane prices it from the order total at the current rate, locked while the customer pays.', 'coinlane-for-woocommerce' ),
				'default'     => 'BTC:bitcoin',
				'options'     => self::coin_choices(),
			),
			'testmode'            => array(
				'title'       => __( 'Test mode', 'coinlane-for-woocommerce' ),
				'type'        => 'checkbox',
				'label'       => __( 'Use the test API key: payments run on Coinlane\'s test network, no real money moves', 'coinlane-for-woocommerce' ),
				'default'     => 'yes',
				'description' => __( 'Untick it once your Coinlane account is approved for live payments and the live key and secret are set.', 'coinlane-for-woocommerce' ),
			),
			'test_api_key'        => array(
				'title'       => __( 'Test API key', 'coinlane-for-woocommerce' ),
				'type'        => 'password',
				'description' => __( 'Coinlane → API Keys, in test mode: a key starting with cl_test_ with the read and write permissions.', 'coinlane-for-woocommerce' ),
				'default'     => '',
			),
			'test_webhook_secret' => array(
				'title'       => __( 'Test webhook secret', 'coinlane-for-woocommerce' ),
				'type'        => 'password',
				'description' => sprintf(
					/* translators: %s: the webhook URL of this store. */
					__( 'Coinlane → Settings → Webhooks, in test mode: set the URL to %s, choose the events payment.confirmed, payment.partial, payment.expired, payment.reversed, payment.paid_late and refund.paid, save, and paste the secret (whsec_…) here.', 'coinlane-for-woocommerce' ),
					'<code>' . esc_html( $webhook_url ) . '</code>'
				),
				'default'     => '',
			),
			'live_api_key'        => array(
				'title'       => __( 'Live API key', 'coinlane-for-woocommerce' ),
				'type'        => 'password',
				'description' => __( 'The same in live mode: a key starting with cl_live_.', 'coinlane-for-woocommerce' ),
				'default'     => '',
			),
			'live_webhook_secret' => array(
				'title'       => __( 'Live webhook secret', 'coinlane-for-woocommerce' ),
				'type'        => 'password',
				'description' => sprintf(
					/* translators: %s: the webhook URL of this store. */
					__( 'The live endpoint\'s secret; its URL is the same: %s', 'coinlane-for-woocommerce' ),
					'<code>' . esc_html( $webhook_url ) . '</code>'
				),
				'default'     => '',
			),
		);
	}

	/**
	 * Where Coinlane sends webhooks: the WooCommerce API endpoint `coinlane`.
	 *
	 * @return string
	 */
	public function webhook_url() {
		return WC()->api_request_url( 'coinlane' );
	}

	/**
	 * `test` or `live`.
	 *
	 * @return string
	 */
	public function mode() {
		return 'no' === $this->get_option( 'testmode', 'yes' ) ? 'live' : 'test';
	}

	/**
	 * The API client of the current mode.
	 *
	 * @return Coinlane_Api
	 */
	public function api() {
		return new Coinlane_Api( $this->get_option( 'server_url' ), $this->get_option( $this->mode() . '_api_key' ) );
	}

	/**
	 * The webhook secret of the current mode (as a list: the signature check accepts several).
	 *
	 * @return string[]
	 */
	public function webhook_secrets() {
		$secret = trim( (string) $this->get_option( $this->mode() . '_webhook_secret' ) );
		return '' === $secret ? array() : array( $secret );
	}

	/**
	 * The coin and network of the settings.
	 *
	 * @return array{0:string,1:string}
	 */
	public function coin() {
		$choice = (string) $this->get_option( 'coin', 'BTC:bitcoin' );
		if ( ! array_key_exists( $choice, self::coin_choices() ) ) {
			$choice = 'BTC:bitcoin';
		}
		return explode( ':', $choice, 2 );
	}

	/**
	 * Offered at checkout only when configured for the current mode and the store's currency is one Coinlane
	 * prices in. No network call.
	 *
	 * @return bool
	 */
	public function is_available() {
		if ( ! parent::is_available() ) {
			return false;
		}
		if ( '' === (string) $this->get_option( 'server_url' ) || '' === (string) $this->get_option( $this->mode() . '_api_key' ) ) {
			return false;
		}
		return Coinlane_Amount::is_fiat_supported( get_woocommerce_currency() );
	}

	/**
	 * The server URL must be an http(s) URL.
	 *
	 * @param string $key   Field key.
	 * @param string $value Posted value.
	 * @return string
	 * @throws Exception When it is not a URL.
	 */
	public function validate_server_url_field( $key, $value ) {
		$value = trim( sanitize_text_field( wp_unslash( (string) $value ) ) );
		if ( '' === $value ) {
			return '';
		}
		$url = esc_url_raw( $value, array( 'http', 'https' ) );
		if ( '' === $url || ! preg_match( '#^https?://[^/]+#i', $url ) ) {
			throw new Exception( esc_html__( 'The Coinlane server URL must start with https:// (or http:// for a server on this machine).', 'coinlane-for-woocommerce' ) );
		}
		return untrailingslashit( $url );
	}

	/**
	 * A test key starts with cl_test_.
	 *
	 * @param string $key   Field key.
	 * @param string $value Posted value.
	 * @return string
	 * @throws Exception When it is a live key or not a Coinlane key.
	 */
	public function validate_test_api_key_field( $key, $value ) {
		return $this->validate_key( $value, 'cl_test_', __( 'The test API key must start with cl_test_ (create it in Coinlane while in test mode).', 'coinlane-for-woocommerce' ) );
	}

	/**
	 * A live key starts with cl_live_.
	 *
	 * @param string $key   Field key.
	 * @param string $value Posted value.
	 * @return string
	 * @throws Exception When it is a test key or not a Coinlane key.
	 */
	public function validate_live_api_key_field( $key, $value ) {
		return $this->validate_key( $value, 'cl_live_', __( 'The live API key must start with cl_live_ (create it in Coinlane while in live mode).', 'coinlane-for-woocommerce' ) );
	}

	/**
	 * An API key field: empty, or a key with the given prefix.
	 *
	 * @param string $value   Posted value.
	 * @param string $prefix  cl_test_ or cl_live_.
	 * @param string $message Error.
	 * @return string
	 * @throws Exception When the key does not fit.
	 */
	private function validate_key( $value, $prefix, $message ) {
		$value = trim( sanitize_text_field( wp_unslash( (string) $value ) ) );
		if ( '' !== $value && ( 0 !== strpos( $value, $prefix ) || ! preg_match( '/^[A-Za-z0-9_]+$/', $value ) ) ) {
			throw new Exception( esc_html( $message ) );
		}
		return $value;
	}

	/**
	 * Creates the order's payment link and sends the customer to Coinlane's hosted page.
	 *
	 * @param int $order_id The order.
	 * @return array{result:string,redirect?:string}
	 */
	public function process_payment( $order_id ) {
		$order = wc_get_order( $order_id );
		if ( ! $order ) {
			wc_add_notice( __( 'This order could not be found.', 'coinlane-for-woocommerce' ), 'error' );
			return array( 'result' => 'failure' );
		}
		$currency = strtoupper( $order->get_currency() );
		if ( ! Coinlane_Amount::is_fiat_supported( $currency ) ) {
			wc_add_notice(
				/* translators: %s: currency code. */
				sprintf( __( 'Crypto payments cannot be priced in %s.', 'coinlane-for-woocommerce' ), esc_html( $currency ) ),
				'error'
			);
			return array( 'result' => 'failure' );
		}
		list( $symbol, $network ) = $this->coin();
		$body                     = array(
			'fiatAmount'     => $this->order_total( $order ),
			'fiatCurrency'   => $currency,
			'currency'       => $symbol,
			'network'        => $network,
			'description'    => $this->link_description( $order ),
			'expiresInHours' => 24,
			'metadata'       => array(
				'orderId'     => (string) $order->get_id(),
				'orderNumber' => (string) $order->get_order_number(),
				'plugin'      => 'coinlane-for-woocommerce',
				'store'       => home_url( '/' ),
			),
		);
		// Once paid, the hosted page sends the customer back to the order-received page ("Return to <shop>", then
		// on its own after a few seconds), with coinlane_payment=<payment id> added. Only an address Coinlane takes.
		$return_url = $this->return_url( $order );
		if ( '' !== $return_url ) {
			$body['returnUrl'] = $return_url;
		}
		// The same order with the same total gets the same link back (within Coinlane's 24 hours of idempotency).
		$key  = 'wc-' . substr( md5( home_url( '/' ) ), 0, 12 ) . '-order-' . $order->get_id() . '-' . substr( hash( 'sha256', (string) wp_json_encode( $body ) ), 0, 16 );
		$link = $this->api()->create_payment_link( $body, $key );
		if ( is_wp_error( $link ) ) {
			$this->log( 'error', sprintf( 'Order %d: payment link not created: %s', $order->get_id(), $link->get_error_message() ) );
			wc_add_notice(
				/* translators: %s: Coinlane's error message. */
				sprintf( __( 'The crypto payment could not be started: %s', 'coinlane-for-woocommerce' ), esc_html( $link->get_error_message() ) ),
				'error'
			);
			return array( 'result' => 'failure' );
		}
		$url = isset( $link['url'] ) ? esc_url_raw( (string) $link['url'], array( 'http', 'https' ) ) : '';
		if ( empty( $link['id'] ) || '' === $url ) {
			wc_add_notice( __( 'The crypto payment could not be started: Coinlane\'s reply had no payment page.', 'coinlane-for-woocommerce' ), 'error' );
			return array( 'result' => 'failure' );
		}
		$ids = array_values( array_filter( (array) $order->get_meta( self::META_LINK_IDS ) ) );
		if ( ! in_array( $link['id'], $ids, true ) ) {
			$ids[] = (string) $link['id'];
			$order->add_order_note(
				sprintf(
					/* translators: 1: link id, 2: crypto amount, 3: coin, 4: mode. */
					__( 'Coinlane payment link %1$s created: %2$s %3$s (%4$s mode).', 'coinlane-for-woocommerce' ),
					esc_html( $link['id'] ),
					esc_html( isset( $link['amount'] ) ? $link['amount'] : '' ),
					esc_html( isset( $link['currency'] ) ? $link['currency'] : $symbol ),
					esc_html( $this->mode() )
				)
			);
		}
		$order->update_meta_data( self::META_LINK_IDS, array_values( $ids ) );
		$order->update_meta_data( self::META_LINK_ID, (string) $link['id'] );
		$order->update_meta_data( self::META_LINK_URL, $url );
		$order->update_meta_data( self::META_MODE, $this->mode() );
		$order->save();
		if ( WC()->cart ) {
			WC()->cart->empty_cart();
		}
		return array(
			'result'   => 'success',
			'redirect' => $url,
		);
	}

	/**
	 * Where Coinlane's hosted page sends the customer once the payment is confirmed: the order's "order received"
	 * page. Coinlane takes an https address of at most 2048 characters without credentials, or, in test mode, plain
	 * http to this machine (localhost, 127.0.0.1, [::1]); for any other address (a store served over plain http)
	 * this is '' and the link has no return address: the payment works the same, the customer is not sent back.
	 *
	 * @param WC_Order $order The order.
	 * @return string
	 */
	public function return_url( $order ) {
		$url = (string) $order->get_checkout_order_received_url();
		if ( '' === $url || strlen( $url ) > 2048 || preg_match( '/[\s\x00-\x1f\x7f]/', $url ) ) {
			return '';
		}
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return '';
		}
		$scheme = strtolower( $parts['scheme'] );
		$host   = strtolower( $parts['host'] );
		if ( 'https' === $scheme ) {
			return $url;
		}
		$local = in_array( $host, array( 'localhost', '127.0.0.1', '[::1]' ), true );
		return 'http' === $scheme && $local && 'test' === $this->mode() ? $url : '';
	}

	/**
	 * The order total as Coinlane's fiat amount: a decimal string with the currency's minor unit.
	 *
	 * @param WC_Order $order The order.
	 * @return string
	 */
	public function order_total( $order ) {
		$decimals = Coinlane_Amount::FIAT_DECIMALS[ strtoupper( $order->get_currency() ) ];
		return wc_format_decimal( $order->get_total(), $decimals, false );
	}

	/**
	 * "Order 1234 at My Shop", at most Coinlane's 500 characters.
	 *
	 * @param WC_Order $order The order.
	 * @return string
	 */
	private function link_description( $order ) {
		/* translators: 1: order number, 2: the shop's name. */
		$text = sprintf( __( 'Order %1$s at %2$s', 'coinlane-for-woocommerce' ), $order->get_order_number(), get_bloginfo( 'name' ) );
		return function_exists( 'mb_substr' ) ? mb_substr( $text, 0, 500 ) : substr( $text, 0, 500 );
	}

	/**
	 * A WooCommerce refund becomes a Coinlane refund request in the coin the customer paid: the refunded share
	 * of the order total, of the crypto amount due (rounded down to the coin's decimals). Coinlane asks the
	 * customer for an address (the link goes to the customer as an order note, since a payment made on the hosted
	 * page has no e-mail at Coinlane), the merchant pays it from its own wallet, and the `refund.paid` webhook
	 * notes the transaction.
	 *
	 * @param int        $order_id The order.
	 * @param float|null $amount   The amount to refund, in the order's currency.
	 * @param string     $reason   Why.
	 * @return bool|WP_Error
	 */
	public function process_refund( $order_id, $amount = null, $reason = '' ) {
		$order = wc_get_order( $order_id );
		if ( ! $order ) {
			return new WP_Error( 'coinlane_refund', __( 'This order could not be found.', 'coinlane-for-woocommerce' ) );
		}
		$payment_id = (string) $order->get_meta( self::META_PAYMENT_ID );
		if ( '' === $payment_id ) {
			return new WP_Error( 'coinlane_refund', __( 'This order has no confirmed Coinlane payment to refund.', 'coinlane-for-woocommerce' ) );
		}
		$api     = $this->api();
		$payment = $api->get_payment( $payment_id );
		if ( is_wp_error( $payment ) ) {
			return $payment;
		}
		$currency = strtoupper( $order->get_currency() );
		$decimals = Coinlane_Amount::FIAT_DECIMALS[ $currency ];
		try {
			$total_minor  = (int) Coinlane_Amount::to_units( (string) $payment['fiatAmount'], $decimals );
			$refund_minor = (int) Coinlane_Amount::to_units( wc_format_decimal( null === $amount ? $order->get_total() : $amount, $decimals, false ), $decimals );
			$due_units    = Coinlane_Amount::to_units( (string) $payment['amount'], (int) $payment['decimals'] );
		} catch ( InvalidArgumentException $e ) {
			return new WP_Error( 'coinlane_refund', __( 'The refund amount is not a valid amount.', 'coinlane-for-woocommerce' ) );
		}
		if ( $total_minor <= 0 || $refund_minor <= 0 || $refund_minor > $total_minor ) {
			return new WP_Error( 'coinlane_refund', __( 'The refund must be more than zero and at most the amount paid.', 'coinlane-for-woocommerce' ) );
		}
		$crypto = Coinlane_Amount::from_units( Coinlane_Amount::proportion( $due_units, $refund_minor, $total_minor ), (int) $payment['decimals'] );
		if ( 0 === Coinlane_Amount::compare( $crypto, '0' ) ) {
			return new WP_Error( 'coinlane_refund', __( 'This amount is less than the smallest unit of the coin paid.', 'coinlane-for-woocommerce' ) );
		}
		$body = array(
			'amount'   => $crypto,
			'language' => $this->customer_language(),
		);
		$reason = trim( (string) $reason );
		if ( '' !== $reason ) {
			$body['reason'] = function_exists( 'mb_substr' ) ? mb_substr( $reason, 0, 500 ) : substr( $reason, 0, 500 );
		}
		$refunds = $order->get_refunds();
		$newest  = ! empty( $refunds ) ? reset( $refunds ) : null;
		$key     = 'wc-' . substr( md5( home_url( '/' ) ), 0, 12 ) . '-order-' . $order->get_id() . '-refund-' . ( $newest ? $newest->get_id() : count( $refunds ) ) . '-' . $crypto;
		$refund  = $api->create_refund( $payment_id, $body, $key );
		if ( is_wp_error( $refund ) ) {
			$this->log( 'warning', sprintf( 'Order %d: refund not issued: %s', $order->get_id(), $refund->get_error_message() ) );
			return $refund;
		}
		$order->add_order_note(
			sprintf(
				/* translators: 1: refund id, 2: amount, 3: coin, 4: network. */
				__( 'Coinlane refund %1$s requested: %2$s %3$s on %4$s. Coinlane never holds the money: once the customer gives a wallet address, pay it from your own wallet (Coinlane shows the amount, address and QR code on the payment in Transactions). Coinlane notes here when it sees your transfer.', 'coinlane-for-woocommerce' ),
				esc_html( (string) $refund['id'] ),
				esc_html( (string) $refund['amount'] ),
				esc_html( (string) $refund['currency'] ),
				esc_html( (string) $refund['network'] )
			)
		);
		if ( ! empty( $refund['addressLink'] ) ) {
			$order->add_order_note(
				sprintf(
					/* translators: 1: amount, 2: coin, 3: link, 4: date. */
					__( 'Your refund of %1$s %2$s is ready to be sent to you. Please give the address of your own wallet here: %3$s (this link works until %4$s).', 'coinlane-for-woocommerce' ),
					esc_html( (string) $refund['amount'] ),
					esc_html( (string) $refund['currency'] ),
					esc_url( (string) $refund['addressLink'] ),
					esc_html( (string) $refund['linkExpiresAt'] )
				),
				1
			);
		}
		return true;
	}

	/**
	 * The language of Coinlane's refund page and e-mail: the site's, when Coinlane speaks it.
	 *
	 * @return string en, es, fr or de.
	 */
	private function customer_language() {
		$lang = strtolower( substr( (string) get_locale(), 0, 2 ) );
		return in_array( $lang, array( 'en', 'es', 'fr', 'de' ), true ) ? $lang : 'en';
	}

	/**
	 * The webhook endpoint (woocommerce_api_coinlane): reads the raw body and the signature header, answers with
	 * the handler's status (2xx handled or ignored, 400 refused, 503 Coinlane unreachable: it will retry).
	 */
	public function handle_webhook_request() {
		// The exact bytes received: the signature is over them (phpcs: reading php://input, not a remote file).
		$raw    = (string) file_get_contents( 'php://input' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		$header = isset( $_SERVER['HTTP_COINLANE_SIGNATURE'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_COINLANE_SIGNATURE'] ) ) : '';
		$result = ( new Coinlane_Webhook_Handler( $this ) )->handle( $raw, $header );
		wp_send_json( array( 'message' => $result['message'] ), $result['status'] );
	}

	/**
	 * A line in WooCommerce → Status → Logs (source `coinlane`). Never a key or a secret.
	 *
	 * @param string $level   debug, info, warning or error.
	 * @param string $message The line.
	 */
	public function log( $level, $message ) {
		if ( function_exists( 'wc_get_logger' ) ) {
			wc_get_logger()->log( $level, $message, array( 'source' => 'coinlane' ) );
		}
	}
}
