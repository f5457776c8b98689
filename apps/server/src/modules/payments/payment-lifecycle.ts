import type { TPaymentEventType } from '@coinlane/core/payment-status';
import type { Db } from '#app/db/connection.ts';
import type { PaymentActor } from './actor.ts';
import type { PaymentRow } from './queries.ts';

/** A payment's status change, as a lifecycle handler sees it: inside the payment's transaction. */
export type PaymentStatusChange = {
  /** The payment's transaction (the same `trx` that wrote the change): handlers write here, or enqueue jobs. */
  db: Db;
  /** The payment as it now is. */
  payment: PaymentRow;
  /** The event the status machine emitted (payment.confirmed, payment.reversed, ...). */
  event: TPaymentEventType;
  actor: PaymentActor;
  now: Date;
};

/**
 * What another module does when a payment's status changes (complete its link, record the platform fee). Runs
 * inside the payment's transaction, so it commits or rolls back with the change: it only writes rows or enqueues
 * jobs, never network I/O (PGlite is one connection, and a transaction never waits on the network).
 */
export type PaymentStatusHandler = (change: PaymentStatusChange) => Promise<void>;

/**
 * A handler that takes the changes of several payments at once, all with the same event, in one transaction (a
 * block that confirms many: applyTransferTotals), so that it can write them in one statement. It must leave things
 * as the single handler run payment after payment would have.
 */
export type PaymentStatusBatchHandler = (changes: readonly PaymentStatusChange[]) => Promise<void>;

/** The handlers of each event, in the order they run; built once by the composition root (server.ts). */
export type PaymentLifecycle = {
  readonly handlers: ReadonlyMap<TPaymentEventType, readonly PaymentStatusBatchHandler[]>;
};

/** A lifecycle with no handlers (a payment module used on its own). */
export const NO_PAYMENT_HOOKS: PaymentLifecycle = { handlers: new Map() };

/**
 * Builds the lifecycle: `register(on)` gets `onPaymentStatusChange(event, handler)` (a handler of one payment's
 * change; in a batch it runs for each payment in turn) and `onPaymentStatusChanges(event, handler)` (a batch
 * handler); handlers of one event run in the order registered. The result is immutable: nothing registers later,
 * and every server gets its own.
 */
export function createPaymentLifecycle(
  register: (on: {
    onPaymentStatusChange(event: TPaymentEventType, handler: PaymentStatusHandler): void;
    onPaymentStatusChanges(event: TPaymentEventType, handler: PaymentStatusBatchHandler): void;
  }) => void,
): PaymentLifecycle {
  const handlers = new Map<TPaymentEventType, PaymentStatusBatchHandler[]>();
  const add = (event: TPaymentEventType, handler: PaymentStatusBatchHandler) =>
    handlers.set(event, [...(handlers.get(event) ?? []), handler]);
  register({
    onPaymentStatusChange(event, handler) {
      add(event, async (changes) => {
        for (const change of changes) await handler(change);
      });
    },
    onPaymentStatusChanges: add,
  });
  return { handlers };
}

/** Runs the handlers of each emitted event, in emission order, in the payment's transaction. */
export async function runPaymentLifecycle(
  lifecycle: PaymentLifecycle,
  emitted: readonly TPaymentEventType[],
  change: Omit<PaymentStatusChange, 'event'>,
): Promise<void> {
  await runPaymentLifecycles(lifecycle, [{ emitted, change }]);
}

/**
 * The handlers of several payments' emitted events, in their one transaction: in rounds, the first event each
 * payment emitted, then the second, and so on (each payment's events in their order); within a round, the payments
 * with the same event go to each of its handlers together, in the order given, handler after handler.
 */
export async function runPaymentLifecycles(
  lifecycle: PaymentLifecycle,
  payments: readonly { emitted: readonly TPaymentEventType[]; change: Omit<PaymentStatusChange, 'event'> }[],
): Promise<void> {
  const rounds = Math.max(0, ...payments.map((p) => p.emitted.length));
  for (let round = 0; round < rounds; round++) {
    const byEvent = new Map<TPaymentEventType, PaymentStatusChange[]>();
    for (const p of payments) {
      const event = p.emitted[round];
      if (!event) continue;
      const list = byEvent.get(event);
      const change = { ...p.change, event };
      if (list) list.push(change);
      else byEvent.set(event, [change]);
    }
    for (const [event, changes] of byEvent) {
      for (const handler of lifecycle.handlers.get(event) ?? []) await handler(changes);
    }
  }
}
