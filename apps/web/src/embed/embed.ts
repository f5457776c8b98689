import { PARENT_ORIGIN_PARAM, readEmbedMessage } from './protocol.ts';
import { BUTTON_CSS, OVERLAY_CSS } from './styles.ts';
import { embedLanguage, embedTexts, type TEmbedTexts } from './texts.ts';

/**
 * embed.js: a "Pay with crypto" button for any web page. The host page adds
 *   <script src="https://<coinlane>/embed.js" data-link="lnk_..." [data-label] [data-lang] [data-theme]
 *     [data-callback="globalFunctionName"]></script>
 * where the button should appear. A click opens the embeddable checkout (/embed/payment/{linkId}) in a modal
 * overlay; when the framed page reports the payment confirmed, expired or failed, the button's element receives
 * `coinlane:payment.confirmed` (…expired, …failed) and the named global function, if any, is called.
 * Built as a classic script of its own (vite.embed.config.ts): document.currentScript is only set for those.
 * It runs under a strict host policy: no eval, no inline style (constructed stylesheets in shadow roots).
 */

type TEventDetail = { type: string; linkId: string; paymentId: string; status: string };

/**
 * A stroked 24-px icon built node by node: no innerHTML, so a host page enforcing Trusted Types accepts it.
 * `shapes`: [tag, attributes] of each child.
 */
function icon(shapes: [string, Record<string, string>][]): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  const attrs = {
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
  };
  for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
  for (const [tag, a] of shapes) {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
    svg.append(el);
  }
  return svg;
}
const cardIcon = () =>
  icon([
    ['rect', { x: '2', y: '5', width: '20', height: '14', rx: '2' }],
    ['path', { d: 'M2 10h20' }],
  ]);
const closeIcon = () => icon([['path', { d: 'M6 6l12 12M18 6L6 18' }]]);

function adopt(root: ShadowRoot, css: string) {
  if (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } else {
    // Browsers without constructed stylesheets (before Safari 16.4): a <style> element, which only a host policy
    // allowing inline styles lets through.
    const style = document.createElement('style');
    style.textContent = css;
    root.append(style);
  }
}

function mount(script: HTMLScriptElement) {
  const linkId = script.dataset.link?.trim();
  let coinlane: string;
  try {
    coinlane = new URL(script.src).origin;
  } catch {
    coinlane = '';
  }
  if (!linkId || !coinlane || coinlane === 'null') {
    console.error('Coinlane embed: add data-link="lnk_..." to the <script src=".../embed.js"> tag.');
    return;
  }
  const lang = embedLanguage([
    script.dataset.lang,
    document.documentElement.lang,
    ...(navigator.languages ?? []),
  ]);
  const texts = embedTexts(lang);

  const host = document.createElement('coinlane-checkout');
  host.dataset.link = linkId;
  if (script.dataset.theme) host.dataset.theme = script.dataset.theme;
  const root = host.attachShadow({ mode: 'open' });
  adopt(root, BUTTON_CSS);
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-haspopup', 'dialog');
  button.append(cardIcon(), script.dataset.label?.trim() || texts.button);
  root.append(button);
  script.after(host);

  const callback = script.dataset.callback;
  const emit = (detail: TEventDetail) => {
    host.dispatchEvent(new CustomEvent(`coinlane:${detail.type}`, { detail, bubbles: true, composed: true }));
    const fn = callback ? (window as unknown as Record<string, unknown>)[callback] : undefined;
    if (typeof fn === 'function') fn(detail);
  };

  button.addEventListener('click', () =>
    openCheckout({ coinlane, linkId, lang: script.dataset.lang ? lang : null, texts, button, host, emit }),
  );
}

function openCheckout({
  coinlane,
  linkId,
  lang,
  texts,
  button,
  host,
  emit,
}: {
  coinlane: string;
  linkId: string;
  lang: string | null;
  texts: TEmbedTexts;
  button: HTMLButtonElement;
  host: HTMLElement;
  emit: (detail: TEventDetail) => void;
}) {
  const overlay = document.createElement('coinlane-checkout-overlay');
  const root = overlay.attachShadow({ mode: 'open' });
  adopt(root, OVERLAY_CSS);

  const label = button.textContent || texts.button;
  const dialog = document.createElement('dialog');
  const title = document.createElement('h2');
  title.className = 'title';
  title.id = 'coinlane-checkout-title';
  title.textContent = label;
  dialog.setAttribute('aria-labelledby', title.id);
  const bar = document.createElement('div');
  bar.className = 'bar';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.setAttribute('aria-label', texts.close);
  close.title = texts.close;
  close.append(closeIcon());
  bar.append(title, close);

  const url = new URL(`/embed/payment/${encodeURIComponent(linkId)}`, coinlane);
  // The framed page posts its messages to this origin only (a page framing it under another name gets nothing).
  if (window.location.origin !== 'null') url.searchParams.set(PARENT_ORIGIN_PARAM, window.location.origin);
  if (lang) url.searchParams.set('lang', lang);
  const frame = document.createElement('iframe');
  frame.src = url.href;
  frame.title = texts.frame;
  // Copy address / Copy payment URI inside the frame.
  frame.allow = 'clipboard-write';
  dialog.append(bar, frame);
  root.append(dialog);
  document.body.append(overlay);

  // The page behind stays where it is while the overlay is open (a CSSOM property, which no style-src forbids).
  const html = document.documentElement;
  const previousOverflow = html.style.overflow;
  html.style.overflow = 'hidden';

  const onMessage = (event: MessageEvent) => {
    // Only the frame we opened, served from the origin this script came from, is listened to.
    if (event.origin !== coinlane || event.source !== frame.contentWindow) return;
    const message = readEmbedMessage(event.data, linkId);
    if (!message) return;
    if (message.type === 'checkout.close') dialog.close();
    else emit({ type: message.type, linkId, paymentId: message.paymentId, status: message.status });
  };
  window.addEventListener('message', onMessage);

  close.addEventListener('click', () => dialog.close());
  // Escape (the dialog's cancel) and the close button end the same way.
  dialog.addEventListener('close', () => {
    window.removeEventListener('message', onMessage);
    html.style.overflow = previousOverflow;
    overlay.remove();
    button.focus();
    host.dispatchEvent(
      new CustomEvent('coinlane:checkout.closed', { detail: { linkId }, bubbles: true, composed: true }),
    );
  });
  // A modal dialog: the rest of the page is inert, focus stays inside, Escape closes it.
  dialog.showModal();
  close.focus();
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) mount(current);
