"""The Xaalis payment API for a merchant's server."""

from __future__ import annotations

import enum
import functools
import http.client
import json
import os
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, TypeVar, Union

from . import __version__

__all__ = [
    "ApiError",
    "Balance",
    "BalanceTransaction",
    "BalanceTransactionPage",
    "BalanceTransactionQuery",
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
    "Settlement",
    "SettlementPage",
    "SettlementQuery",
    "SettlementRequest",
    "XaalisClient",
    "XaalisError",
]

USER_AGENT = "xaalis-python/" + __version__

Amount = Union[Decimal, str, int, float]


@dataclass(frozen=True)
class ApiError:
    """The error body the API answers with.

    ``errors`` maps a field name to its messages (empty when there are none).
    """

    status: int
    error: Optional[str]
    message: Optional[str]
    timestamp: Optional[str] = None
    errors: Dict[str, List[str]] = field(default_factory=dict)


class XaalisError(Exception):
    """A call to Xaalis that did not succeed.

    Either the API answered with an error (:attr:`error` holds its body, :attr:`status` its HTTP
    status) or no answer came after the retries (:attr:`status` is 0, :attr:`error` is ``None``).
    """

    def __init__(self, message: str, status: int = 0, error: Optional[ApiError] = None) -> None:
        super().__init__(message)
        self.status = status
        self.error = error

    @classmethod
    def _from_api(cls, error: ApiError) -> "XaalisError":
        return cls("%d %s: %s" % (error.status, error.error, error.message), error.status, error)

    @property
    def retryable(self) -> bool:
        """Whether trying the same call again later may succeed (no answer, 409, 429, 5xx)."""
        return self.status == 0 or self.status == 409 or self.status == 429 or self.status >= 500


class Outcome(enum.StrEnum):
    """Sandbox outcomes that :meth:`XaalisClient.simulate` can force (each equals its name)."""

    SUCCESS = "SUCCESS"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"
    EXPIRED = "EXPIRED"


def _decimal(value: Amount, name: str) -> Decimal:
    if isinstance(value, bool):
        raise TypeError("%s must be a number or decimal text" % name)
    if isinstance(value, float):
        # The float as written (1500.5), not its binary expansion.
        value = repr(value)
    if isinstance(value, (Decimal, int)):
        result = Decimal(value)
    elif isinstance(value, str):
        try:
            result = Decimal(value.strip())
        except InvalidOperation:
            raise ValueError("%s is not a decimal number: %r" % (name, value)) from None
    else:
        raise TypeError("%s must be a number or decimal text" % name)
    if not result.is_finite():
        raise ValueError("%s must be finite" % name)
    return result


@dataclass(frozen=True)
class PaymentRequest:
    """What to collect.

    :param provider: ``WALLET_SN`` or ``MOBILEMONEY_SN``
    :param amount: at least 0.01, at most two decimals; whole numbers only for ``MOBILEMONEY_SN``.
        A ``Decimal``, decimal text such as ``"1500"``, or an ``int`` (a ``float`` is taken as written)
    :param currency: ``None`` for the default (``XOF``)
    :param description: a label for you (at most 500 characters), shown in the portal
    :param customer_phone: international format: ``+`` then digits
    :param customer_name: the customer's name (at most 100 characters)
    :param metadata: your own JSON object, returned as sent in the status and in notifications; use
        it to link the payment to your order
    :param success_url: where the customer goes after paying; default the application's
        ``callback_url_success``
    :param error_url: where the customer goes after a failure; default the application's
        ``callback_url_failure``
    """

    provider: str
    amount: Decimal
    currency: Optional[str] = None
    description: Optional[str] = None
    customer_phone: Optional[str] = None
    customer_name: Optional[str] = None
    metadata: Optional[Mapping[str, Any]] = None
    success_url: Optional[str] = None
    error_url: Optional[str] = None

    def __post_init__(self) -> None:
        if not isinstance(self.provider, str) or not self.provider:
            raise ValueError("provider is required")
        if self.amount is None:
            raise ValueError("amount is required")
        object.__setattr__(self, "amount", _decimal(self.amount, "amount"))

    def _body(self) -> Dict[str, Any]:
        body: Dict[str, Any] = {"provider": self.provider, "amount": _plain(self.amount)}
        names = ("currency", "description", "customer_phone", "customer_name", "metadata", "success_url", "error_url")
        return _put_present(body, self, names)


_Query = TypeVar("_Query", bound="_ListQuery")


@dataclass(frozen=True)
class _ListQuery:
    """What :class:`PaymentQuery` and :class:`PayoutQuery` share: a list's filters, its cursor and its
    page size, and the query string they make."""

    status: Optional[str] = None
    provider: Optional[str] = None
    created_from: Optional[datetime] = None
    created_to: Optional[datetime] = None
    cursor: Optional[str] = None
    limit: int = 20

    def after(self: _Query, next_cursor: Optional[str]) -> _Query:
        """The same filters, for the page after the one that returned ``next_cursor``."""
        return replace(self, cursor=next_cursor)

    def _params(self) -> List[Tuple[str, str]]:
        params = []
        for name in ("status", "provider", "created_from", "created_to", "cursor", "limit"):
            value = getattr(self, name)
            if isinstance(value, datetime):
                value = _instant_text(value)
            if value is not None:
                params.append((name, str(value)))
        return params


@dataclass(frozen=True)
class PaymentQuery(_ListQuery):
    """Filters for :meth:`XaalisClient.list`; ``None`` fields do not filter.

    :param status: only payments in this status, such as ``SUCCESS``
    :param provider: only payments through this provider
    :param created_from: inclusive, an aware ``datetime``
    :param created_to: exclusive, an aware ``datetime``
    :param cursor: the :attr:`PaymentPage.next_cursor` of the previous page
    :param limit: page size, 1 to 100
    """


