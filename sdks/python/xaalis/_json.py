"""A small strict JSON reader (RFC 8259) for webhook bodies.

The standard ``json`` module accepts things a signed notification never contains (``NaN``,
duplicate fields, unbounded nesting that ends in ``RecursionError``), so the verifier reads bodies
with this one, which behaves like the Java SDK's ``MiniJson``: objects become ``dict``s in document
order, integers ``int``, other numbers ``decimal.Decimal`` (never ``float``: amounts stay exact).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, List

MAX_DEPTH = 64

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
# A run of string characters that need no decoding: no quote, backslash or control character.
_PLAIN = re.compile(r'[^"\\\x00-\x1f]+')
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_SPACE = " \t\n\r"
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class JsonError(ValueError):
    """The text is not strict JSON; the message says where and why."""


def parse(text: str) -> Any:
    """Parses one JSON value, refusing anything RFC 8259 does not allow, duplicate fields and
    nesting deeper than 64."""
    reader = _Reader(text)
    reader.skip_space()
    value = reader.value(0)
    reader.skip_space()
    if reader.pos != len(text):
        raise reader.error("unexpected text after the value")
    return value


class _Reader:
    __slots__ = ("text", "pos")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def error(self, what: str) -> JsonError:
        return JsonError("Invalid JSON at offset %d: %s" % (self.pos, what))

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_space(self) -> None:
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos] in _SPACE:
            pos += 1
        self.pos = pos

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise self.error("expected '%s'" % char)
        self.pos += 1

    def value(self, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise self.error("nested too deeply")
        c = self.peek()
        if c == "":
            raise self.error("unexpected end")
        if c == "{":
            return self.object(depth)
        if c == "[":
            return self.array(depth)
        if c == '"':
            return self.string()
        if c == "-" or "0" <= c <= "9":
            return self.number()
        for literal, result in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(literal, self.pos):
                self.pos += len(literal)
                return result
        raise self.error("unexpected character")

    def object(self, depth: int) -> Dict[str, Any]:
        result: Dict[str, Any] = {}
        self.pos += 1
        self.skip_space()
        if self.peek() == "}":
            self.pos += 1
            return result
        while True:
            self.skip_space()
            if self.peek() != '"':
                raise self.error("expected a field name")
            key = self.string()
            self.skip_space()
            self.expect(":")
            self.skip_space()
            item = self.value(depth + 1)
            if key in result:
                raise self.error("duplicate field")
            result[key] = item
            self.skip_space()
            if self.peek() == ",":
                self.pos += 1
                continue
            self.expect("}")
            return result

    def array(self, depth: int) -> List[Any]:
        result: List[Any] = []
        self.pos += 1
        self.skip_space()
        if self.peek() == "]":
            self.pos += 1
            return result
        while True:
            self.skip_space()
            result.append(self.value(depth + 1))
            self.skip_space()
            if self.peek() == ",":
                self.pos += 1
                continue
            self.expect("]")
            return result

    def string(self) -> str:
        text = self.text
        self.pos += 1
        parts: List[str] = []
        while self.pos < len(text):
            plain = _PLAIN.match(text, self.pos)
            if plain:
                parts.append(plain.group())
                self.pos = plain.end()
                continue
            c = text[self.pos]
            self.pos += 1
            if c == '"':
                return _join_surrogates("".join(parts))
            if c != "\\":
                self.pos -= 1
                raise self.error("control character in a string")
            if self.pos >= len(text):
                break
            e = text[self.pos]
            self.pos += 1
            if e in _ESCAPES:
                parts.append(_ESCAPES[e])
            elif e == "u":
                digits = _HEX4.match(text, self.pos)
                if not digits:
                    raise self.error("bad unicode escape")
                parts.append(chr(int(digits.group(), 16)))
                self.pos += 4
            else:
                raise self.error("bad escape")
        raise self.error("unterminated string")

    def number(self) -> Any:
        match = _NUMBER.match(self.text, self.pos)
        if not match:
            raise self.error("bad number")
        self.pos = match.end()
        # "1." and "1e" leave a '.' or 'e' behind, which the caller refuses as unexpected text;
        # refuse them here already, with the better message.
        if self.peek() in (".", "e", "E"):
            raise self.error("bad number")
        literal = match.group()
        try:
            if match.group(1) is None and match.group(2) is None:
                return int(literal)
            return Decimal(literal)
        except (ValueError, InvalidOperation):
            # More digits than int() converts, or an exponent beyond Decimal's range.
            try:
                return Decimal(literal)
            except InvalidOperation:
                raise self.error("number out of range") from None


_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def _join_surrogates(value: str) -> str:
    """\\ud83c\\udf72 escapes arrive as two UTF-16 halves: join each pair into its character, as
    the json module does; a lone half stays as it is."""
    if not _SURROGATE.search(value):
        return value
    return _SURROGATE_PAIR.sub(
        lambda m: chr(0x10000 + ((ord(m.group()[0]) - 0xD800) << 10) + (ord(m.group()[1]) - 0xDC00)),
        value,
    )
