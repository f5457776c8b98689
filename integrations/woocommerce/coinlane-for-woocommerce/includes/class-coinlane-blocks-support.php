<?php
/**
 * The gateway in the Cart and Checkout blocks.
 *
 * @package Coinlane_For_WooCommerce
 */

defined( 'ABSPATH' ) || exit;

use Automattic\WooCommerce\Blocks\Payments\Integrations\AbstractPaymentMethodType;

/**
 * Registers the gateway with the Checkout block: its title and description, and the features it supports. The
 * payment itself is the gateway's process_payment, as in the classic checkout (the block redirects to the
 * hosted page it returns).
 */
final class Coinlane_Blocks_Support extends AbstractPaymentMethodType {

	/**
	 * The gateway's id.
	 *
	 * @var string
	 */
	protected $name = 'coinlane';

	/**
	 * Reads the gateway's saved settings.
	 */
	public function initialize() {
		$this->settings = get_option( 'woocommerce_coinlane_settings', array() );
	}

	/**
	 * Offered when the gateway is (enabled, configured, the store's currency priced by Coinlane).
	 *
	 * @return bool
	 */
	public function is_active() {
		$gateway = coinlane_wc_gateway();
		return $gateway ? $gateway->is_available() : false;
	}

	/**
	 * The script that registers the method in the block (assets/js/blocks.js, no build step).
	 *
	 * @return string[]
	 */
	public function get_payment_method_script_handles() {
		wp_register_script(
			'coinlane-blocks',
			plugins_url( 'assets/js/blocks.js', COINLANE_WC_FILE ),
			array( 'wc-blocks-registry', 'wc-settings', 'wp-element', 'wp-html-entities' ),
			COINLANE_WC_VERSION,
			true
		);
		return array( 'coinlane-blocks' );
	}

	/**
	 * What the script reads with getSetting( 'coinlane_data' ).
	 *
	 * @return array
	 */
	public function get_payment_method_data() {
		$gateway = coinlane_wc_gateway();
		return array(
			'title'       => $this->get_setting( 'title' ),
			'description' => $this->get_setting( 'description' ),
			'supports'    => $gateway ? array_values( array_filter( $gateway->supports, array( $gateway, 'supports' ) ) ) : array( 'products' ),
		);
	}
}
