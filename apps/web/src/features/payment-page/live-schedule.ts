/** Live updates of the hosted payment page (merchant spec 4 and 9). */
export const MAX_RECONNECT_ATTEMPTS = 5;
export const POLL_INTERVAL_MS = 30_000;
export const PING_INTERVAL_MS = 25_000;
/** The server closes with this code when it does not know the payment: no point reconnecting. */
export const UNKNOWN_PAYMENT_CLOSE_CODE = 4004;

/** Delay before reconnect attempt `attempt` (0-based): 1 s times 2 to the power of the attempt number. */
export const reconnectDelay = (attempt: number) => 1000 * 2 ** attempt;

/** The delay before the next attempt, or null when the attempts are used up. */
export const nextReconnectDelay = (attemptsMade: number) =>
  attemptsMade < MAX_RECONNECT_ATTEMPTS ? reconnectDelay(attemptsMade) : null;

/** ws: or wss: like the page, same origin. */
export const liveUrl = (loc: Pick<Location, 'protocol' | 'host'>, paymentId: string) =>
  `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws?paymentId=${encodeURIComponent(paymentId)}`;