@dataclass(frozen=True)
class Payment:
    """A payment as the API returns it.

    ``amount`` is exact (``Decimal``, two decimals as sent by the API). ``status`` is
    ``PROCESSING``, ``SUCCESS``, ``FAILED``, ``CANCELLED``, ``EXPIRED`` or ``REFUNDED``.
    ``deep_links`` open the provider's app, by key (``WALLET``, ``MM``, ``APP2``). ``qr_code`` is
    a base64 PNG without a ``data:`` prefix, only in the initiation response. Times are aware
    ``datetime``s in UTC; ``paid_at`` is ``None`` until paid. ``metadata`` is your JSON object,
    as you sent it (integers as ``int``, other numbers as ``Decimal``). ``fee`` is the operator's
    fee (``Decimal``), set when the payment succeeds (zero on your own provider account), and
    ``net_amount`` the amount less the fee, what your balance is credited: both ``None`` before.
    """

    transaction_uuid: Optional[str]
    reference: Optional[str]
    provider: Optional[str]
    environment: Optional[str]
    amount: Optional[Decimal]
    currency: Optional[str]
    status: Optional[str]
    deep_links: Dict[str, str] = field(default_factory=dict)
    qr_code: Optional[str] = field(default=None, repr=False)
    provider_reference: Optional[str] = None
    expires_at: Optional[datetime] = None
    created_at: Optional[datetime] = None
    paid_at: Optional[datetime] = None
    expired_at: Optional[datetime] = None
    error_message: Optional[str] = None
    metadata: Any = field(default_factory=dict)
    fee: Optional[Decimal] = None
    net_amount: Optional[Decimal] = None

    @property
    def is_final(self) -> bool:
        """Whether the payment reached a status it will not leave (except SUCCESS, which a refund
        can change)."""
        return self.status != "PROCESSING"

    @classmethod
    def _from_json(cls, node: Any) -> "Payment":
        if not isinstance(node, dict):
            raise ValueError("a payment is a JSON object")
        links = node.get("deep_links")
        return cls(
            transaction_uuid=_text(node, "transaction_uuid"),
            reference=_text(node, "reference"),
            provider=_text(node, "provider"),
            environment=_text(node, "environment"),
            amount=_amount(node, "amount"),
            currency=_text(node, "currency"),
            status=_text(node, "status"),
            deep_links={k: _as_text(v) for k, v in links.items()} if isinstance(links, dict) else {},
            qr_code=_text(node, "qr_code"),
            provider_reference=_text(node, "provider_reference"),
            expires_at=_instant(node, "expires_at"),
            created_at=_instant(node, "created_at"),
            paid_at=_instant(node, "paid_at"),
            expired_at=_instant(node, "expired_at"),
            error_message=_text(node, "error_message"),
            metadata=node["metadata"] if "metadata" in node else {},
            fee=_amount(node, "fee"),
            net_amount=_amount(node, "net_amount"),
        )


@dataclass(frozen=True)
class PaymentPage:
    """One page of :meth:`XaalisClient.list`, newest first.

    ``next_cursor``: pass it to :meth:`PaymentQuery.after` for the next page; ``None`` on the last.
    """

    payments: List[Payment]
    has_more: bool
    next_cursor: Optional[str]


@dataclass(frozen=True)
class PaymentLinkRequest:
    """A payment link to create: either ``amount`` (a fixed amount) or both ``min_amount`` and
    ``max_amount`` (the customer chooses in that range).

    :param amount: like :attr:`PaymentRequest.amount`
    :param currency: ``None`` for the default (``XOF``)
    :param description: shown to the customer and carried by each payment (at most 500 characters)
    :param providers: the payment methods offered; ``None`` for every provider active for the application
    :param single_use: paid at most once; ``None`` for the default (``False``)
    :param expires_at: an aware ``datetime`` when the link stops taking payments; ``None`` for never
    """

    amount: Optional[Decimal] = None
    min_amount: Optional[Decimal] = None
    max_amount: Optional[Decimal] = None
    currency: Optional[str] = None
    description: Optional[str] = None
    providers: Optional[Sequence[str]] = None
    single_use: Optional[bool] = None
    expires_at: Optional[datetime] = None

    def __post_init__(self) -> None:
        for name in ("amount", "min_amount", "max_amount"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _decimal(value, name))
        if self.providers is not None:
            if isinstance(self.providers, str):
                raise TypeError("providers is a list of provider names")
            object.__setattr__(self, "providers", tuple(self.providers))
        if self.expires_at is not None:
            _instant_text(self.expires_at)  # refuses a naive datetime now, not at the call

    def _body(self) -> Dict[str, Any]:
        body: Dict[str, Any] = {}
        for name in ("amount", "min_amount", "max_amount", "currency", "description", "providers", "single_use", "expires_at"):
            value = getattr(self, name)
            if isinstance(value, Decimal):
                value = _plain(value)
            elif isinstance(value, datetime):
                value = _instant_text(value)
            elif isinstance(value, tuple):
                value = list(value)
            if value is not None:
                body[name] = value
        return body


@dataclass(frozen=True)
class PaymentLink:
    """A payment link as the API returns it.

    ``url`` is the address to share, ``qr_code`` that address as a base64 PNG (without a ``data:``
    prefix). ``amount`` is the fixed amount, or ``None`` when the customer chooses between
    ``min_amount`` and ``max_amount``. ``state`` is ``OPEN``, ``IN_PROGRESS``, ``PAID``, ``EXPIRED``
    or ``DEACTIVATED``; ``active`` is ``False`` once deactivated. Each payment a link starts carries
    ``{"payment_link": code}`` as its metadata.
    """

    code: Optional[str]
    url: Optional[str]
    qr_code: Optional[str] = field(repr=False)
    environment: Optional[str]
    amount: Optional[Decimal]
    min_amount: Optional[Decimal]
    max_amount: Optional[Decimal]
    currency: Optional[str]
    description: Optional[str]
    providers: List[str]
    single_use: bool
    expires_at: Optional[datetime]
    active: bool
    state: Optional[str]
    created_at: Optional[datetime]

    @classmethod
    def _from_json(cls, node: Any) -> "PaymentLink":
        if not isinstance(node, dict):
            raise ValueError("a payment link is a JSON object")
        providers = node.get("providers")
        return cls(
            code=_text(node, "code"),
            url=_text(node, "url"),
            qr_code=_text(node, "qr_code"),
            environment=_text(node, "environment"),
            amount=_amount(node, "amount"),
            min_amount=_amount(node, "min_amount"),
            max_amount=_amount(node, "max_amount"),
            currency=_text(node, "currency"),
            description=_text(node, "description"),
            providers=[_as_text(p) for p in providers] if isinstance(providers, list) else [],
            single_use=node.get("single_use") is True,
            expires_at=_instant(node, "expires_at"),
            active=node.get("active") is True,
            state=_text(node, "state"),
            created_at=_instant(node, "created_at"),
        )


