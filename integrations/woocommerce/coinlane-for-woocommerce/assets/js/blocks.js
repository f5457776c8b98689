// The Coinlane gateway in WooCommerce's Checkout block: its label and description. The payment is the gateway's
// process_payment on the server, which returns the hosted payment page the block redirects to.
(() => {
  const { registerPaymentMethod } = window.wc.wcBlocksRegistry;
  const { getSetting } = window.wc.wcSettings;
  const { createElement } = window.wp.element;
  const { decodeEntities } = window.wp.htmlEntities;

  const settings = getSetting('coinlane_data', {});
  const label = decodeEntities(settings.title || 'Crypto');
  const Description = () => createElement('div', null, decodeEntities(settings.description || ''));

  registerPaymentMethod({
    name: 'coinlane',
    label: createElement('span', null, label),
    ariaLabel: label,
    content: createElement(Description),
    edit: createElement(Description),
    canMakePayment: () => true,
    supports: { features: settings.supports || ['products'] },
  });
})();
