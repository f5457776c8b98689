<?php
/**
 * STUBS of WordPress and WooCommerce, for the plugin's PHPUnit tests only.
 *
 * WordPress and WooCommerce cannot be installed on this machine (no network but the npm registry and Debian's
 * packages), so the functions and classes the plugin calls are written here at their documented signatures
 * (developer.wordpress.org/reference, woocommerce.github.io/code-reference), with the behaviour the plugin relies
 * on: WC_Order::payment_complete() only completes an order in a status valid for payment
 * (pending, on-hold, failed, cancelled) and moves it to processing; update_status() adds its note; settings are
 * read from get_option( 'woocommerce_coinlane_settings' ); validate_{key}_field() methods are called on save.
 * They are NOT WordPress or WooCommerce: the tests check the plugin's own logic and its HTTP exchanges with
 * Coinlane, never WooCommerce itself.
 *
 * The WordPress HTTP API (wp_remote_request and friends) makes real HTTP requests with PHP's stream wrapper, so
 * the real-server test talks to a real Coinlane; unit tests replace the transport with
 * `$GLOBALS['coinlane_test_http']` (a callable( $url, $args ) returning what wp_remote_request returns).
 *
 * @package Coinlane_For_WooCommerce\Tests
 */

// phpcs:disable

define( 'ABSPATH', __DIR__ . '/' );

/** Everything the stubs record, reset by coinlane_test_reset(). */
$GLOBALS['coinlane_test'] = array();

function coinlane_test_reset() {
	$GLOBALS['coinlane_test'] = array(
		'options'  => array(
			'woocommerce_currency' => 'EUR',
			'blogname'             => 'Test Shop',
			'home'                 => 'https://shop.example',
			'WPLANG'               => 'en_US',
		),
		'orders'   => array(),
		'notices'  => array(),
		'logs'     => array(),
		'requests' => array(),
		'cart'     => null,
	);
	$GLOBALS['coinlane_test']['cart'] = new WC_Cart();
	WC_Order::$next_id                 = 100;
	unset( $GLOBALS['coinlane_test_http'] );
}

// ---------------------------------------------------------------------------------------------------------
// WordPress: hooks.

$GLOBALS['coinlane_test_hooks'] = array();

function add_action( $hook_name, $callback, $priority = 10, $accepted_args = 1 ) {
	$GLOBALS['coinlane_test_hooks'][ $hook_name ][] = array( $callback, $accepted_args );
	return true;
}

function add_filter( $hook_name, $callback, $priority = 10, $accepted_args = 1 ) {
	return add_action( $hook_name, $callback, $priority, $accepted_args );
}

function do_action( $hook_name, ...$arg ) {
	foreach ( isset( $GLOBALS['coinlane_test_hooks'][ $hook_name ] ) ? $GLOBALS['coinlane_test_hooks'][ $hook_name ] : array() as $hook ) {
		call_user_func_array( $hook[0], array_slice( $arg, 0, $hook[1] ) );
	}
}

function apply_filters( $hook_name, $value, ...$args ) {
	foreach ( isset( $GLOBALS['coinlane_test_hooks'][ $hook_name ] ) ? $GLOBALS['coinlane_test_hooks'][ $hook_name ] : array() as $hook ) {
		$value = call_user_func_array( $hook[0], array_slice( array_merge( array( $value ), $args ), 0, max( 1, $hook[1] ) ) );
	}
	return $value;
}

function has_action( $hook_name, $callback = false ) {
	if ( empty( $GLOBALS['coinlane_test_hooks'][ $hook_name ] ) ) {
		return false;
	}
	if ( false === $callback ) {
		return true;
	}
	foreach ( $GLOBALS['coinlane_test_hooks'][ $hook_name ] as $hook ) {
		if ( $hook[0] === $callback ) {
			return 10;
		}
	}
	return false;
}

// ---------------------------------------------------------------------------------------------------------
// WordPress: i18n, escaping, sanitising, options, URLs.

function __( $text, $domain = 'default' ) {
	return $text;
}

function esc_html__( $text, $domain = 'default' ) {
	return esc_html( $text );
}

function esc_attr__( $text, $domain = 'default' ) {
	return esc_attr( $text );
}

function esc_html( $text ) {
	return htmlspecialchars( (string) $text, ENT_QUOTES, 'UTF-8' );
}

function esc_attr( $text ) {
	return htmlspecialchars( (string) $text, ENT_QUOTES, 'UTF-8' );
}

