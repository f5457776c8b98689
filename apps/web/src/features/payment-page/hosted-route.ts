/**
 * Which hosted page payment.html shows, by its path (the server serves payment.html for these, and the page has
 * no router): /payment/{linkId}, its embeddable variant /embed/payment/{linkId} (framed by embed.js on a
 * merchant's site), /subscribe/{planId}, /subscription-portal?token=...
 */
export type THostedRoute =
  | { page: 'payment'; linkId: string; embed?: true }
  | { page: 'subscribe'; planId: string }
  | { page: 'portal' };

function segment(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return value ?? '';
  }
}

export function hostedRoute(pathname: string): THostedRoute {
  const [, first, second, third] = pathname.split('/');
  if (first === 'embed' && second === 'payment')
    return { page: 'payment', linkId: segment(third), embed: true };
  if (first === 'subscribe') return { page: 'subscribe', planId: segment(second) };
  if (first === 'subscription-portal') return { page: 'portal' };
  return { page: 'payment', linkId: segment(first === 'payment' ? second : '') };
}

/**
 * The portal's token, taken out of the address bar at once (history.replaceState, the rest of the URL kept): it
 * stays in memory only, so it is not left in the history entry, a bookmark, a shared screenshot of the
 * address bar, or the Referer of a later request. Null when the URL has none.
 */
export function takePortalToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token.trim() || null;
}
