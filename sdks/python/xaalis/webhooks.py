"""Verifying the signed notifications (webhooks) Xaalis sends to a merchant's server.

Read the request body as raw bytes, before any JSON parsing, and hand it to
:meth:`WebhookVerifier.verify` with the ``X-SVC-Signature`` header::

    verifier = WebhookVerifier(os.environ["XAALIS_API_SECRET"])
    try:
        event = verifier.verify(raw_body, headers.get("X-SVC-Signature"))
    except WebhookVerificationError as e:
        ...  # answer 401; e.reason says what failed
    # deduplicate on event.id, compare event.data_string("amount") with the order, then answer 200
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import math
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple, Union

from . import _json

if TYPE_CHECKING:
    from .client import Payout, Settlement

__all__ = [
    "DEFAULT_TOLERANCE",
    "SIGNATURE_HEADER",
    "WebhookEvent",
    "WebhookVerificationError",
    "WebhookVerificationReason",
    "WebhookVerifier",
]

#: The replay window of the specification: 300 seconds either way.
DEFAULT_TOLERANCE = 300

#: The header Xaalis signs notifications with.
SIGNATURE_HEADER = "X-SVC-Signature"

_MAX_HEADER_LENGTH = 8192
_TIMESTAMP = re.compile(r"[0-9]{1,18}")

# Java's Character.isWhitespace, which the Java SDK strips around each part of the header: Unicode
# space separators except the non-breaking ones, line and paragraph separators, and these controls.
# (str.strip() would also strip U+00A0, U+0085 and others, and accept headers the Java SDK refuses.)
_WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2008\u2009\u200a\u2028\u2029\u205f\u3000"
)

Body = Union[bytes, bytearray, memoryview, str]


class WebhookVerificationReason(enum.StrEnum):
    """What failed, in the order the checks run.

    A ``str``: each reason equals and prints as its name (``"STALE_TIMESTAMP"``), as in every Xaalis
    library.
    """

    #: No ``X-SVC-Signature`` header (or a blank one).
    MISSING_HEADER = "MISSING_HEADER"
    #: The header has no ``t``, no ``v1``, or a part that is not ``key=value``.
    MALFORMED_HEADER = "MALFORMED_HEADER"
    #: ``t`` is more than the tolerance away from now, in the past or in the future.
    STALE_TIMESTAMP = "STALE_TIMESTAMP"
    #: No ``v1`` matches the body signed with any of the verifier's secrets.
    NO_MATCHING_SIGNATURE = "NO_MATCHING_SIGNATURE"
    #: The signature is valid but the body is not a notification (not JSON, or fields missing).
    INVALID_BODY = "INVALID_BODY"


class WebhookVerificationError(Exception):
    """A notification that must be refused: answer it with HTTP 401.

    :attr:`reason` says precisely what failed; the message never contains a secret or the
    expected signature.
    """

    def __init__(self, reason: WebhookVerificationReason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class WebhookEvent:
    """A verified notification.

    ``id`` is ``<reference>:<STATUS>``, identical on every delivery of the same notification:
    deduplicate on it. ``event`` is ``transaction.success``, ``transaction.failed``,
    ``transaction.cancelled``, ``transaction.expired`` or ``transaction.refunded`` for a payment, and
    ``payout.success``, ``payout.failed`` or ``payout.reversed`` for a payout, and ``settlement.paid``
    or ``settlement.failed`` for a settlement. ``data`` holds the payment's (or the payout's, or the
    settlement's) fields: strings, ``int`` and ``decimal.Decimal`` numbers, booleans, ``None``,
    nested ``dict``s and ``list``s; ``data["amount"]`` is a string such as ``"1500.00"``.
    ``raw_body`` is the body exactly as received, as text.
    """

    id: str
    event: str
    environment: Optional[str]
    created_at: Optional[str]
    data: Dict[str, Any] = field(repr=False)
    raw_body: str = field(repr=False)

    def data_string(self, field: str) -> Optional[str]:
        """A top-level field of ``data`` as text, or ``None`` when absent or not a string."""
        value = self.data.get(field)
        return value if isinstance(value, str) else None

    @property
    def reference(self) -> Optional[str]:
        """The payment's or the payout's reference, from ``data.reference``."""
        return self.data_string("reference")

    @property
    def status(self) -> Optional[str]:
        """The status the payment or the payout moved to, from ``data.status``."""
        return self.data_string("status")

    @property
    def payout(self) -> Optional["Payout"]:
        """The payout of a ``payout.*`` notification, read from ``data``; ``None`` for a payment's
        notification."""
        from .client import Payout

        return Payout._from_json(self.data) if self.event.startswith("payout.") else None

    @property
    def settlement(self) -> Optional["Settlement"]:
        """The settlement of a ``settlement.*`` notification, read from ``data``; ``None`` for any other."""
        from .client import Settlement

        return Settlement._from_json(self.data) if self.event.startswith("settlement.") else None

    @property
    def metadata(self) -> Dict[str, Any]:
        """The merchant's metadata object sent at initiation, or an empty dict."""
        value = self.data.get("metadata")
        return value if isinstance(value, dict) else {}