function esc_url_raw( $url, $protocols = null ) {
	$url    = trim( (string) $url );
	$scheme = strtolower( (string) parse_url( $url, PHP_URL_SCHEME ) );
	$allow  = null === $protocols ? array( 'http', 'https', 'mailto' ) : $protocols;
	if ( '' === $url || ! in_array( $scheme, $allow, true ) || preg_match( '/[\s<>"]/', $url ) ) {
		return '';
	}
	return $url;
}

function esc_url( $url, $protocols = null, $_context = 'display' ) {
	return str_replace( '&', '&#038;', esc_url_raw( $url, $protocols ) );
}

function sanitize_text_field( $str ) {
	$str = (string) $str;
	$str = strip_tags( $str );
	$str = preg_replace( '/[\r\n\t ]+/', ' ', $str );
	return trim( $str );
}

function wp_unslash( $value ) {
	return is_string( $value ) ? stripslashes( $value ) : $value;
}

function untrailingslashit( $value ) {
	return rtrim( (string) $value, '/\\' );
}

function trailingslashit( $value ) {
	return untrailingslashit( $value ) . '/';
}

function wp_json_encode( $data, $options = 0, $depth = 512 ) {
	return json_encode( $data, $options | JSON_UNESCAPED_SLASHES, $depth );
}

function get_option( $option, $default_value = false ) {
	return array_key_exists( $option, $GLOBALS['coinlane_test']['options'] ) ? $GLOBALS['coinlane_test']['options'][ $option ] : $default_value;
}

function update_option( $option, $value, $autoload = null ) {
	$GLOBALS['coinlane_test']['options'][ $option ] = $value;
	return true;
}

function delete_option( $option ) {
	unset( $GLOBALS['coinlane_test']['options'][ $option ] );
	return true;
}

function wp_parse_url( $url, $component = -1 ) {
	return parse_url( $url, $component );
}

function home_url( $path = '', $scheme = null ) {
	return rtrim( get_option( 'home' ), '/' ) . '/' . ltrim( (string) $path, '/' );
}

function admin_url( $path = '', $scheme = 'admin' ) {
	return home_url( 'wp-admin/' . ltrim( (string) $path, '/' ) );
}

function get_bloginfo( $show = '', $filter = 'raw' ) {
	return 'name' === $show ? get_option( 'blogname' ) : '';
}

function get_locale() {
	return get_option( 'WPLANG' );
}

function plugin_basename( $file ) {
	return basename( dirname( $file ) ) . '/' . basename( $file );
}

function plugins_url( $path = '', $plugin = '' ) {
	return home_url( 'wp-content/plugins/' . basename( dirname( $plugin ) ) . '/' . ltrim( $path, '/' ) );
}

function wp_register_script( $handle, $src, $deps = array(), $ver = false, $args = array() ) {
	$GLOBALS['coinlane_test']['scripts'][ $handle ] = $src;
	return true;
}

// ---------------------------------------------------------------------------------------------------------
// WordPress: errors, JSON replies.

class WP_Error {
	public $errors     = array();
	public $error_data = array();

	public function __construct( $code = '', $message = '', $data = '' ) {
		if ( '' !== $code ) {
			$this->errors[ $code ][] = $message;
			if ( '' !== $data ) {
				$this->error_data[ $code ] = $data;
			}
		}
	}

	public function get_error_code() {
		$codes = array_keys( $this->errors );
		return empty( $codes ) ? '' : $codes[0];
	}

	public function get_error_message( $code = '' ) {
		$code = '' === $code ? $this->get_error_code() : $code;
		return isset( $this->errors[ $code ][0] ) ? $this->errors[ $code ][0] : '';
	}

	public function get_error_data( $code = '' ) {
		$code = '' === $code ? $this->get_error_code() : $code;
		return isset( $this->error_data[ $code ] ) ? $this->error_data[ $code ] : null;
	}
}

function is_wp_error( $thing ) {
	return $thing instanceof WP_Error;
}

/** What wp_send_json() would have sent before wp_die(): thrown so the test sees it instead of the process ending. */
class Coinlane_Test_Json_Sent extends Exception {
	public $status_code;
	public $response;

	public function __construct( $response, $status_code ) {
		parent::__construct( 'wp_send_json' );
		$this->response    = $response;
		$this->status_code = $status_code;
	}
}

