"""Xaalis merchant library: the payment API client and the webhook verifier.

Standard library only. Start with :class:`XaalisClient` (``XaalisClient.from_environment()``) to initiate
payments and read their status, and :class:`WebhookVerifier` to check the notifications Xaalis
sends to your server.
"""

__version__ = "0.1.0"

from .client import (  # noqa: E402
    ApiError,
    Balance,
    BalanceTransaction,
    BalanceTransactionPage,
    BalanceTransactionQuery,
    Outcome,
    Payment,
    PaymentLink,
    PaymentLinkPage,
    PaymentLinkRequest,
    PaymentPage,
    PaymentQuery,
    PaymentRequest,
    Payout,
    PayoutPage,
    PayoutQuery,
    PayoutRequest,
    Settlement,
    SettlementPage,
    SettlementQuery,
    SettlementRequest,
    XaalisClient,
    XaalisError,
)
from .webhooks import (  # noqa: E402
    DEFAULT_TOLERANCE,
    SIGNATURE_HEADER,
    WebhookEvent,
    WebhookVerificationError,
    WebhookVerificationReason,
    WebhookVerifier,
)

__all__ = [
    "ApiError",
    "Balance",
    "BalanceTransaction",
    "BalanceTransactionPage",
    "BalanceTransactionQuery",
    "DEFAULT_TOLERANCE",
    "Outcome",
    "Payment",
    "PaymentLink",
    "PaymentLinkPage",
    "PaymentLinkRequest",
    "PaymentPage",
    "PaymentQuery",
    "PaymentRequest",
    "Payout",
    "PayoutPage",
    "PayoutQuery",
    "PayoutRequest",
    "SIGNATURE_HEADER",
    "Settlement",
    "SettlementPage",
    "SettlementQuery",
    "SettlementRequest",
    "WebhookEvent",
    "WebhookVerificationError",
    "WebhookVerificationReason",
    "WebhookVerifier",
    "XaalisClient",
    "XaalisError",
]
