import WebSocket from 'ws';

/** A JSON message from the server. */
// biome-ignore lint/suspicious/noExplicitAny: test messages are inspected field by field
export type Message = { type: string; [k: string]: any };

/**
 * A `ws` client for the live-updates tests: records every message and the close, and waits for either.
 * `opts` go to the `ws` constructor (headers such as Cookie or Origin, autoPong).
 */
export class TestSocket {
  readonly ws: WebSocket;
  readonly messages: Message[] = [];
  closed: { code: number; reason: string } | null = null;
  readonly #waiters = new Set<() => void>();

  constructor(url: string, opts: WebSocket.ClientOptions = {}) {
    this.ws = new WebSocket(url, opts);
    this.ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as Message);
      this.#wake();
    });
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.#wake();
    });
    this.ws.on('error', () => {
      // an error is always followed by 'close' (or a failed handshake, seen as close 1006)
    });
  }

  #wake() {
    for (const w of this.#waiters) w();
  }

  /** Resolves when `check` returns a value (checked on every message and on close), else rejects after `ms`. */
  async until<T>(check: () => T | undefined | null | false, what: string, ms = 30_000): Promise<T> {
    const first = check();
    if (first) return first;
    return new Promise<T>((resolve, reject) => {
      const done = () => {
        const v = check();
        if (!v) return;
        this.#waiters.delete(done);
        clearTimeout(timer);
        resolve(v);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(done);
        reject(
          new Error(
            `timed out waiting for ${what}; got ${JSON.stringify(this.messages)}, closed ${JSON.stringify(this.closed)}`,
          ),
        );
      }, ms);
      this.#waiters.add(done);
    });
  }

  /** The first message after the first `skip` ones that matches. */
  next(match: (m: Message) => boolean, what: string, ms?: number, skip = 0): Promise<Message> {
    return this.until(() => this.messages.slice(skip).find(match), what, ms);
  }

  hello(ms?: number) {
    return this.next((m) => m.type === 'hello', 'hello', ms);
  }

  /** The `payment.updated` messages received so far (optionally of one payment). */
  updates(paymentId?: string): Message[] {
    return this.messages.filter(
      (m) => m.type === 'payment.updated' && (paymentId === undefined || m.data?.id === paymentId),
    );
  }

  /** Waits for a `payment.updated` of `paymentId` whose data satisfies `match`. */
  update(paymentId: string, match: (data: Message) => boolean, what: string, ms?: number) {
    return this.next(
      (m) => m.type === 'payment.updated' && m.data?.id === paymentId && match(m.data),
      what,
      ms,
    );
  }

  waitClosed(ms?: number) {
    return this.until(() => this.closed, 'close', ms);
  }

  send(value: unknown) {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  close() {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
    return this.waitClosed();
  }
}
