/**
 * The Xaalis merchant library for Node.js: {@link XaalisClient} calls the payment API and
 * {@link WebhookVerifier} checks the signed notifications Xaalis sends to your server.
 */
export {
  XaalisClient,
  XaalisError,
  Outcome,
  type ApiError,
  type Balance,
  type BalanceTransaction,
  type BalanceTransactionPage,
  type BalanceTransactionQuery,
  type CallOptions,
  type InitiateOptions,
  type Payment,
  type PaymentLink,
  type PaymentLinkPage,
  type PaymentLinkQuery,
  type PaymentLinkRequest,
  type PaymentPage,
  type PaymentQuery,
  type PaymentRequest,
  type Payout,
  type PayoutPage,
  type PayoutQuery,
  type PayoutRequest,
  type Settlement,
  type SettlementPage,
  type SettlementQuery,
  type SettlementRequest,
  type XaalisClientOptions,
} from "./client.js";
export {
  WebhookVerifier,
  WebhookEvent,
  WebhookVerificationError,
  WebhookVerificationReason,
  SIGNATURE_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
  type JsonObject,
  type JsonValue,
  type RawBody,
  type WebhookVerifierOptions,
} from "./webhook.js";
export { plainAmount, sameAmount, type Amount } from "./amount.js";
