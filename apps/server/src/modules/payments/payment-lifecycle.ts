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

/** The handlers of each event, in the order they run; built once by the composition root (server.ts). */
export type PaymentLifecycle = {
  readonly handlers: ReadonlyMap<TPaymentEventType, readonly PaymentStatusHandler[]>;
};

/** A lifecycle with no handlers (a payment module used on its own). */
export const NO_PAYMENT_HOOKS: PaymentLifecycle = { handlers: new Map() };

/**
 * Builds the lifecycle: `register(on)` gets `onPaymentStatusChange(event, handler)`; handlers of one event run in
 * the order registered. The result is immutable: nothing registers later, and every server gets its own.
 */
export function createPaymentLifecycle(
  register: (on: {
    onPaymentStatusChange(event: TPaymentEventType, handler: PaymentStatusHandler): void;
  }) => void,
): PaymentLifecycle {
  const handlers = new Map<TPaymentEventType, PaymentStatusHandler[]>();
  register({
    onPaymentStatusChange(event, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
  });
  return { handlers };
}

/** Runs the handlers of each emitted event, in emission order, in the payment's transaction. */
export async function runPaymentLifecycle(
  lifecycle: PaymentLifecycle,
  emitted: readonly TPaymentEventType[],
  change: Omit<PaymentStatusChange, 'event'>,
): Promise<void> {
  for (const event of emitted) {
    for (const handler of lifecycle.handlers.get(event) ?? []) await handler({ ...change, event });
  }
}
