/**
 * The shapes of the Coinlane API, taken from the server's own schemas (packages/core) as types only: nothing of
 * zod or of the core package is in the SDK's JavaScript. The build expands every alias below into a plain type
 * (scripts/expand-types.mjs), so the published declarations need neither package.
 *
 * Replies use the schemas' output types (what the server sends); request bodies their input types (what the
 * server accepts before defaults and coercion); query parameters the output types made optional (each has a
 * server-side default).
 */
import type { TAnalyticsQuery, TBalances, TPaymentAnalytics } from '@coinlane/core/api/analytics';
import type { TApiError } from '@coinlane/core/api/envelope';
import type {
  TListPaymentLinksQuery,
  TPaymentLink,
  ZCreatePaymentLinkRequest,
  ZUpdatePaymentLinkRequest,
} from '@coinlane/core/api/payment-links';
import type {
  TFlushTransaction,
  TListPaymentsQuery,
  TMovePayoutsResult,
  TPagination,
  TPayment,
  TPaymentDetail,
  TSimulatePaymentReply,
  ZCreatePaymentRequest,
  ZSimulatePaymentRequest,
} from '@coinlane/core/api/payments';
import type {
  TPayoutEntry,
  TPayoutHistoryPage,
  TPayoutHistoryQuery,
  TPayoutSummary,
} from '@coinlane/core/api/payouts';
import type { TExchangeRatesQuery, TExchangeRatesReply, TRatesStatus } from '@coinlane/core/api/rates';
import type {
  TCreateRefundReply,
  TCreateRefundRequest,
  TPaymentRefunds,
  TRefund,
} from '@coinlane/core/api/refunds';
import type {
  TEnrolSubscriberRequest,
  TListSubscribersQuery,
  TPlan,
  TSubscriber,
  TSubscriberDetail,
  TSubscriptionsSummary,
  TUpdateSubscriberRequest,
  ZCreatePlanRequest,
  ZListPlansQuery,
  ZTestClockRequest,
  ZUpdatePlanRequest,
} from '@coinlane/core/api/subscriptions';
import type {
  TListTransactionsQuery,
  TListTransactionsReply,
  TTransaction,
  TTransactionFilters,
} from '@coinlane/core/api/transactions';
import type { TWebhookEventBody } from '@coinlane/core/api/webhook-events';
import type {
  TUpdateWebhookConfigRequest,
  TWebhookAttempt,
  TWebhookConfig,
  TWebhookEvent,
  TWebhookEventDetail,
  TWebhookEventList,
  TWebhookEventListQuery,
  TWebhookSecret,
  TWebhookTestResult,
} from '@coinlane/core/api/webhooks';
import type { TErrorCode } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import type { z } from 'zod';

/** `test` or `live`: the mode an API key (and everything it creates) belongs to. */
export type Mode = TMode;
/** An error code of the API (`VALIDATION_ERROR`, `NOT_FOUND`, ...). */
export type ApiErrorCode = TErrorCode;
/** The `error` member of a failed reply. */
export type ApiErrorBody = TApiError;

// Payments
export type Payment = TPayment;
export type PaymentDetail = TPaymentDetail;
export type CreatePaymentParams = z.input<typeof ZCreatePaymentRequest>;
export type ListPaymentsParams = Partial<TListPaymentsQuery>;
export type SimulatePaymentParams = z.input<typeof ZSimulatePaymentRequest>;
export type SimulatePaymentResult = TSimulatePaymentReply;
export type FlushTransaction = TFlushTransaction;
/** Offset pagination of payments, payment links, plans and subscribers. */
export type OffsetPagination = TPagination;

// Payment links
export type PaymentLink = TPaymentLink;
export type CreatePaymentLinkParams = z.input<typeof ZCreatePaymentLinkRequest>;
export type UpdatePaymentLinkParams = z.input<typeof ZUpdatePaymentLinkRequest>;
export type ListPaymentLinksParams = Partial<TListPaymentLinksQuery>;

// Refunds
export type Refund = TRefund;
export type CreatedRefund = TCreateRefundReply;
export type CreateRefundParams = TCreateRefundRequest;
export type PaymentRefunds = TPaymentRefunds;

// Transactions
export type Transaction = TTransaction;
export type ListTransactionsParams = Partial<TListTransactionsQuery>;
export type TransactionFilters = Partial<TTransactionFilters>;
export type TransactionList = Omit<TListTransactionsReply, 'success' | 'error'>;

// Analytics
export type AnalyticsParams = Partial<TAnalyticsQuery>;
export type PaymentAnalytics = TPaymentAnalytics;
export type Balances = TBalances;

// Exchange rates
export type ExchangeRatesParams = Partial<TExchangeRatesQuery>;
export type ExchangeRates = TExchangeRatesReply;
export type ExchangeRatesStatus = TRatesStatus;

// Webhooks
export type WebhookEndpoint = TWebhookConfig;
export type UpdateWebhookEndpointParams = TUpdateWebhookConfigRequest;
export type WebhookSecret = TWebhookSecret;
export type WebhookTestResult = TWebhookTestResult;
export type WebhookEventSummary = TWebhookEvent;
export type WebhookEventDetail = TWebhookEventDetail;
export type WebhookEventList = TWebhookEventList;
export type ListWebhookEventsParams = Partial<TWebhookEventListQuery>;
export type WebhookAttempt = TWebhookAttempt;
/** A delivered webhook event (`verifyWebhook` returns it), told apart by `type`. */
export type WebhookEvent = TWebhookEventBody;

// Subscriptions
export type Plan = TPlan;
export type CreatePlanParams = z.input<typeof ZCreatePlanRequest>;
export type UpdatePlanParams = z.input<typeof ZUpdatePlanRequest>;
export type ListPlansParams = Partial<z.output<typeof ZListPlansQuery>>;
export type SubscriptionsSummary = TSubscriptionsSummary;
export type Subscriber = TSubscriber;
export type SubscriberDetail = TSubscriberDetail;
export type EnrolSubscriberParams = TEnrolSubscriberRequest;
export type UpdateSubscriberParams = TUpdateSubscriberRequest;
export type ListSubscribersParams = Partial<TListSubscribersQuery>;
export type TestClockParams = z.input<typeof ZTestClockRequest>;

// Payouts
export type PayoutEntry = TPayoutEntry;
export type PayoutHistoryPage = TPayoutHistoryPage;
export type PayoutHistoryParams = Partial<TPayoutHistoryQuery>;
export type PayoutSummary = TPayoutSummary;
export type MovePayoutsResult = TMovePayoutsResult;