@dataclass(frozen=True)
class PaymentLinkPage:
    """One page of :meth:`XaalisClient.list_payment_links`, newest first; pass ``next_cursor`` back
    as ``cursor`` while ``has_more``."""

    links: List[PaymentLink]
    has_more: bool
    next_cursor: Optional[str]


@dataclass(frozen=True)
class PayoutRequest:
    """A payout to send.

    :param provider: ``WALLET_SN`` or ``MOBILEMONEY_SN``
    :param amount: what the recipient gets, a whole number of francs (the provider's fee is charged on
        top). A ``Decimal``, decimal text such as ``"5000"``, or an ``int`` (a ``float`` is taken as written)
    :param recipient_phone: ``+221`` and a mobile number, such as ``+221771234567``
    :param recipient_name: the recipient's name (at most 100 characters); the wallet may check it
    :param reason: shown on the recipient's receipt (at most 40 characters)
    :param metadata: your own JSON object (16 KiB at most), returned as sent in the payout and its
        notifications; use it to link the payout to your records
    """

    provider: str
    amount: Decimal
    recipient_phone: str
    recipient_name: Optional[str] = None
    reason: Optional[str] = None
    metadata: Optional[Mapping[str, Any]] = None

    def __post_init__(self) -> None:
        if not isinstance(self.provider, str) or not self.provider:
            raise ValueError("provider is required")
        if self.amount is None:
            raise ValueError("amount is required")
        if not isinstance(self.recipient_phone, str) or not self.recipient_phone:
            raise ValueError("recipient_phone is required")
        object.__setattr__(self, "amount", _decimal(self.amount, "amount"))

    def _body(self) -> Dict[str, Any]:
        body: Dict[str, Any] = {
            "provider": self.provider,
            "amount": _plain(self.amount),
            "recipient_phone": self.recipient_phone,
        }
        return _put_present(body, self, ("recipient_name", "reason", "metadata"))


@dataclass(frozen=True)
class Payout:
    """A payout as the API returns it, and as the ``data`` of its notifications.

    ``reference`` is ``OUT-`` and 8 characters. ``amount`` (what the recipient gets) and ``fee`` (what
    the provider charged on top; ``None`` until it said, and for ``MOBILEMONEY_SN``) are exact
    ``Decimal``s with two decimals as sent by the API. ``status`` is ``PROCESSING``, ``SUCCESS``,
    ``FAILED``, ``REVERSED`` or ``NEEDS_REVIEW``; ``failure_code`` (the provider's) and
    ``failure_reason`` say why it failed, or what to check for ``NEEDS_REVIEW``. Times are aware
    ``datetime``s in UTC; ``settled_at`` is ``None`` until the outcome (or the need for a review) is
    known. ``metadata`` is your JSON object, as you sent it.
    """

    reference: Optional[str]
    provider: Optional[str]
    environment: Optional[str]
    amount: Optional[Decimal]
    fee: Optional[Decimal]
    currency: Optional[str]
    recipient_phone: Optional[str]
    recipient_name: Optional[str]
    reason: Optional[str]
    status: Optional[str]
    failure_code: Optional[str]
    failure_reason: Optional[str]
    metadata: Any
    created_at: Optional[datetime]
    updated_at: Optional[datetime]
    settled_at: Optional[datetime]

    @classmethod
    def _from_json(cls, node: Any) -> "Payout":
        if not isinstance(node, dict):
            raise ValueError("a payout is a JSON object")
        return cls(
            reference=_text(node, "reference"),
            provider=_text(node, "provider"),
            environment=_text(node, "environment"),
            amount=_amount(node, "amount"),
            fee=_amount(node, "fee"),
            currency=_text(node, "currency"),
            recipient_phone=_text(node, "recipient_phone"),
            recipient_name=_text(node, "recipient_name"),
            reason=_text(node, "reason"),
            status=_text(node, "status"),
            failure_code=_text(node, "failure_code"),
            failure_reason=_text(node, "failure_reason"),
            metadata=node["metadata"] if "metadata" in node else {},
            created_at=_instant(node, "created_at"),
            updated_at=_instant(node, "updated_at"),
            settled_at=_instant(node, "settled_at"),
        )


@dataclass(frozen=True)
class PayoutQuery(_ListQuery):
    """Filters for :meth:`XaalisClient.list_payouts`, the same as :class:`PaymentQuery`'s: the
    payouts' ``status`` and ``provider``, when they were created (``created_from`` inclusive,
    ``created_to`` exclusive), the :attr:`PayoutPage.next_cursor` of the previous page and the page
    size (``limit``, 1 to 100); ``None`` fields do not filter.
    """


@dataclass(frozen=True)
class PayoutPage:
    """The payouts of one page of :meth:`XaalisClient.list_payouts`, newest first, and whether more
    follow: pass ``next_cursor`` to :meth:`PayoutQuery.after` for the next page (``None`` on the last).
    """

    payouts: List[Payout]
    has_more: bool
    next_cursor: Optional[str]


