<?php
/**
 * Loads the WordPress/WooCommerce stubs (tests/stubs: not WordPress, see their header), then the plugin the way
 * WordPress does: its main file, then the plugins_loaded action. Every HTTP request made while loading is
 * recorded, so a test can check that loading makes none.
 *
 * @package Coinlane_For_WooCommerce\Tests
 */

require __DIR__ . '/stubs/woocommerce-stubs.php';

coinlane_test_reset();
update_option(
	'woocommerce_coinlane_settings',
	array(
		'enabled'      => 'yes',
		'server_url'   => 'https://coinlane.example',
		'testmode'     => 'yes',
		'test_api_key' => 'cl_test_loadtime',
	)
);
require dirname( __DIR__ ) . '/coinlane-for-woocommerce/coinlane-for-woocommerce.php';
do_action( 'before_woocommerce_init' );
do_action( 'plugins_loaded' );
// What WooCommerce does next on a page: build its gateways (and so ours, with its settings).
WC()->payment_gateways()->payment_gateways();
$GLOBALS['coinlane_requests_at_load'] = $GLOBALS['coinlane_test']['requests'];

require __DIR__ . '/support/class-coinlane-test-case.php';