function wp_send_json( $response, $status_code = null, $options = 0 ) {
	throw new Coinlane_Test_Json_Sent( $response, $status_code );
}

// ---------------------------------------------------------------------------------------------------------
// WordPress: HTTP API. Real requests through PHP's HTTP stream wrapper, unless a test sets its own transport.

function wp_remote_request( $url, $args = array() ) {
	$args = array_merge(
		array(
			'method'  => 'GET',
			'timeout' => 5,
			'headers' => array(),
			'body'    => null,
		),
		$args
	);
	$GLOBALS['coinlane_test']['requests'][] = array(
		'url'  => $url,
		'args' => $args,
	);
	if ( isset( $GLOBALS['coinlane_test_http'] ) ) {
		return call_user_func( $GLOBALS['coinlane_test_http'], $url, $args );
	}
	$header_lines = '';
	foreach ( $args['headers'] as $name => $value ) {
		$header_lines .= $name . ': ' . $value . "\r\n";
	}
	$context = stream_context_create(
		array(
			'http' => array(
				'method'          => $args['method'],
				'header'          => $header_lines,
				'content'         => null === $args['body'] ? '' : $args['body'],
				'timeout'         => (float) $args['timeout'],
				'ignore_errors'   => true,
				'follow_location' => 0,
				'protocol_version' => 1.1,
			),
		)
	);
	$body = @file_get_contents( $url, false, $context );
	if ( false === $body ) {
		$last = error_get_last();
		return new WP_Error( 'http_request_failed', $last ? $last['message'] : 'request failed' );
	}
	$code    = 0;
	$message = '';
	$headers = array();
	foreach ( isset( $http_response_header ) ? $http_response_header : array() as $line ) {
		if ( preg_match( '#^HTTP/\S+\s+(\d{3})\s*(.*)$#', $line, $m ) ) {
			$code    = (int) $m[1];
			$message = $m[2];
			$headers = array();
		} elseif ( false !== strpos( $line, ':' ) ) {
			list( $name, $value )               = explode( ':', $line, 2 );
			$headers[ strtolower( trim( $name ) ) ] = trim( $value );
		}
	}
	return array(
		'headers'  => $headers,
		'body'     => $body,
		'response' => array(
			'code'    => $code,
			'message' => $message,
		),
	);
}

function wp_remote_post( $url, $args = array() ) {
	return wp_remote_request( $url, array_merge( $args, array( 'method' => 'POST' ) ) );
}

function wp_remote_get( $url, $args = array() ) {
	return wp_remote_request( $url, array_merge( $args, array( 'method' => 'GET' ) ) );
}

function wp_remote_retrieve_response_code( $response ) {
	return is_wp_error( $response ) || ! isset( $response['response']['code'] ) ? '' : $response['response']['code'];
}

function wp_remote_retrieve_body( $response ) {
	return is_wp_error( $response ) || ! isset( $response['body'] ) ? '' : $response['body'];
}

// ---------------------------------------------------------------------------------------------------------
// WooCommerce: settings API and payment gateway.

abstract class WC_Settings_API {
	public $plugin_id   = 'woocommerce_';
	public $id          = '';
	public $errors      = array();
	public $settings    = array();
	public $form_fields = array();
	protected $data     = array();

	public function get_form_fields() {
		return apply_filters( 'woocommerce_settings_api_form_fields_' . $this->id, array_map( array( $this, 'set_defaults' ), $this->form_fields ) );
	}

	protected function set_defaults( $field ) {
		if ( ! isset( $field['default'] ) ) {
			$field['default'] = '';
		}
		return $field;
	}

	public function get_option_key() {
		return $this->plugin_id . $this->id . '_settings';
	}

	public function get_field_key( $key ) {
		return $this->plugin_id . $this->id . '_' . $key;
	}

	public function init_settings() {
		$this->settings = get_option( $this->get_option_key(), null );
		if ( ! is_array( $this->settings ) ) {
			$form_fields    = $this->get_form_fields();
			$this->settings = array_merge( array_fill_keys( array_keys( $form_fields ), '' ), wp_list_pluck( $form_fields, 'default' ) );
		}
	}

	public function get_option( $key, $empty_value = null ) {
		if ( empty( $this->settings ) ) {
			$this->init_settings();
		}
		if ( ! isset( $this->settings[ $key ] ) ) {
			$form_fields            = $this->get_form_fields();
			$this->settings[ $key ] = isset( $form_fields[ $key ] ) ? $this->get_field_default( $form_fields[ $key ] ) : '';
		}
		if ( ! is_null( $empty_value ) && '' === $this->settings[ $key ] ) {
			$this->settings[ $key ] = $empty_value;
		}
		return $this->settings[ $key ];
	}

