import { CompiledQuery } from 'kysely';
import { PREPARED_TEXT } from './prepared-statements.ts';

/** A NOTIFY to send: its channel and its payload. */
export type Notice = readonly [channel: string, payload: string];

/** Notices sent in one statement at most (a NOTIFY payload is at most 8,000 bytes: a batch stays far below 8 MB). */
const BATCH = 500;

/** The statement that sends a batch: one pg_notify per pair, in the order given. */
const SEND = `select pg_notify(n.channel, n.payload) from unnest($1::text[], $2::text[]) as n(channel, payload)${PREPARED_TEXT}`;

type Runner = { executeQuery: (query: CompiledQuery) => Promise<unknown> };

/**
 * NOTIFYs sent after the write they announce has committed, from outside any transaction, batched (decision 036).
 *
 * Why: PostgreSQL serialises every transaction that NOTIFYs on one cluster-wide lock, taken just before its commit
 * and held until the commit is on disk (async.c, PreCommit_Notify: "a special lock that we hold till after commit").
 * A payment created with its NOTIFYs in its own statement therefore waited for every other creation's WAL flush in
 * turn: no two of them could share one (group commit). A statement that only NOTIFYs writes no WAL before its commit
 * record, so PostgreSQL does not wait for the disk to commit it (RecordTransactionCommit's asynchronous path) and holds
 * the lock for microseconds. Sending the notices of many writes in one such statement also costs one statement for
 * all of them.
 *
 * What it costs: a notice is sent a moment after its write commits instead of at the commit itself, and a process
 * that dies in between loses the notices it held. Every listener has a poll behind it for exactly that gap, the one a
 * dropped LISTEN connection already leaves (listen-payment-changes.ts): the webhook dispatcher reads the outbox every
 * second, the job worker its queue, live clients poll their payment. A write inside a caller's transaction cannot
 * use this (its commit is the caller's): it NOTIFYs in the transaction, as before.
 *
 * One sender per database handle (attachNotices, noticesOf); `send` never throws and never waits for the database.
 */
export class NoticeSender {
  private queue: Notice[] = [];
  private draining: Promise<void> | null = null;
  /** Told of a batch that could not be sent (the server logs it); the notices are dropped. */
  onError: (err: unknown, lost: number) => void = () => {};

  constructor(private readonly db: Runner) {}

  /** Queues notices of a committed write; they go out with the next batch, in the order queued. */
  send(notices: readonly Notice[]): void {
    for (const n of notices) this.queue.push(n);
    if (!this.draining && this.queue.length) this.draining = this.drain();
  }

  /** Resolves once every queued notice has been sent (or dropped on an error): before the handle closes. */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    // let the writes finishing in this turn of the event loop join the first batch
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, BATCH);
        try {
          await this.db.executeQuery(
            CompiledQuery.raw(SEND, [batch.map(([channel]) => channel), batch.map(([, payload]) => payload)]),
          );
        } catch (err) {
          this.onError(err, batch.length);
        }
      }
    } finally {
      this.draining = null;
    }
  }
}

const byDb = new WeakMap<object, NoticeSender>();

/** Ties a sender to a handle's root Kysely instance (openPostgres, openPGlite). */
export function attachNotices(db: object, sender: NoticeSender): void {
  byDb.set(db, sender);
}

/**
 * The sender of `db` when it is a handle's root instance, whose every statement commits on its own; undefined inside
 * a transaction (another instance), where a NOTIFY has to be part of the transaction to follow its commit.
 */
export function noticesOf(db: object): NoticeSender | undefined {
  return byDb.get(db);
}