@dataclass(frozen=True)
class Balance:
    """The application's balance in the keys' environment, as :meth:`XaalisClient.balance` returns it.

    ``available`` is what a settlement can pay out now, ``pending`` what payments whose delay has not
    ended yet credited: exact ``Decimal`` values with two decimals as sent by the API. ``environment`` is
    ``sandbox`` or ``live``; ``currency`` is ``XOF``.
    """

    environment: Optional[str]
    currency: Optional[str]
    available: Optional[Decimal]
    pending: Optional[Decimal]

    @classmethod
    def _from_json(cls, node: Any) -> "Balance":
        if not isinstance(node, dict):
            raise ValueError("a balance is a JSON object")
        return cls(
            environment=_text(node, "environment"),
            currency=_text(node, "currency"),
            available=_amount(node, "available"),
            pending=_amount(node, "pending"),
        )


@dataclass(frozen=True)
class BalanceTransaction:
    """What moved the balance once.

    ``type`` is ``payment``, ``refund``, ``refund_reversal``, ``settlement``, ``settlement_reversal``,
    ``fee`` or ``adjustment``. ``amount`` is the payment's amount (for a refund, minus the amount
    refunded), ``fee`` the operator's fee (on a refund, minus the fee given back) and ``net`` what the
    balance moved, ``amount - fee``: exact ``Decimal`` values. ``reference`` is the payment's reference, or
    for a settlement or its reversal the settlement's id. ``created_at`` is an aware ``datetime`` in UTC;
    ``available_on`` is, for a payment, the ``date`` (Dakar time) its net becomes available, else ``None``;
    ``description``, for an adjustment, the operator's reason, else ``None``.
    """

    id: Optional[str]
    type: Optional[str]
    amount: Optional[Decimal]
    fee: Optional[Decimal]
    net: Optional[Decimal]
    reference: Optional[str]
    created_at: Optional[datetime]
    available_on: Optional[date]
    description: Optional[str] = None

    @classmethod
    def _from_json(cls, node: Any) -> "BalanceTransaction":
        if not isinstance(node, dict):
            raise ValueError("a balance transaction is a JSON object")
        available_on = _text(node, "available_on")
        return cls(
            id=_text(node, "id"),
            type=_text(node, "type"),
            amount=_amount(node, "amount"),
            fee=_amount(node, "fee"),
            net=_amount(node, "net"),
            reference=_text(node, "reference"),
            created_at=_instant(node, "created_at"),
            available_on=None if available_on is None else date.fromisoformat(available_on),
            description=_text(node, "description"),
        )


@dataclass(frozen=True)
class BalanceTransactionQuery:
    """The page :meth:`XaalisClient.list_balance_transactions` asks for: the
    :attr:`BalanceTransactionPage.next_cursor` of the previous page (``None`` for the first) and the page
    size (``limit``, 1 to 100)."""

    cursor: Optional[str] = None
    limit: int = 20

    def after(self, next_cursor: Optional[str]) -> "BalanceTransactionQuery":
        """The page after the one that returned ``next_cursor``."""
        return replace(self, cursor=next_cursor)


@dataclass(frozen=True)
class BalanceTransactionPage:
    """The transactions of one page of :meth:`XaalisClient.list_balance_transactions`, newest first, and
    whether more follow: pass ``next_cursor`` to :meth:`BalanceTransactionQuery.after` for the next page
    (``None`` on the last)."""

    transactions: List[BalanceTransaction]
    has_more: bool
    next_cursor: Optional[str]


@dataclass(frozen=True)
class SettlementRequest:
    """A settlement to ask for: ``amount`` in whole francs, at most what is available (a ``Decimal``,
    decimal text such as ``"4500"``, or an ``int``); ``None``, the default, for all that is available."""

    amount: Optional[Decimal] = None

    def __post_init__(self) -> None:
        if self.amount is not None:
            object.__setattr__(self, "amount", _decimal(self.amount, "amount"))

    def _body(self) -> Dict[str, Any]:
        return {} if self.amount is None else {"amount": _plain(self.amount)}


@dataclass(frozen=True)
class Settlement:
    """A settlement as the API returns it, and as the ``data`` of its notifications.

    ``id`` names it in every other call; ``reference`` is ``STL-`` and 8 characters, as the
    notifications' ids carry it. ``amount`` is an exact ``Decimal`` with two decimals. ``destination`` is
    the number it goes to, masked (``+221 77 *** ** 67``). ``status`` is ``PROCESSING``, ``PAID``,
    ``FAILED`` or ``REVERSED``; ``failure_code`` (the provider's) and ``failure_reason`` say why it
    failed. ``payout_reference`` is the payout that carries it; ``origin`` who asked: ``api``,
    ``portal`` or ``automatic``. Times are aware ``datetime`` values in UTC.
    """

    id: Optional[str]
    reference: Optional[str]
    environment: Optional[str]
    amount: Optional[Decimal]
    currency: Optional[str]
    provider: Optional[str]
    destination: Optional[str]
    status: Optional[str]
    payout_reference: Optional[str]
    origin: Optional[str]
    failure_code: Optional[str]
    failure_reason: Optional[str]
    created_at: Optional[datetime]
    updated_at: Optional[datetime]

    @classmethod
    def _from_json(cls, node: Any) -> "Settlement":
        if not isinstance(node, dict):
            raise ValueError("a settlement is a JSON object")
        return cls(
            id=_text(node, "id"),
            reference=_text(node, "reference"),
            environment=_text(node, "environment"),
            amount=_amount(node, "amount"),
            currency=_text(node, "currency"),
            provider=_text(node, "provider"),
            destination=_text(node, "destination"),
            status=_text(node, "status"),
            payout_reference=_text(node, "payout_reference"),
            origin=_text(node, "origin"),
            failure_code=_text(node, "failure_code"),
            failure_reason=_text(node, "failure_reason"),
            created_at=_instant(node, "created_at"),
            updated_at=_instant(node, "updated_at"),
        )


@dataclass(frozen=True)
class SettlementQuery:
    """The page :meth:`XaalisClient.list_settlements` asks for: the :attr:`SettlementPage.next_cursor`
    of the previous page (``None`` for the first) and the page size (``limit``, 1 to 100)."""

    cursor: Optional[str] = None
    limit: int = 20

    def after(self, next_cursor: Optional[str]) -> "SettlementQuery":
        """The page after the one that returned ``next_cursor``."""
        return replace(self, cursor=next_cursor)