	public function update_option( $key, $value = '' ) {
		if ( empty( $this->settings ) ) {
			$this->init_settings();
		}
		$this->settings[ $key ] = $value;
		return update_option( $this->get_option_key(), $this->settings, 'yes' );
	}

	public function get_field_default( $field ) {
		return empty( $field['default'] ) ? '' : $field['default'];
	}

	public function get_field_type( $field ) {
		return empty( $field['type'] ) ? 'text' : $field['type'];
	}

	public function get_post_data() {
		return ! empty( $this->data ) && is_array( $this->data ) ? $this->data : $_POST;
	}

	public function set_post_data( $data = array() ) {
		$this->data = $data;
	}

	public function get_field_value( $key, $field, $post_data = array() ) {
		$type      = $this->get_field_type( $field );
		$field_key = $this->get_field_key( $key );
		$post_data = empty( $post_data ) ? $_POST : $post_data;
		$value     = isset( $post_data[ $field_key ] ) ? $post_data[ $field_key ] : null;
		if ( isset( $field['sanitize_callback'] ) && is_callable( $field['sanitize_callback'] ) ) {
			return call_user_func( $field['sanitize_callback'], $value );
		}
		if ( is_callable( array( $this, 'validate_' . $key . '_field' ) ) ) {
			return $this->{'validate_' . $key . '_field'}( $key, $value );
		}
		if ( 'checkbox' === $type ) {
			return ! is_null( $value ) ? 'yes' : 'no';
		}
		return is_null( $value ) ? '' : trim( sanitize_text_field( wp_unslash( $value ) ) );
	}

	public function process_admin_options() {
		$this->init_settings();
		$post_data = $this->get_post_data();
		foreach ( $this->get_form_fields() as $key => $field ) {
			if ( 'title' !== $this->get_field_type( $field ) ) {
				try {
					$this->settings[ $key ] = $this->get_field_value( $key, $field, $post_data );
				} catch ( Exception $e ) {
					$this->add_error( $e->getMessage() );
				}
			}
		}
		return update_option( $this->get_option_key(), apply_filters( 'woocommerce_settings_api_sanitized_fields_' . $this->id, $this->settings ), 'yes' );
	}

	public function add_error( $error ) {
		$this->errors[] = $error;
	}

	public function get_errors() {
		return $this->errors;
	}
}

function wp_list_pluck( $input_list, $field, $index_key = null ) {
	$out = array();
	foreach ( $input_list as $key => $item ) {
		if ( is_array( $item ) && array_key_exists( $field, $item ) ) {
			$out[ $key ] = $item[ $field ];
		}
	}
	return $out;
}

abstract class WC_Payment_Gateway extends WC_Settings_API {
	const ID                   = '';
	public $order_button_text;
	public $enabled            = 'yes';
	public $title;
	public $description;
	public $chosen;
	public $method_title       = '';
	public $method_description = '';
	public $has_fields;
	public $countries;
	public $availability;
	public $icon;
	public $supports           = array( 'products' );
	public $max_amount         = 0;
	public $view_transaction_url = '';
	public $new_method_label   = '';
	public $pay_button_id      = '';

	public function get_title() {
		return apply_filters( 'woocommerce_gateway_title', $this->title, $this->id );
	}

	public function get_description() {
		return apply_filters( 'woocommerce_gateway_description', $this->description, $this->id );
	}

	public function is_available() {
		return 'yes' === $this->enabled;
	}

	public function get_return_url( $order = null ) {
		return $order ? $order->get_checkout_order_received_url() : home_url( 'checkout/order-received/' );
	}

	public function process_payment( $order_id ) {
		return array();
	}

	public function process_refund( $order_id, $amount = null, $reason = '' ) {
		return false;
	}

	public function can_refund_order( $order ) {
		return $order && $this->supports( 'refunds' );
	}

	public function supports( $feature ) {
		return apply_filters( 'woocommerce_payment_gateway_supports', in_array( $feature, $this->supports, true ), $feature, $this );
	}

	public function payment_fields() {
		$description = $this->get_description();
		if ( $description ) {
			echo $description;
		}
	}

	public function validate_fields() {
		return true;
	}
}

