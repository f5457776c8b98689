<?php
/**
 * Removes the gateway's settings when the plugin is deleted. Orders keep their Coinlane notes and meta: they are
 * the store's records of what was paid.
 *
 * @package Coinlane_For_WooCommerce
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'woocommerce_coinlane_settings' );