@dataclass(frozen=True)
class SettlementPage:
    """The settlements of one page of :meth:`XaalisClient.list_settlements`, newest first, and whether
    more follow: pass ``next_cursor`` to :meth:`SettlementQuery.after` for the next page (``None`` on the
    last)."""

    settlements: List[Settlement]
    has_more: bool
    next_cursor: Optional[str]


def _put_present(body: Dict[str, Any], request: Any, names: Sequence[str]) -> Dict[str, Any]:
    """``body`` with the request's fields ``names`` that are not ``None``, in that order."""
    for name in names:
        value = getattr(request, name)
        if value is not None:
            body[name] = value
    return body


def _amount(node: Mapping[str, Any], name: str) -> Optional[Decimal]:
    value = _text(node, name)
    return None if value is None else Decimal(value)


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return ""
    return str(value)


def _text(node: Mapping[str, Any], name: str) -> Optional[str]:
    value = node.get(name)
    return None if value is None else _as_text(value)


_INSTANT = re.compile(
    r"(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d\d):?(\d\d))",
    re.ASCII,
)


def _instant(node: Mapping[str, Any], name: str) -> Optional[datetime]:
    value = _text(node, name)
    if value is None:
        return None
    return parse_instant(value)


def parse_instant(value: str) -> datetime:
    """An ISO 8601 timestamp with an offset (``Z`` or ``±hh:mm``) as an aware UTC ``datetime``;
    fractions beyond microseconds are truncated. (``datetime.fromisoformat`` reads neither ``Z`` nor
    nanoseconds before Python 3.11.)"""
    match = _INSTANT.fullmatch(value)
    if not match:
        raise ValueError("not an ISO 8601 timestamp with an offset: %r" % value)
    year, month, day, hour, minute, second, fraction, zulu, sign_, off_h, off_m = match.groups()
    micros = int((fraction or "0").ljust(6, "0")[:6])
    offset = timezone.utc
    if not zulu:
        delta = timedelta(hours=int(off_h), minutes=int(off_m))
        offset = timezone(-delta if sign_ == "-" else delta)
    moment = datetime(
        int(year), int(month), int(day), int(hour), int(minute), int(second or 0), micros, tzinfo=offset
    )
    return moment.astimezone(timezone.utc)


def _instant_text(value: datetime) -> str:
    if value.tzinfo is None:
        raise ValueError("created_from and created_to must be timezone-aware datetimes (use timezone.utc)")
    text = value.astimezone(timezone.utc).isoformat()
    return text[: -len("+00:00")] + "Z"


def _plain(value: Decimal) -> str:
    return format(value, "f")


def _dumps(value: Any) -> str:
    """Compact JSON, UTF-8 text; ``Decimal``s are written as exact numbers."""
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError("JSON has no NaN or infinity")
        return str(value)
    if isinstance(value, Mapping):
        items = []
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError("JSON object keys are strings, not %s" % type(key).__name__)
            items.append(json.dumps(key, ensure_ascii=False) + ":" + _dumps(item))
        return "{" + ",".join(items) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_dumps(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _segment(value: str) -> str:
    if value is None:
        raise ValueError("reference is required")
    return urllib.parse.quote(str(value), safe="")


def _require(value: Optional[str], name: str) -> str:
    if value is None or not str(value).strip():
        raise ValueError(name + " is required")
    return str(value)


# --- HTTP ---------------------------------------------------------------------------------------


class _ConnectTimeout:
    """Connects (and, for HTTPS, shakes hands) within ``connect_timeout``; then every read waits at
    most the request timeout."""

    def __init__(self, *args: Any, connect_timeout: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]
        self._connect_timeout = connect_timeout

    def connect(self) -> None:
        read_timeout = self.timeout  # type: ignore[attr-defined]
        if not isinstance(read_timeout, (int, float)):
            super().connect()  # type: ignore[misc]
            return
        self.timeout = min(self._connect_timeout, read_timeout)
        try:
            super().connect()  # type: ignore[misc]
        finally:
            self.timeout = read_timeout
        self.sock.settimeout(read_timeout)  # type: ignore[attr-defined]


class _HTTPConnection(_ConnectTimeout, http.client.HTTPConnection):
    pass


class _HTTPSConnection(_ConnectTimeout, http.client.HTTPSConnection):
    pass


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, connect_timeout: float) -> None:
        super().__init__()
        self._connect_timeout = connect_timeout

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(functools.partial(_HTTPConnection, connect_timeout=self._connect_timeout), req)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, connect_timeout: float) -> None:
        super().__init__()
        self._connect_timeout = connect_timeout

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(
            functools.partial(_HTTPSConnection, connect_timeout=self._connect_timeout),
            req,
            context=self._context,  # type: ignore[attr-defined]
        )


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects are answers, never followed (the keys must not travel to another address)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class _Timeout(OSError):
    pass