// ---------------------------------------------------------------------------------------------------------
// WooCommerce: orders, refunds, cart, notices, logger, helpers.

class WC_Order {
	public static $next_id = 100;

	protected $id;
	protected $status         = 'pending';
	protected $total          = '0';
	protected $currency       = 'EUR';
	protected $payment_method = '';
	protected $transaction_id = '';
	protected $date_paid      = null;
	protected $meta           = array();
	/** @var array<int,array{note:string,customer:bool}> */
	public $notes             = array();
	/** @var WC_Order_Refund[] */
	public $refunds           = array();
	public $saves             = 0;

	public function __construct( $order = 0 ) {
		$this->id = $order ? (int) $order : self::$next_id++;
		$GLOBALS['coinlane_test']['orders'][ $this->id ] = $this;
	}

	public function get_id() {
		return $this->id;
	}

	public function get_order_number() {
		return (string) apply_filters( 'woocommerce_order_number', $this->id, $this );
	}

	public function get_order_key( $context = 'view' ) {
		return 'wc_order_' . md5( (string) $this->id );
	}

	public function get_total( $context = 'view' ) {
		return $this->total;
	}

	/** As WooCommerce builds it: the checkout page's order-received endpoint with the order key, filtered. */
	public function get_checkout_order_received_url() {
		$url = home_url( 'checkout/order-received/' . $this->id . '/' ) . '?key=' . $this->get_order_key();
		return apply_filters( 'woocommerce_get_checkout_order_received_url', $url, $this );
	}

	public function set_total( $value, $deprecated = '' ) {
		$this->total = wc_format_decimal( $value, 2 );
	}

	public function get_currency( $context = 'view' ) {
		return $this->currency;
	}

	public function set_currency( $value ) {
		$this->currency = $value;
	}

	public function get_payment_method( $context = 'view' ) {
		return $this->payment_method;
	}

	public function set_payment_method( $payment_method = '' ) {
		$this->payment_method = is_object( $payment_method ) ? $payment_method->id : $payment_method;
	}

	public function get_transaction_id( $context = 'view' ) {
		return $this->transaction_id;
	}

	public function set_transaction_id( $value ) {
		$this->transaction_id = (string) $value;
	}

	public function get_date_paid( $context = 'view' ) {
		return $this->date_paid;
	}

	public function get_status( $context = 'view' ) {
		return $this->status;
	}

	public function set_status( $new_status, $note = '', $manual_update = false ) {
		$new_status   = 0 === strpos( $new_status, 'wc-' ) ? substr( $new_status, 3 ) : $new_status;
		$from         = $this->status;
		$this->status = $new_status;
		return array(
			'from' => $from,
			'to'   => $new_status,
		);
	}

	public function update_status( $new_status, $note = '', $manual = false ) {
		$result = $this->set_status( $new_status, $note, $manual );
		if ( $result['from'] !== $result['to'] ) {
			$this->add_order_note( trim( $note . ' Order status changed from ' . $result['from'] . ' to ' . $result['to'] . '.' ) );
		} elseif ( '' !== $note ) {
			$this->add_order_note( $note );
		}
		$this->save();
		return true;
	}

	public function has_status( $status ) {
		return apply_filters( 'woocommerce_order_has_status', ( is_array( $status ) && in_array( $this->status, $status, true ) ) || $this->status === $status, $this, $status );
	}

	public function is_paid() {
		return apply_filters( 'woocommerce_order_is_paid', $this->has_status( wc_get_is_paid_statuses() ), $this );
	}

	public function needs_payment() {
		return $this->has_status( array( 'pending', 'failed' ) ) && $this->total > 0;
	}

	public function needs_processing() {
		return true;
	}

	/** WooCommerce: completes only an order in a status valid for payment; returns false without an id. */
	public function payment_complete( $transaction_id = '' ) {
		if ( ! $this->get_id() ) {
			return false;
		}
		do_action( 'woocommerce_pre_payment_complete', $this->get_id(), $transaction_id );
		if ( $this->has_status( apply_filters( 'woocommerce_valid_order_statuses_for_payment_complete', array( 'on-hold', 'pending', 'failed', 'cancelled' ), $this ) ) ) {
			if ( ! empty( $transaction_id ) ) {
				$this->set_transaction_id( $transaction_id );
			}
			if ( ! $this->date_paid ) {
				$this->date_paid = time();
			}
			$this->update_status( $this->needs_processing() ? 'processing' : 'completed' );
			do_action( 'woocommerce_payment_complete', $this->get_id(), $transaction_id );
		} else {
			do_action( 'woocommerce_payment_complete_order_status_' . $this->get_status(), $this->get_id(), $transaction_id );
		}
		return true;
	}

