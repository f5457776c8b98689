import { configure } from '@testing-library/react';

// The web tests run beside the server, PostgreSQL, browser and PHP parts of `npm test` on a 2-core machine, where a
// render can take longer than testing-library's 1 s default: findBy* and waitFor wait up to 5 s for what a user
// would see (a wait ends as soon as it is there, so a passing test is no slower).
configure({ asyncUtilTimeout: 5_000 });

// The live-update hooks open WebSockets to the page's origin (jsdom's http://localhost:3000). A test must not reach
// whatever listens there (a developer's `npm start` beside `npm test` once answered, and Node's WebSocket then threw
// on jsdom's events): every socket here is refused, as when nothing listens. A test that needs a socket that opens
// stubs its own (vi.stubGlobal).
class RefusedWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly url: string;
  readyState = RefusedWebSocket.CONNECTING;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  constructor(url: string | URL) {
    super();
    this.url = String(url);
    setTimeout(() => {
      if (this.readyState === RefusedWebSocket.CLOSED) return;
      this.readyState = RefusedWebSocket.CLOSED;
      const error = new Event('error');
      this.onerror?.(error);
      this.dispatchEvent(error);
      const close = new CloseEvent('close', { code: 1006, wasClean: false });
      this.onclose?.(close);
      this.dispatchEvent(close);
    }, 0);
  }
  send() {
    throw new DOMException('WebSocket is not open', 'InvalidStateError');
  }
  close() {
    this.readyState = RefusedWebSocket.CLOSED;
  }
}
globalThis.WebSocket = RefusedWebSocket as unknown as typeof WebSocket;