class XaalisClient:
    """The Xaalis payment API for a merchant's server. Thread-safe; create one per application
    and reuse it::

        xaalis = XaalisClient.from_environment()
        payment = xaalis.initiate(PaymentRequest("WALLET_SN", "1500", metadata={"order_id": "o-42"}))
        # show payment.deep_links or payment.qr_code to the customer, then wait for the webhook

    Calls: :meth:`initiate`, :meth:`status`, :meth:`list`, :meth:`cancel`, :meth:`refund`,
    :meth:`pay_with_code`, :meth:`simulate` (sandbox), :meth:`create_payment_link`,
    :meth:`list_payment_links`, :meth:`deactivate_payment_link`, :meth:`create_payout`,
    :meth:`read_payout`, :meth:`list_payouts`, :meth:`balance`, :meth:`list_balance_transactions`,
    :meth:`create_settlement`, :meth:`read_settlement` and :meth:`list_settlements`.

    Every POST carries an ``Idempotency-Key`` (generated unless you pass one, as to
    :meth:`create_settlement`; a payout's is always yours, see :meth:`create_payout`), kept across retries,
    so a retried call never creates or changes anything twice. Network errors (timeouts included)
    and 429 answers are retried ``max_retries`` times, honouring ``Retry-After``; other errors raise
    :class:`XaalisError` with the API's error body.

    :param base_url: where Xaalis runs, such as ``https://pay.example.com``
    :param endpoint_key: your application's endpoint key (the path segment after ``/api/v1/``)
    :param api_key: ``pk_test_…`` or ``pk_live_…``; the environment follows from the keys
    :param api_secret: ``sk_test_…`` or ``sk_live_…``: a server-side secret, never sent to a browser
    :param connect_timeout: seconds, default 5
    :param request_timeout: seconds per attempt, default 30
    :param max_retries: further attempts after a network error or a 429; default 2, 0 disables retries
    :param retry_delay: first pause in seconds after a network error, doubled on each retry (with
        jitter); default 0.25
    :param max_retry_after: the longest ``Retry-After`` honoured, in seconds; default 30
    """

    def __init__(
        self,
        base_url: str,
        endpoint_key: str,
        api_key: str,
        api_secret: str,
        *,
        connect_timeout: float = 5.0,
        request_timeout: float = 30.0,
        max_retries: int = 2,
        retry_delay: float = 0.25,
        max_retry_after: float = 30.0,
    ) -> None:
        base_url = _require(base_url, "base_url").rstrip("/")
        if urllib.parse.urlsplit(base_url).scheme not in ("http", "https"):
            raise ValueError("base_url must start with https:// (or http://)")
        self._base_url = base_url
        self._endpoint_key = _require(endpoint_key, "endpoint_key")
        self._api_key = _require(api_key, "api_key")
        self._api_secret = _require(api_secret, "api_secret")
        if isinstance(max_retries, bool) or not isinstance(max_retries, int):
            raise TypeError("max_retries is an int")
        if max_retries < 0:
            raise ValueError("max_retries must not be negative")
        for name, value in (
            ("connect_timeout", connect_timeout),
            ("request_timeout", request_timeout),
            ("retry_delay", retry_delay),
            ("max_retry_after", max_retry_after),
        ):
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not value >= 0:
                raise ValueError("%s must be a non-negative number of seconds" % name)
        self._request_timeout = float(request_timeout)
        self._max_retries = max_retries
        self._retry_delay = float(retry_delay)
        self._max_retry_after = float(max_retry_after)
        # No proxy from the environment (the keys go where base_url says) and no redirects.
        self._opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}),
            _HTTPHandler(float(connect_timeout)),
            _HTTPSHandler(float(connect_timeout)),
            _NoRedirect(),
        )
        self._sleep = time.sleep

    @classmethod
    def from_environment(cls, environ: Optional[Mapping[str, str]] = None, **options: Any) -> "XaalisClient":
        """A client configured from ``XAALIS_BASE_URL``, ``XAALIS_ENDPOINT_KEY``, ``XAALIS_API_KEY``
        and ``XAALIS_API_SECRET`` (``environ`` defaults to ``os.environ``); ``options`` are the
        keyword settings of the constructor.

        :raises ValueError: naming the first variable that is not set
        """
        env = os.environ if environ is None else environ
        values = []
        for name in ("XAALIS_BASE_URL", "XAALIS_ENDPOINT_KEY", "XAALIS_API_KEY", "XAALIS_API_SECRET"):
            value = env.get(name)
            if value is None or not value.strip():
                raise ValueError("Environment variable %s is not set" % name)
            values.append(value)
        return cls(*values, **options)

    def __repr__(self) -> str:
        # The secret stays out of logs.
        return "XaalisClient(%r, %r, %r)" % (self._base_url, self._endpoint_key, self._api_key)

    # --- the API ---------------------------------------------------------------------------------

    def initiate(self, request: PaymentRequest, idempotency_key: Optional[str] = None) -> Payment:
        """Starts collecting a payment.

        :param idempotency_key: at most 255 characters; the same key and request within 24 h return
            the first payment instead of creating another (use your order id to survive your own
            restarts). A fresh one is generated when omitted.
        """
        if not isinstance(request, PaymentRequest):
            raise TypeError("initiate takes a PaymentRequest")
        return self._payment(self._create("/payments/initiate/", request._body(), idempotency_key))

    def status(self, reference: str) -> Payment:
        """The payment's current status (catch up after a missed notification, or confirm before
        delivering)."""
        return self._payment(self._send("GET", "/payments/%s/status/" % _segment(reference)))

    def list(self, query: Optional[PaymentQuery] = None) -> PaymentPage:
        """A page of payments of this application and environment, newest first."""
        return PaymentPage(*self._list("/payments/", query if query is not None else PaymentQuery(), Payment))

    def cancel(self, reference: str) -> Payment:
        """Cancels a PROCESSING payment (409 when it already left PROCESSING)."""
        return self._payment(self._send("POST", "/payments/%s/cancel/" % _segment(reference), None, _new_key()))

    def refund(self, reference: str) -> Payment:
        """Refunds a SUCCESS payment (409 when it is not SUCCESS)."""
        return self._payment(self._send("POST", "/payments/%s/refund/" % _segment(reference), None, _new_key()))

    def pay_with_code(self, reference: str, phone: str, otp: str) -> Payment:
        """Completes a PROCESSING ``MOBILEMONEY_SN`` payment with the one-time code the customer got
        by dialling the operator's USSD menu.

        Returns the payment: ``SUCCESS``, or ``FAILED`` (``error_message`` says why: insufficient
        funds, the code refused three times), or still ``PROCESSING`` (a 202) when the operator has
        not answered yet, in which case the webhook or :meth:`status` tells the end. A code the
        operator refuses while tries remain raises a 400 :class:`XaalisError` whose
        ``error.errors`` has ``otp`` (the payment stays PROCESSING: ask the customer again); a
        ``WALLET_SN`` payment, a 400 with ``provider``; a payment no longer PROCESSING, or whose
        previous code is still being checked, a 409. The code is sent once in the body and never
        appears in a message.

        :param phone: the customer's Senegal number, with or without ``+221``, spaces allowed
        :param otp: the one-time code, as the customer typed it (text: a code may start with 0)
        """
        if not isinstance(phone, str):
            raise TypeError("phone must be a str")
        if not isinstance(otp, str):
            raise TypeError("otp must be a str (a code may start with 0)")
        body = _dumps({"customer_phone": phone, "otp": otp})
        return self._payment(self._send("POST", "/payments/%s/otp" % _segment(reference), body, _new_key()))

    def simulate(self, reference: str, outcome: Union[Outcome, str], error_message: Optional[str] = None) -> Payment:
        """Forces a sandbox payment's outcome (sandbox keys only), which sends its notification.

        :param error_message: the reason recorded with a ``FAILED`` outcome (default "Declined in
            the sandbox")
        """
        body: Dict[str, Any] = {"outcome": Outcome(outcome).value}
        if error_message is not None:
            body["error_message"] = error_message
        return self._payment(
            self._send("POST", "/sandbox/payments/%s/simulate" % _segment(reference), _dumps(body), _new_key())
        )

    def create_payment_link(self, request: PaymentLinkRequest, idempotency_key: Optional[str] = None) -> PaymentLink:
        """Creates a payment link to share (its ``url``) or print (its ``qr_code``)."""
        if not isinstance(request, PaymentLinkRequest):
            raise TypeError("create_payment_link takes a PaymentLinkRequest")
        return self._link(self._create("/payment-links/", request._body(), idempotency_key))

    def list_payment_links(self, cursor: Optional[str] = None, limit: int = 20) -> PaymentLinkPage:
        """A page of the application's payment links in the keys' environment, newest first."""
        params: List[Tuple[str, str]] = [] if cursor is None else [("cursor", cursor)]
        params.append(("limit", str(limit)))
        links, has_more, next_cursor = self._page("/payment-links/", params, PaymentLink)
        return PaymentLinkPage(links, has_more, next_cursor)

    def deactivate_payment_link(self, code: str) -> PaymentLink:
        """Stops a payment link for good (payments it already started are not touched)."""
        return self._link(self._send("POST", "/payment-links/%s/deactivate/" % _segment(code), None, _new_key()))

    def create_payout(self, request: PayoutRequest, idempotency_key: str) -> Payout:
        """Sends money to a Senegalese mobile number from the application's provider account (payouts
        must be turned on for the application first, else a 403).

        The key is required and never generated: a payout is sent at most once per key, however late
        the same call is retried. After a lost answer retry with the same key (the same payout comes
        back), never with a new one; the same key with another request is refused with a 422.

        :param idempotency_key: 1 to 255 characters, yours to keep with the payout you mean (such as
            your own payout's id)
        :raises ValueError: without a key
        """
        if not isinstance(request, PayoutRequest):
            raise TypeError("create_payout takes a PayoutRequest")
        if not isinstance(idempotency_key, str) or not idempotency_key.strip():
            raise ValueError("idempotency_key is required: a payout is never sent without one")
        return _read(Payout, self._create("/payouts/", request._body(), idempotency_key))

    def read_payout(self, reference: str) -> Payout:
        """The payout as it stands; 404 for a reference that is not one of this application's in the
        keys' environment."""
        return _read(Payout, self._send("GET", "/payouts/%s/" % _segment(reference)))

    def list_payouts(self, query: Optional[PayoutQuery] = None) -> PayoutPage:
        """A page of payouts of this application and environment, newest first."""
        return PayoutPage(*self._list("/payouts/", query if query is not None else PayoutQuery(), Payout))

    def balance(self) -> Balance:
        """The application's balance in the keys' environment: available, and pending until its delay
        ends."""
        return _read(Balance, self._send("GET", "/balance/"))

    def list_balance_transactions(self, query: Optional[BalanceTransactionQuery] = None) -> BalanceTransactionPage:
        """A page of what moved the balance (payments, refunds, settlements…), newest first."""
        q = query if query is not None else BalanceTransactionQuery()
        return BalanceTransactionPage(*self._page("/balance/transactions/", _cursor_params(q), BalanceTransaction))

    def create_settlement(
        self, request: Optional[SettlementRequest] = None, idempotency_key: Optional[str] = None
    ) -> Settlement:
        """Pays the available balance (all of it, or the request's ``amount``) out to the application's
        own number, set in the portal. The balance is debited at once; a failed or reversed settlement
        credits it back.

        The same key and request answer the same settlement however late they are retried; the same key
        with another request is refused with a 422. A 409 when no number is set (or it changed less
        than 24 h ago) or when ``available`` does not cover the amount.

        :param idempotency_key: 1 to 255 characters (such as your own withdrawal's id, to retry it
            safely after a lost answer); ``None`` for a fresh one, kept across this call's own retries
        """
        if request is None:
            request = SettlementRequest()
        if not isinstance(request, SettlementRequest):
            raise TypeError("create_settlement takes a SettlementRequest")
        if idempotency_key is not None and (not isinstance(idempotency_key, str) or not idempotency_key.strip()):
            raise ValueError("idempotency_key must not be blank")
        return _read(Settlement, self._create("/settlements/", request._body(), idempotency_key))

    def read_settlement(self, id: str) -> Settlement:
        """The settlement as it stands; 404 for an id that is not one of this application's in the keys'
        environment."""
        return _read(Settlement, self._send("GET", "/settlements/%s/" % _segment(id)))

    def list_settlements(self, query: Optional[SettlementQuery] = None) -> SettlementPage:
        """A page of settlements of this application and environment, newest first."""
        q = query if query is not None else SettlementQuery()
        return SettlementPage(*self._page("/settlements/", _cursor_params(q), Settlement))

    # --- transport -------------------------------------------------------------------------------

    def _payment(self, node: Any) -> Payment:
        return _read(Payment, node)

    def _link(self, node: Any) -> PaymentLink:
        return _read(PaymentLink, node)

    def _create(self, path: str, body: Mapping[str, Any], idempotency_key: Optional[str]) -> Any:
        """A POST that creates something, under the caller's idempotency key or else a fresh one (kept
        across retries)."""
        return self._send("POST", path, _dumps(body), idempotency_key or _new_key())

    def _list(self, path: str, query: _ListQuery, kind: Any) -> Tuple[List[Any], bool, Optional[str]]:
        """The page of a filtered list that ``query`` asks for: its items, ``has_more``, ``next_cursor``."""
        return self._page(path, query._params(), kind)

    def _page(self, path: str, params: List[Tuple[str, str]], kind: Any) -> Tuple[List[Any], bool, Optional[str]]:
        page = self._send("GET", path + "?" + urllib.parse.urlencode(params))
        if not isinstance(page, dict):
            raise _invalid_response(200, "The response is not a page")
        data = page.get("data")
        items = [_read(kind, node) for node in (data if isinstance(data, list) else [])]
        return items, page.get("has_more") is True, _text(page, "next_cursor")

    def _send(self, method: str, path: str, body: Optional[str] = None, idempotency_key: Optional[str] = None) -> Any:
        url = "%s/api/v1/%s%s" % (self._base_url, _segment(self._endpoint_key), path)
        headers = {
            "X-Api-Key": self._api_key,
            "X-Api-Secret": self._api_secret,
            "Accept": "application/json",
            "User-Agent": USER_AGENT,
        }
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = body.encode("utf-8")
        attempt = 0
        while True:
            try:
                status, response_headers, payload = self._exchange(method, url, headers, data)
            except (OSError, http.client.HTTPException) as e:
                if attempt >= self._max_retries:
                    raise XaalisError(
                        "Xaalis could not be reached after %d attempts: %s" % (attempt + 1, _describe(e))
                    ) from e
                self._sleep(self._backoff(attempt))
                attempt += 1
                continue
            if status == 429 and attempt < self._max_retries:
                wait = self._retry_after(response_headers.get("Retry-After"))
                self._sleep(self._backoff(attempt) if wait is None else wait)
                attempt += 1
                continue
            if 200 <= status < 300:
                try:
                    return json.loads(payload.decode("utf-8"), parse_float=Decimal, parse_constant=_no_constant)
                except ValueError:
                    raise _invalid_response(status) from None
            raise XaalisError._from_api(_error(status, payload))

    def _exchange(
        self, method: str, url: str, headers: Dict[str, str], data: Optional[bytes]
    ) -> Tuple[int, Any, bytes]:
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        deadline = time.monotonic() + self._request_timeout
        try:
            response = self._opener.open(request, timeout=self._request_timeout)
        except urllib.error.HTTPError as answer:
            # An answer that is not 2xx (or a redirect, never followed): still an answer.
            response = answer
        with response:
            chunks = []
            while True:
                if time.monotonic() > deadline:
                    raise _Timeout("the response took longer than %gs" % self._request_timeout)
                chunk = response.read(65536)
                if not chunk:
                    break
                chunks.append(chunk)
            return response.getcode(), response.headers, b"".join(chunks)

    def _retry_after(self, value: Optional[str]) -> Optional[float]:
        if value is None or not re.fullmatch(r"[+-]?[0-9]{1,18}", value.strip()):
            return None
        return float(min(max(0, int(value.strip())), self._max_retry_after))

    def _backoff(self, attempt: int) -> float:
        base = self._retry_delay * (2 ** min(attempt, 10))
        # Jitter spreads the retries of many clients that failed together.
        return base / 2 + random.uniform(0, base / 2)


