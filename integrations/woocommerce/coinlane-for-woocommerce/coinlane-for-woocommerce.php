<?php
/**
 * Plugin Name:          Coinlane for WooCommerce
 * Description:          Take crypto payments through your Coinlane server: the customer pays on Coinlane's hosted page, to your own wallet, and the order is marked paid when Coinlane's signed webhook says the payment is confirmed.
 * Version:              1.1.0
 * Requires at least:    6.2
 * Requires PHP:         7.4
 * Requires Plugins:     woocommerce
 * WC requires at least: 8.0
 * Author:               Coinlane
 * License:              GPL-2.0-or-later
 * License URI:          https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:          coinlane-for-woocommerce
 *
 * @package Coinlane_For_WooCommerce
 */

defined( 'ABSPATH' ) || exit;

define( 'COINLANE_WC_VERSION', '1.1.0' );
define( 'COINLANE_WC_FILE', __FILE__ );
define( 'COINLANE_WC_DIR', __DIR__ );

/*
 * Loading the plugin only registers hooks: no option is written and no network call is made here. The classes
 * are loaded once WooCommerce is (plugins_loaded), and the Coinlane API is only called when a customer pays,
 * a refund is issued or a webhook arrives.
 */

/**
 * Loads the gateway's classes once WooCommerce's are there; without WooCommerce the plugin does nothing.
 */
function coinlane_wc_load() {
	if ( ! class_exists( 'WC_Payment_Gateway' ) ) {
		return;
	}
	require_once COINLANE_WC_DIR . '/includes/class-coinlane-amount.php';
	require_once COINLANE_WC_DIR . '/includes/class-coinlane-webhook-signature.php';
	require_once COINLANE_WC_DIR . '/includes/class-coinlane-api.php';
	require_once COINLANE_WC_DIR . '/includes/class-coinlane-webhook-handler.php';
	require_once COINLANE_WC_DIR . '/includes/class-wc-gateway-coinlane.php';

	add_filter( 'woocommerce_payment_gateways', 'coinlane_wc_add_gateway' );
	add_action( 'woocommerce_api_coinlane', 'coinlane_wc_handle_webhook' );
	add_action( 'woocommerce_blocks_payment_method_type_registration', 'coinlane_wc_register_blocks_support' );
	add_filter( 'plugin_action_links_' . plugin_basename( COINLANE_WC_FILE ), 'coinlane_wc_action_links' );
}
add_action( 'plugins_loaded', 'coinlane_wc_load' );

/**
 * Declares compatibility with WooCommerce's order tables (HPOS): the plugin reads and writes orders only
 * through WC_Order's methods, never through post meta.
 */
function coinlane_wc_declare_compatibility() {
	if ( class_exists( '\Automattic\WooCommerce\Utilities\FeaturesUtil' ) ) {
		\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'custom_order_tables', COINLANE_WC_FILE, true );
		\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'cart_checkout_blocks', COINLANE_WC_FILE, true );
	}
}
add_action( 'before_woocommerce_init', 'coinlane_wc_declare_compatibility' );

/**
 * Adds the gateway to WooCommerce's list.
 *
 * @param string[] $gateways Gateway class names.
 * @return string[]
 */
function coinlane_wc_add_gateway( $gateways ) {
	$gateways[] = 'WC_Gateway_Coinlane';
	return $gateways;
}

/**
 * The webhook endpoint, WC()->api_request_url( 'coinlane' ): `/?wc-api=coinlane` (or `/wc-api/coinlane/`).
 */
function coinlane_wc_handle_webhook() {
	$gateway = coinlane_wc_gateway();
	if ( ! $gateway ) {
		wp_send_json( array( 'message' => 'The Coinlane gateway is not loaded' ), 503 );
	}
	$gateway->handle_webhook_request();
}

/**
 * The gateway instance WooCommerce built (with its saved settings), or a new one.
 *
 * @return WC_Gateway_Coinlane|null
 */
function coinlane_wc_gateway() {
	if ( function_exists( 'WC' ) && WC()->payment_gateways() ) {
		$gateways = WC()->payment_gateways()->payment_gateways();
		if ( isset( $gateways['coinlane'] ) && $gateways['coinlane'] instanceof WC_Gateway_Coinlane ) {
			return $gateways['coinlane'];
		}
	}
	return class_exists( 'WC_Gateway_Coinlane' ) ? new WC_Gateway_Coinlane() : null;
}

/**
 * Registers the gateway with the Cart and Checkout blocks (the default checkout of new stores).
 *
 * @param \Automattic\WooCommerce\Blocks\Payments\PaymentMethodRegistry $registry The blocks' registry.
 */
function coinlane_wc_register_blocks_support( $registry ) {
	if ( ! class_exists( '\Automattic\WooCommerce\Blocks\Payments\Integrations\AbstractPaymentMethodType' ) ) {
		return;
	}
	require_once COINLANE_WC_DIR . '/includes/class-coinlane-blocks-support.php';
	$registry->register( new Coinlane_Blocks_Support() );
}

/**
 * A "Settings" link beside the plugin on the Plugins screen.
 *
 * @param string[] $links The plugin's action links.
 * @return string[]
 */
function coinlane_wc_action_links( $links ) {
	$url = admin_url( 'admin.php?page=wc-settings&tab=checkout&section=coinlane' );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'coinlane-for-woocommerce' ) . '</a>' );
	return $links;
}