def _seconds(value: Union[int, float, datetime]) -> int:
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise ValueError("the datetime must be timezone-aware (use timezone.utc)")
        return math.floor(value.timestamp())
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("a timestamp is unix seconds or an aware datetime")
    return math.floor(value)


def _body_bytes(raw_body: Body) -> bytes:
    if isinstance(raw_body, str):
        # An unpaired surrogate cannot be encoded: replaced by '?', as Java's getBytes(UTF_8) does.
        return raw_body.encode("utf-8", "replace")
    if isinstance(raw_body, (bytes, bytearray, memoryview)):
        return bytes(raw_body)
    raise TypeError("the body must be the raw bytes received (or their exact text)")


def _secret_bytes(secrets: Tuple[Any, ...]) -> List[bytes]:
    if len(secrets) == 1 and isinstance(secrets[0], (list, tuple)):
        secrets = tuple(secrets[0])
    if not secrets:
        raise ValueError("at least one secret is needed")
    keys = []
    for secret in secrets:
        if isinstance(secret, str):
            secret = secret.encode("utf-8")
        if not isinstance(secret, bytes):
            raise TypeError("a secret is a str")
        if not secret:
            raise ValueError("a secret must not be empty")
        keys.append(secret)
    return keys


def _hmac_hex(secret: bytes, timestamp: int, body: bytes) -> bytes:
    mac = hmac.new(secret, b"%d." % timestamp, hashlib.sha256)
    mac.update(body)
    return mac.hexdigest().encode("ascii")



def _utf16_length(text: str) -> int:
    # The Java SDK measures the header in UTF-16 units; so does this check.
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def _malformed(why: str) -> WebhookVerificationError:
    return WebhookVerificationError(WebhookVerificationReason.MALFORMED_HEADER, "Malformed %s: %s" % (SIGNATURE_HEADER, why))


def _invalid(why: str) -> WebhookVerificationError:
    return WebhookVerificationError(WebhookVerificationReason.INVALID_BODY, "The body is not a notification: " + why)


def _parse_header(header: Optional[Union[str, bytes]]) -> Tuple[int, List[bytes]]:
    if isinstance(header, (bytes, bytearray)):
        header = bytes(header).decode("latin-1")
    if header is not None and not isinstance(header, str):
        raise TypeError("the signature header is a str or None")
    if header is None or not header.strip(_WHITESPACE):
        raise WebhookVerificationError(WebhookVerificationReason.MISSING_HEADER, "The %s header is missing" % SIGNATURE_HEADER)
    if len(header) > _MAX_HEADER_LENGTH or _utf16_length(header) > _MAX_HEADER_LENGTH:
        raise _malformed("the header is too long")
    timestamp: Optional[int] = None
    v1: List[bytes] = []
    for part in header.split(","):
        item = part.strip(_WHITESPACE)
        eq = item.find("=")
        if eq <= 0:
            raise _malformed("every part must be key=value")
        key, value = item[:eq], item[eq + 1 :]
        if key == "t":
            if timestamp is not None:
                raise _malformed("t appears twice")
            if not _TIMESTAMP.fullmatch(value):
                raise _malformed("t must be a number of seconds")
            timestamp = int(value)
        elif key == "v1":
            if not value:
                raise _malformed("v1 is empty")
            # Non-ASCII characters become '?', which no hex signature contains.
            v1.append(value.encode("ascii", "replace"))
        # Other keys (future schemes) are ignored, as the version label in the header intends.
    if timestamp is None:
        raise _malformed("t is missing")
    if not v1:
        raise _malformed("v1 is missing")
    return timestamp, v1


