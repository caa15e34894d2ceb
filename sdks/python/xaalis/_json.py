"""The standard ``json`` reader, held to what the other Xaalis libraries accept in a webhook body.

``json.loads`` alone would accept ``NaN``, keep the last of two fields of the same name and nest until
``RecursionError``; the hooks below refuse those, as the Java SDK's Jackson reader does. Objects are
``dict``s in document order, integers ``int``, other numbers ``decimal.Decimal`` (never ``float``:
amounts stay exact).
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, List, Tuple

#: Objects and arrays nested deeper than this are refused.
MAX_DEPTH = 65


class JsonError(ValueError):
    """The text is not strict JSON; the message says where and why."""


def parse(text: str) -> Any:
    """Parses one JSON value, refusing anything RFC 8259 does not allow, duplicate fields and
    nesting deeper than 65 objects or arrays."""
    try:
        value = json.loads(
            text, parse_float=Decimal, parse_int=_int, parse_constant=_refuse, object_pairs_hook=_object
        )
    except json.JSONDecodeError as e:
        raise JsonError("Invalid JSON at offset %d: %s" % (e.pos, e.msg)) from None
    except ValueError as e:
        raise JsonError("Invalid JSON: %s" % e) from None
    except ArithmeticError:
        raise JsonError("Invalid JSON: number out of range") from None
    except RecursionError:
        raise JsonError("Invalid JSON: nested too deeply") from None
    if _depth(value) > MAX_DEPTH:
        raise JsonError("Invalid JSON: nested too deeply")
    return value


def _int(literal: str) -> Any:
    # More digits than int() converts by default (4300) still read, exactly.
    try:
        return int(literal)
    except ValueError:
        return Decimal(literal)


def _refuse(name: str) -> Any:
    raise ValueError("%s is not a JSON number" % name)


def _object(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise ValueError("duplicate field")
    return result


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0
