/// <reference types="node" />
// A minimal RFC 6455 WebSocket client over node:http(s) upgrade: Node 18 and 20 have no global WebSocket, and
// the browser-style one of Node 22 cannot send an Authorization header (the API key would have to travel in the
// URL). Text and binary messages (fragmented too), close handshake, ping answered with pong; no extensions.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';

const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
/** Larger server messages close the socket (1009): webhook event bodies are far smaller. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

const OP = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;

export type WebSocketClose = { code: number; reason: string };

/** The server answered the upgrade over HTTP (refused the key, rate limit, no such route). */
export class HandshakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the server answered HTTP ${status} instead of opening the WebSocket`);
    this.name = 'HandshakeError';
  }
}

export type ConnectOptions = { headers?: Record<string, string>; timeoutMs?: number };

export class WebSocketClient {
  /** Called with each complete text message. */
  onMessage: (text: string) => void = () => {};
  /** Called once, when the connection has ended (1006 when it dropped without a close frame). */
  onClose: (close: WebSocketClose) => void = () => {};
  /** When the last frame of any kind came: a silent connection can be told from a quiet one. */
  lastFrameAt = Date.now();
  readonly #socket: Duplex;
  #buffer: Buffer = Buffer.alloc(0);
  #fragments: Buffer[] | null = null;
  #fragmentsText = false;
  #closeSent = false;
  #ended = false;

  private constructor(socket: Duplex, head: Buffer) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    socket.on('close', () => this.#end({ code: 1006, reason: '' }));
    socket.on('error', () => socket.destroy());
    // After the caller has set its handlers (it gets this object in a microtask): the first message (the server's
    // hello) often arrives with the upgrade itself.
    if (head.length) setImmediate(() => this.#onData(head));
  }

  /** Opens `url` (http:, https:, ws: or wss:); rejects with HandshakeError when the server refuses the upgrade. */
  static connect(
    url: string,
    { headers = {}, timeoutMs = 10_000 }: ConnectOptions = {},
  ): Promise<WebSocketClient> {
    const target = new URL(url);
    const secure = target.protocol === 'https:' || target.protocol === 'wss:';
    target.protocol = secure ? 'https:' : 'http:';
    const key = randomBytes(16).toString('base64');
    const expected = createHash('sha1')
      .update(key + ACCEPT_GUID)
      .digest('base64');
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(target, {
        headers: {
          ...headers,
          Connection: 'Upgrade',
          Upgrade: 'websocket',
          'Sec-WebSocket-Key': key,
          'Sec-WebSocket-Version': '13',
        },
        agent: false,
      });
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      req.on('upgrade', (res, socket, head) => {
        clearTimeout(timer);
        if (res.headers['sec-websocket-accept'] !== expected) {
          socket.destroy();
          reject(new Error('the server answered the upgrade with a wrong Sec-WebSocket-Accept'));
          return;
        }
        socket.setNoDelay(true);
        resolve(new WebSocketClient(socket, head));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          if (chunks.length < 16) chunks.push(c);
        });
        res.on('end', () => {
          clearTimeout(timer);
          reject(
            new HandshakeError(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8').slice(0, 500)),
          );
        });
        res.on('error', () => {});
      });
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      req.end();
    });
  }

  send(text: string) {
    this.#frame(OP.text, Buffer.from(text, 'utf8'));
  }

  /** Starts the close handshake; the socket is destroyed if the server does not answer within 2 s. */
  close(code = 1000, reason = '') {
    if (this.#ended || this.#closeSent) return;
    const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
    payload.writeUInt16BE(code, 0);
    payload.write(reason, 2);
    this.#frame(OP.close, payload);
    this.#closeSent = true;
    setTimeout(() => this.#socket.destroy(), 2000).unref();
  }

  /** Drops the connection at once, without a close handshake. */
  terminate() {
    this.#socket.destroy();
  }

  #end(close: WebSocketClose) {
    if (this.#ended) return;
    this.#ended = true;
    this.#socket.destroy();
    this.onClose(close);
  }

  /** A client frame: always masked, one frame per message. */
  #frame(opcode: number, payload: Buffer) {
    if (this.#ended || this.#closeSent || this.#socket.destroyed) return;
    const len = payload.length;
    const header = len < 126 ? Buffer.alloc(2) : len < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
    header[0] = 0x80 | opcode;
    if (len < 126) header[1] = 0x80 | len;
    else if (len < 65_536) {
      header[1] = 0x80 | 126;
      header.writeUInt16BE(len, 2);
    } else {
      header[1] = 0x80 | 127;
      header.writeBigUInt64BE(BigInt(len), 2);
    }
    const mask = randomBytes(4);
    const masked = Buffer.alloc(len);
    for (let i = 0; i < len; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i & 3] ?? 0);
    this.#socket.write(Buffer.concat([header, mask, masked]));
  }

  #onData(chunk: Buffer) {
    this.lastFrameAt = Date.now();
    this.#buffer = this.#buffer.length ? Buffer.concat([this.#buffer, chunk]) : chunk;
    while (!this.#ended) {
      const b = this.#buffer;
      if (b.length < 2) return;
      const b0 = b[0] ?? 0;
      const b1 = b[1] ?? 0;
      let len = b1 & 0x7f;
      let offset = 2;
      if (len === 126) {
        if (b.length < 4) return;
        len = b.readUInt16BE(2);
        offset = 4;
      } else if (len === 127) {
        if (b.length < 10) return;
        const big = b.readBigUInt64BE(2);
        if (big > BigInt(MAX_MESSAGE_BYTES)) return this.#fail(1009, 'Message too big');
        len = Number(big);
        offset = 10;
      }
      // A server must not mask its frames (RFC 6455, 5.1).
      if (b1 & 0x80) return this.#fail(1002, 'Masked server frame');
      if (b.length < offset + len) return;
      const payload = b.subarray(offset, offset + len);
      this.#buffer = b.subarray(offset + len);
      this.#onFrame((b0 & 0x80) !== 0, b0 & 0x0f, payload);
    }
  }

  #onFrame(fin: boolean, opcode: number, payload: Buffer) {
    switch (opcode) {
      case OP.text:
      case OP.binary:
        if (this.#fragments) return this.#fail(1002, 'Unfinished fragmented message');
        if (fin) return this.#message(opcode === OP.text, payload);
        this.#fragments = [Buffer.from(payload)];
        this.#fragmentsText = opcode === OP.text;
        return;
      case OP.continuation: {
        if (!this.#fragments) return this.#fail(1002, 'Continuation without a message');
        this.#fragments.push(Buffer.from(payload));
        const size = this.#fragments.reduce((n, f) => n + f.length, 0);
        if (size > MAX_MESSAGE_BYTES) return this.#fail(1009, 'Message too big');
        if (!fin) return;
        const whole = Buffer.concat(this.#fragments);
        this.#fragments = null;
        return this.#message(this.#fragmentsText, whole);
      }
      case OP.ping:
        return this.#frame(OP.pong, Buffer.from(payload));
      case OP.pong:
        return;
      case OP.close: {
        const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
        const reason = payload.subarray(2).toString('utf8');
        if (!this.#closeSent) {
          this.#frame(OP.close, payload.length >= 2 ? payload.subarray(0, 2) : Buffer.alloc(0));
          this.#closeSent = true;
        }
        this.#socket.end();
        return this.#end({ code, reason });
      }
      default:
        return this.#fail(1002, 'Unknown opcode');
    }
  }

  #message(text: boolean, payload: Buffer) {
    // The server speaks JSON text; a binary message is not one of its messages.
    if (text) this.onMessage(payload.toString('utf8'));
  }

  #fail(code: number, reason: string) {
    this.close(code, reason);
    this.#end({ code, reason });
  }
}