def _cursor_params(query: Any) -> List[Tuple[str, str]]:
    """The query string of a list without filters: the cursor, then the limit."""
    params = [] if query.cursor is None else [("cursor", query.cursor)]
    return params + [("limit", str(query.limit))]


def _read(kind: Any, node: Any) -> Any:
    try:
        return kind._from_json(node)
    except (ValueError, ArithmeticError) as e:
        raise _invalid_response(200, "The response is not a %s: %s" % (kind.__name__, e)) from None


def _new_key() -> str:
    return str(uuid.uuid4())


def _no_constant(name: str) -> Any:
    raise ValueError("not JSON: " + name)


def _describe(error: BaseException) -> str:
    if isinstance(error, urllib.error.URLError) and not isinstance(error, urllib.error.HTTPError):
        reason = error.reason
        return "%s: %s" % (type(reason).__name__, reason) if isinstance(reason, BaseException) else str(reason)
    return "%s: %s" % (type(error).__name__, error) if str(error) else type(error).__name__


def _invalid_response(status: int, why: str = "The response is not JSON") -> XaalisError:
    return XaalisError._from_api(ApiError(status, "Invalid response", why, None, {}))


def _error(status: int, payload: bytes) -> ApiError:
    try:
        body = json.loads(payload.decode("utf-8"), parse_float=Decimal, parse_constant=_no_constant)
    except ValueError:
        body = None
    if not isinstance(body, dict):
        return ApiError(status, "HTTP %d" % status, "The response carried no error body", None, {})
    errors: Dict[str, List[str]] = {}
    fields = body.get("errors")
    if isinstance(fields, dict):
        for name, messages in fields.items():
            if isinstance(messages, dict):
                messages = list(messages.values())
            errors[name] = [_as_text(m) for m in messages] if isinstance(messages, list) else []
    reported = body.get("status")
    if isinstance(reported, str) and re.fullmatch(r"[+-]?[0-9]{1,9}", reported.strip()):
        reported = int(reported.strip())
    return ApiError(
        status=reported if isinstance(reported, int) and not isinstance(reported, bool) else status,
        error=_text(body, "error"),
        message=_text(body, "message"),
        timestamp=_text(body, "timestamp"),
        errors=errors,
    )
