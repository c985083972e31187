"""A string a student formats, read as its template (traits.py's string traits): its literal parts and its holes,
each hole the expression put in it with its conversion and spec, however the formatting is spelled. An f-string,
a text's `.format(...)` and a text `%` values are one template, as the structure reads them as one (emitter.py):
a starter's `f"Value(data={self.data})"` restyled as `"Value(data={})".format(self.data)` or
`"Value(data=%s)" % self.data` is still the starter's string, and a student's message spelled either way is the
same message. Read from the file's tokens (the string and those that follow it), each template's call at most
SPAN tokens long (past it, or where it does not parse, the string is its text as written)."""

from __future__ import annotations

import ast
import re
import string
import tokenize

from ..parsing import parse
from .unparse import unparse

SPAN = 40  # tokens of a `.format(...)` call or a `%`'s right operand read; a longer one is not a template's
# a printf hole (`%s`, `%(name)r`, `%-8.3f`), or `%%`
_PRINTF = re.compile(r"%(?:\(([^)]*)\))?([-+ 0#]*(?:\*|\d+)?(?:\.(?:\*|\d+))?)[hlL]?([diouxXeEfFgGcrsa%])")
_OPENS, _CLOSES = frozenset("([{"), frozenset(")]}")


def format_template(tokens, at: int) -> str:
    """The text of the string token TOKENS[AT] (its source, without prefix and quotes), or its template where it is
    one (an f-string, or a text the next tokens format with `%` or `.format`)."""
    token = tokens[at].string
    body = token.lstrip("rRbBuUfF")[1:-1].strip("\"'")
    prefix = token[:len(token) - len(token.lstrip("rRbBuUfF"))].lower()
    try:
        if "f" in prefix:
            return _joined(parse(token, mode="eval").body)
        following = [t.string for t in tokens[at + 1:at + 3]]
        if "b" in prefix or not following or following[0] not in (".", "%"):
            return body
        if following == [".", "format"]:
            end = _closed(tokens, at + 3)
        else:
            end = _operand(tokens, at + 2)
        if end is None:
            return body
        # the call as one line (comments and line breaks left out); a hole is its value's text there
        joined = " ".join(t.string for t in tokens[at:end] if t.type not in (tokenize.COMMENT, tokenize.NL))
        expression, encoded = parse(joined, mode="eval").body, joined.encode("utf-8")

        def text(node) -> str:
            return encoded[node.col_offset:node.end_col_offset].decode("utf-8")
        literal = ast.literal_eval(parse(token, mode="eval").body)  # the text, parsed as every parse is (parsing.py)
        if isinstance(expression, ast.Call):
            return _formatted(literal, expression.args, expression.keywords, text)
        if isinstance(expression, ast.BinOp) and isinstance(expression.op, ast.Mod):
            return _printf(literal, expression.right, text)
    except (SyntaxError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, MemoryError):
        pass
    return body


def _hole(value: str, conversion: str = "", spec: str = "", rest: str = "") -> str:
    """A hole: the expression VALUE's text (REST after it: a field's `.name` or `[key]`), its conversion, its spec."""
    return "{" + value + rest + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"


def _joined(node) -> str:
    """An f-string's template."""
    parts = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            parts.append(part.value)
        else:
            conversion = chr(part.conversion) if part.conversion > 0 else ""
            parts.append(_hole(unparse(part.value), conversion, _joined(part.format_spec) if part.format_spec else ""))
    return "".join(parts)


def _formatted(text: str, args, keywords, source) -> str:
    """TEXT.format(*ARGS, **KEYWORDS)'s template (SOURCE: the text of a value); ValueError, KeyError or IndexError
    where a field's value is not written out."""
    named = {k.arg: k.value for k in keywords if k.arg is not None}
    if any(isinstance(a, ast.Starred) for a in args) or len(named) < len(keywords):
        raise ValueError("unpacked arguments")
    parts, auto = [], 0
    for literal, field, spec, conversion in string.Formatter().parse(text):
        parts.append(literal)
        if field is None:
            continue
        first, rest = re.match(r"([^.\[]*)(.*)", field, re.S).groups()
        if first == "":
            first, auto = str(auto), auto + 1
        value = args[int(first)] if first.isdigit() else named[first]
        parts.append(_hole(source(value), conversion or "", spec or "", rest))
    return "".join(parts)


def _printf(text: str, right, source) -> str:
    """TEXT % RIGHT's template (SOURCE: the text of a value)."""
    values = list(right.elts) if isinstance(right, ast.Tuple) else [right]
    mapping = {k.value: v for k, v in zip(right.keys, right.values) if isinstance(k, ast.Constant)} \
        if isinstance(right, ast.Dict) else {}
    used = iter(values)

    def hole(match) -> str:
        key, flags, kind = match.groups()
        if kind == "%":
            return "%"
        value = mapping[key] if key is not None else next(used)
        conversion = kind if kind in "ra" else ""
        spec = "" if kind in "sra" and not flags else flags + ("d" if kind in "iu" else "" if kind in "sra" else kind)
        return _hole(source(value), conversion, spec)

    try:
        return _PRINTF.sub(hole, text)
    except StopIteration:
        raise ValueError("fewer values than holes") from None


def _closed(tokens, start: int) -> int | None:
    """The index after the bracket that closes the one TOKENS[START] opens (None: none within SPAN tokens)."""
    if start >= len(tokens) or tokens[start].string not in _OPENS:
        return None
    depth = 0
    for i in range(start, min(len(tokens), start + SPAN)):
        text = tokens[i].string
        depth += (text in _OPENS) - (text in _CLOSES)
        if depth == 0:
            return i + 1
    return None


def _operand(tokens, start: int) -> int | None:
    """The index after the right operand of a `%` that starts at TOKENS[START]: an atom (a name, a number, a
    string, a bracketed display) and its trailers (`.name`, a call, a subscript)."""
    if start >= len(tokens):
        return None
    first = tokens[start].string
    end = _closed(tokens, start) if first in _OPENS else start + 1
    while end is not None and end < len(tokens) and end - start < SPAN:
        text = tokens[end].string
        if text == "." and end + 1 < len(tokens):
            end += 2
        elif text in ("(", "["):
            end = _closed(tokens, end)
        else:
            break
    return end