	public function add_order_note( $note, $is_customer_note = 0, $added_by_user = false ) {
		$this->notes[] = array(
			'note'     => (string) $note,
			'customer' => (bool) $is_customer_note,
		);
		return count( $this->notes );
	}

	public function get_meta( $key = '', $single = true, $context = 'view' ) {
		return array_key_exists( $key, $this->meta ) ? $this->meta[ $key ] : '';
	}

	public function update_meta_data( $key, $value, $meta_id = 0 ) {
		$this->meta[ $key ] = $value;
	}

	public function delete_meta_data( $key ) {
		unset( $this->meta[ $key ] );
	}

	public function get_refunds() {
		return array_reverse( $this->refunds );
	}

	public function save() {
		++$this->saves;
		return $this->id;
	}
}

class WC_Order_Refund {
	protected $id;
	protected $amount;

	public function __construct( $id, $amount ) {
		$this->id     = $id;
		$this->amount = $amount;
	}

	public function get_id() {
		return $this->id;
	}

	public function get_amount( $context = 'view' ) {
		return $this->amount;
	}
}

class WC_Cart {
	public $emptied = false;

	public function empty_cart( $clear_persistent_cart = true ) {
		$this->emptied = true;
	}
}

class WC_Payment_Gateways {
	public function payment_gateways() {
		$out = array();
		foreach ( apply_filters( 'woocommerce_payment_gateways', array() ) as $class ) {
			$gateway             = is_string( $class ) ? new $class() : $class;
			$out[ $gateway->id ] = $gateway;
		}
		return $out;
	}
}

class WooCommerce {
	public $cart;

	public function __construct() {
		$this->cart = $GLOBALS['coinlane_test']['cart'];
	}

	/** WooCommerce with plain permalinks: the home URL with ?wc-api=<request>. */
	public function api_request_url( $request, $ssl = null ) {
		return trailingslashit( home_url( '' ) ) . '?wc-api=' . rawurlencode( strtolower( $request ) );
	}

	public function payment_gateways() {
		return new WC_Payment_Gateways();
	}
}

function WC() {
	return new WooCommerce();
}

function wc_get_order( $the_order = false ) {
	$id = is_object( $the_order ) ? $the_order->get_id() : (int) $the_order;
	return isset( $GLOBALS['coinlane_test']['orders'][ $id ] ) ? $GLOBALS['coinlane_test']['orders'][ $id ] : false;
}

function wc_get_is_paid_statuses() {
	return apply_filters( 'woocommerce_order_is_paid_statuses', array( 'processing', 'completed' ) );
}

function wc_add_notice( $message, $notice_type = 'success', $data = array() ) {
	$GLOBALS['coinlane_test']['notices'][] = array(
		'message' => $message,
		'type'    => $notice_type,
	);
}

function get_woocommerce_currency() {
	return apply_filters( 'woocommerce_currency', get_option( 'woocommerce_currency' ) );
}

function wc_get_price_decimals() {
	return 2;
}

/** WooCommerce's wc_format_decimal: rounds to $dp decimals with number_format when $dp is given. */
function wc_format_decimal( $number, $dp = false, $trim_zeros = false ) {
	$number = is_null( $number ) ? '' : $number;
	if ( ! is_float( $number ) ) {
		$number = preg_replace( '/[^0-9\.\-]/', '', (string) $number );
	}
	if ( false !== $dp ) {
		$dp     = intval( '' === $dp ? wc_get_price_decimals() : $dp );
		$number = number_format( floatval( $number ), $dp, '.', '' );
	} elseif ( is_float( $number ) ) {
		$number = rtrim( rtrim( sprintf( '%.10F', $number ), '0' ), '.' );
	}
	if ( $trim_zeros && false !== strpos( (string) $number, '.' ) ) {
		$number = rtrim( rtrim( $number, '0' ), '.' );
	}
	return (string) $number;
}

class Coinlane_Test_Logger {
	public function log( $level, $message, $context = array() ) {
		$GLOBALS['coinlane_test']['logs'][] = array(
			'level'   => $level,
			'message' => $message,
			'context' => $context,
		);
	}
}

function wc_get_logger() {
	return new Coinlane_Test_Logger();
}