def _event(body: bytes) -> WebhookEvent:
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise _invalid("the body is not UTF-8") from None
    try:
        root = _json.parse(text)
    except _json.JsonError as e:
        raise _invalid(str(e)) from None
    if not isinstance(root, dict):
        raise _invalid("the body is not a JSON object")
    id_, event, data = root.get("id"), root.get("event"), root.get("data")
    if not isinstance(id_, str) or not isinstance(event, str) or not isinstance(data, dict):
        raise _invalid("id, event and data are required")
    environment, created_at = root.get("environment"), root.get("created_at")
    return WebhookEvent(
        id=id_,
        event=event,
        environment=environment if isinstance(environment, str) else None,
        created_at=created_at if isinstance(created_at, str) else None,
        data=data,
        raw_body=text,
    )


class WebhookVerifier:
    """Verifies the ``X-SVC-Signature`` of a Xaalis notification over the *raw* request body.

    Thread-safe; create one per application and reuse it. During a key rotation Xaalis signs with
    every active secret (``t=…,v1=<new>,v1=<old>``); a verifier holding either secret accepts the
    notification, and you may give it both of yours during your own rotation::

        WebhookVerifier("sk_live_new…", "sk_live_old…")

    :param secrets: your application's ``sk_test_…`` or ``sk_live_…`` secret(s)
    :param tolerance: how far ``t`` may be from now, in either direction: seconds or a ``timedelta``
    :param clock: returns the current unix time in seconds (inject a fixed one in tests)
    """

    #: The replay window of the specification: 300 seconds either way.
    DEFAULT_TOLERANCE = DEFAULT_TOLERANCE
    #: The header Xaalis signs notifications with.
    SIGNATURE_HEADER = SIGNATURE_HEADER

    def __init__(
        self,
        *secrets: str,
        tolerance: Union[int, float, timedelta] = DEFAULT_TOLERANCE,
        clock: Optional[Callable[[], float]] = None,
    ) -> None:
        if isinstance(tolerance, timedelta):
            tolerance = tolerance.total_seconds()
        if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or math.isnan(tolerance):
            raise TypeError("tolerance is a number of seconds or a timedelta")
        if tolerance < 0:
            raise ValueError("tolerance must not be negative")
        self._secrets = _secret_bytes(secrets)
        self._tolerance = tolerance
        self._clock = clock if clock is not None else time.time

    def verify(self, raw_body: Body, signature_header: Optional[str]) -> WebhookEvent:
        """Verifies a notification and returns it parsed.

        :param raw_body: the request body exactly as received: bytes (or their exact text, which is
            encoded as UTF-8)
        :param signature_header: the value of ``X-SVC-Signature``, or ``None`` when the request had none
        :raises WebhookVerificationError: when the notification must be refused (answer 401)
        """
        body = _body_bytes(raw_body)
        timestamp, candidates = _parse_header(signature_header)
        now = math.floor(self._clock())
        if abs(now - timestamp) > self._tolerance:
            raise WebhookVerificationError(
                WebhookVerificationReason.STALE_TIMESTAMP,
                "The signature timestamp is more than %g s away from now" % self._tolerance,
            )
        matched = False
        for secret in self._secrets:
            expected = _hmac_hex(secret, timestamp, body)
            for candidate in candidates:
                # Every pair is compared in full; no early exit that would time which one matched.
                matched |= hmac.compare_digest(expected, candidate)
        if not matched:
            raise WebhookVerificationError(
                WebhookVerificationReason.NO_MATCHING_SIGNATURE,
                "No v1 signature matches the body signed with the configured secret",
            )
        return _event(body)

    @staticmethod
    def sign(raw_body: Body, timestamp: Union[int, float, datetime], *secrets: str) -> str:
        """Signs ``raw_body`` as Xaalis does, for producing notifications in your own tests.

        The arguments come in the same order in every Xaalis library: body, timestamp, then one or
        more secrets::

            header = WebhookVerifier.sign(body, time.time(), "sk_test_…")

        :param timestamp: unix seconds, or an aware ``datetime``
        :param secrets: one or more secrets; one ``v1`` is written per secret, as during a rotation
        :return: an ``X-SVC-Signature`` value: ``t=<unix seconds>,v1=<hex>[,v1=<hex>…]``
        """
        body = _body_bytes(raw_body)
        seconds = _seconds(timestamp)
        header = "t=%d" % seconds
        for secret in _secret_bytes(secrets):
            header += ",v1=" + _hmac_hex(secret, seconds, body).decode("ascii")
        return header

    def __repr__(self) -> str:
        # The secrets stay out of logs.
        return "WebhookVerifier(%d secret(s), tolerance=%gs)" % (len(self._secrets), self._tolerance)
