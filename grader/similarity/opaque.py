"""Code a file runs without showing it: `exec`, `eval` or `compile` of data, found and, where it can be, unpacked.

A copy packed as `exec(zlib.decompress(base64.b64decode(b"...")))` has no
tokens in common with anything: its tree is one call. Such a call is
reported as *opaque* (the record's `opaque` field of the submission: file,
line, the call, and whether it was unpacked). When the argument is built
from literals by known decoders only (base64/base32/base16/base85/ascii85,
hex, zlib, gzip, bz2, lzma, `codecs.decode` with one of those or rot13,
`.decode()`/`.encode()`, `.strip()`, `.replace()` of constants, `[::-1]`, `+`
of two such values, `"".join` of strings, of `map(chr, codes)` or of
`text.split()`, `bytes` of codes, and a name the file
assigns exactly once, followed up to MAX_NAMES deep; a template filled by
`.format` or `%` with texts and literal numbers, a condition on texts, and
the names of `for` loops over a literal table, at most unrolled.MAX_ROWS passes,
each pass's code joined), it is decoded here,
statically, with every output capped at MAX_DECODED bytes (a decompression
bomb stops at the cap), and the decoded text is compared as code of the same
file. Nothing is ever run: an argument that needs anything else (a name
assigned twice, a call we do not know) stays opaque and is not compared.
"""

from __future__ import annotations

import ast
import base64
import binascii
import bz2
import codecs
import lzma
import zlib
from dataclasses import dataclass

from .roles import called_name
from .unrolled import compared, formatted, loops_of, unrolled

RUNS_CODE = frozenset({"exec", "eval", "compile"})
MAX_DECODED = 256 * 1024  # bytes one decoding step may produce; an engine is about 3 KB
MAX_DEPTH = 3  # packed code inside packed code, unpacked this many times


@dataclass(frozen=True)
class Opaque:
    """One call that runs code the file does not show."""

    line: int
    call: str  # exec, eval, compile
    text: str | None  # the code it runs, decoded statically; None when it cannot be
    names: frozenset[str] = frozenset()  # the names assigned once whose values it was decoded from


def opaque_calls(nodes) -> list[Opaque]:
    """Every exec/eval/compile of something other than... nothing: each call, with its payload when decodable."""
    found = []
    # a name assigned once in the file, to what it holds: `_src = bytes.fromhex("..."); exec(_src)` is decoded too
    assigned: dict[str, list] = {}
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name):
            assigned.setdefault(node.target.id, []).append(None)
    names = {name: values[0] for name, values in assigned.items() if len(values) == 1 and values[0] is not None}
    runs = any(isinstance(n, ast.Call) and called_name(n.func) in RUNS_CODE for n in nodes)
    loops = loops_of(nodes, RUNS_CODE) if runs else {}
    for node in nodes:
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = called_name(func)
        if name not in RUNS_CODE:
            continue
        followed: set[str] = set()
        rows, unknown = unrolled(loops.get(id(node), []), names, followed)
        known = {n: value for n, value in names.items() if n not in unknown}  # a loop's names are not the file's
        texts: list[str] | None = []
        kept: dict = {}
        for row in rows:
            decoder = _Decoder(known, row, kept)  # each call, and each row of its loops, may follow every name
            text = _text(decoder, node.args[0])
            followed |= decoder.followed
            if text is not None and text in texts:  # a row the code does not read makes the same code again: once
                continue
            if text is None or sum(map(len, texts)) + len(text) > MAX_DECODED:
                texts = None
                break
            texts.append(text)
        text = "\n".join(texts) if texts else None
        found.append(Opaque(node.lineno, name, text, frozenset(followed) if text is not None else frozenset()))
    return found


def _text(decoder: _Decoder, node) -> str | None:
    """The code NODE (an exec/eval/compile's argument) gives, decoded statically; None when it cannot be."""
    try:
        value = decoder.decoded(node)
    except (ValueError, TypeError, binascii.Error, zlib.error, OSError, EOFError, lzma.LZMAError,
            UnicodeError, LookupError, RecursionError, MemoryError):
        return None
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return value if isinstance(value, str) else None


class _Unknown(ValueError):
    """An argument built from something we do not decode statically."""


MAX_NAMES = 8  # names followed, one to the next, in one argument


class _Decoder:
    """Decodes one argument statically; follows each name the file assigns once at most once (NAMES: name -> value)."""

    def __init__(self, names: dict, row: dict | None = None, kept: dict | None = None):
        self.unread = dict(names)
        # the names a loop over a literal table binds on this pass: constants, read as often as they are named
        self.row = row or {}
        self.followed: set[str] = set()
        # the values of the argument's parts that read no name of the row, kept for the loop's next passes (by node
        # id): a packed text is decoded once, not once per row
        self.kept = {} if kept is None else kept
        self.row_read = 0

    def decoded(self, node, names: int = 0):
        """The value of an expression made of literals and known decoders only; raises _Unknown otherwise."""
        if id(node) in self.kept:
            return self.kept[id(node)]
        before = self.row_read
        value = self._decoded(node, names)
        if self.row_read == before:
            self.kept[id(node)] = value
        return value

    def _decoded(self, node, names: int = 0):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            return node.value
        if isinstance(node, ast.Name) and node.id in self.row:
            self.row_read += 1
            return self.row[node.id].value
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            return formatted(self.decoded(node.func.value), [self.filled(a) for a in node.args],
                             {k.arg: self.filled(k.value) for k in node.keywords if k.arg is not None},
                             any(k.arg is None for k in node.keywords), MAX_DECODED)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            template = self.decoded(node.left)
            values = node.right.elts if isinstance(node.right, ast.Tuple) else [node.right]
            return formatted(template, [self.filled(v) for v in values], {}, False, MAX_DECODED, percent=True)
        if isinstance(node, ast.IfExp):
            return self.decoded(node.body if self.holds(node.test) else node.orelse)
        if isinstance(node, ast.Name) and node.id in self.unread and names < MAX_NAMES:
            self.followed.add(node.id)  # taken: a name that refers to itself is not followed twice
            return self.decoded(self.unread.pop(node.id), names + 1)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" and \
                isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str) and len(node.args) == 1:
            return node.func.value.value.join(self.pieces(node.args[0]))  # "".join(map(chr, codes)), "".join([...])
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "bytes" and \
                len(node.args) == 1 and isinstance(node.args[0], (ast.List, ast.Tuple, ast.Name)):
            elements = self.listed(node.args[0])
            if elements is not None:
                return bytes(_codes(elements))
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self.decoded(node.left), self.decoded(node.right)
            if type(left) is not type(right) or len(left) + len(right) > MAX_DECODED:
                raise _Unknown("mixed")
            return left + right
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            s = node.slice
            if s.lower is None and s.upper is None and isinstance(s.step, ast.UnaryOp) and \
                    isinstance(s.step.op, ast.USub) and isinstance(s.step.operand, ast.Constant) and s.step.operand.value == 1:
                return self.decoded(node.value)[::-1]
            raise _Unknown("slice")
        if not isinstance(node, ast.Call):
            raise _Unknown(type(node).__name__)
        func = node.func
        name = called_name(func)
        if name in ("decode", "encode") and isinstance(func, ast.Attribute) and not _is_module(func.value, "codecs"):
            value = self.decoded(func.value)  # data.decode() / text.encode()
            encoding = _constant_arg(node, 0, "utf-8")
            if name == "decode" and isinstance(value, bytes):
                return _codec(value, encoding, decode=True)
            if name == "encode" and isinstance(value, str):
                return _codec(value, encoding, decode=False)
            raise _Unknown(name)
        if name in ("strip", "replace") and isinstance(func, ast.Attribute):
            return _edited(self.decoded(func.value), name, node)
        if name in ("decode", "encode") and node.args:  # codecs.decode(data, "rot13" | "base64" | "zlib" | "hex")
            return _codec(self.decoded(node.args[0]), _constant_arg(node, 1, "utf-8"), decode=name == "decode")
        if not node.args:
            raise _Unknown(str(name))
        if name == "fromhex":
            value = self.decoded(node.args[0])
            return bytes.fromhex(value if isinstance(value, str) else value.decode("ascii"))
        if name in _DECODERS:
            return _cap(_DECODERS[name](_as_bytes(self.decoded(node.args[0])), name, _module(func)))
        if name in ("bytes", "str") and len(node.args) >= 1:
            value = self.decoded(node.args[0])
            encoding = _constant_arg(node, 1, "utf-8")
            if name == "bytes" and isinstance(value, str):
                return value.encode(encoding)
            if name == "str" and isinstance(value, bytes):
                return value.decode(encoding)
            return value
        raise _Unknown(str(name))

    def filled(self, node):
        """A value a template is filled with: decoded text, or a number written as a literal (a table's arity)."""
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value
        if isinstance(node, ast.Name) and node.id in self.row and type(self.row[node.id].value) in (int, float):
            self.row_read += 1
            return self.row[node.id].value
        value = self.decoded(node)
        if not isinstance(value, str):
            raise _Unknown("filled")
        return value

    def holds(self, test) -> bool:
        """A condition on decoded texts (`"other" in args`, `kind == "unary"`): ==, !=, in, not in, one comparison."""
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
            raise _Unknown("condition")
        return compared(test.ops[0], self.filled(test.left), self.filled(test.comparators[0]))

    def listed(self, node):
        """The elements of a list or tuple display (through a name assigned once), else None."""
        if isinstance(node, ast.Name) and node.id in self.unread:
            self.followed.add(node.id)
            node = self.unread.pop(node.id)
        return list(node.elts) if isinstance(node, (ast.List, ast.Tuple)) else None

    def pieces(self, node) -> list[str]:
        """What `"".join` joins: a list of strings, or `map(chr, codes)`."""
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "map" and len(node.args) == 2
                and isinstance(node.args[0], ast.Name) and node.args[0].id == "chr"):
            elements = self.listed(node.args[1])
            if elements is None:
                raise _Unknown("map")
            return [chr(c) for c in _codes(elements)]
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "split"
                and not node.args and not node.keywords):
            value = self.decoded(node.func.value)  # "".join(text.split()): the text without its whitespace
            if not isinstance(value, str):
                raise _Unknown("split")
            return value.split()
        elements = self.listed(node)
        if elements is None:
            raise _Unknown("join")
        pieces = [self.decoded(e) for e in elements]
        if not all(isinstance(p, str) for p in pieces) or sum(map(len, pieces)) > MAX_DECODED:
            raise _Unknown("join")
        return pieces


def _edited(value, name: str, call: ast.Call):
    """TEXT.strip() or TEXT.replace(old, new) of constants (a packed text's whitespace taken out), capped."""
    if not isinstance(value, (str, bytes)) or call.keywords:
        raise _Unknown(name)
    arguments = [a.value for a in call.args if isinstance(a, ast.Constant) and type(a.value) is type(value)]
    if len(arguments) != len(call.args):
        raise _Unknown(name)
    if name == "strip":
        if len(arguments) > 1:
            raise _Unknown(name)
        return value.strip(*arguments)
    if len(arguments) != 2:
        raise _Unknown(name)
    old, new = arguments
    places = value.count(old) if old else len(value) + 1
    if len(value) + places * (len(new) - len(old)) > MAX_DECODED:
        raise _Unknown("too large")
    return value.replace(old, new)


def _codes(elements) -> list[int]:
    if len(elements) > MAX_DECODED or not all(isinstance(e, ast.Constant) and type(e.value) is int
                                              and 0 <= e.value < 0x110000 for e in elements):
        raise _Unknown("codes")
    return [e.value for e in elements]


def _module(func) -> str | None:
    return func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else None


def _is_module(node, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _constant_arg(call: ast.Call, index: int, default: str) -> str:
    if len(call.args) > index:
        arg = call.args[index]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return arg.value
        raise _Unknown("encoding")
    for keyword in call.keywords:
        if keyword.arg == "encoding" and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    return default


def _as_bytes(value) -> bytes:
    return value.encode("latin-1") if isinstance(value, str) else value


def _cap(value: bytes) -> bytes:
    if len(value) > MAX_DECODED:
        raise _Unknown("too large")
    return value


def _inflate(data: bytes, wbits: int) -> bytes:
    inflater = zlib.decompressobj(wbits)
    out = inflater.decompress(data, MAX_DECODED + 1)  # a bomb stops here
    return _cap(out)


def _decompress(data: bytes, name: str, module: str | None) -> bytes:
    if module == "bz2":
        return _cap(bz2.BZ2Decompressor().decompress(data, MAX_DECODED + 1))
    if module == "lzma":
        return _cap(lzma.LZMADecompressor().decompress(data, MAX_DECODED + 1))
    if module == "gzip":
        return _inflate(data, 16 + zlib.MAX_WBITS)
    return _inflate(data, zlib.MAX_WBITS)  # zlib, and a decompress whose module we cannot tell


_DECODERS = {
    "b64decode": lambda d, n, m: base64.b64decode(d), "decodebytes": lambda d, n, m: base64.decodebytes(d),
    "urlsafe_b64decode": lambda d, n, m: base64.urlsafe_b64decode(d), "b32decode": lambda d, n, m: base64.b32decode(d),
    "b16decode": lambda d, n, m: base64.b16decode(d), "b85decode": lambda d, n, m: base64.b85decode(d),
    "a85decode": lambda d, n, m: base64.a85decode(d), "unhexlify": lambda d, n, m: binascii.unhexlify(d),
    "a2b_base64": lambda d, n, m: binascii.a2b_base64(d), "decompress": _decompress,
}


def _codec(value, encoding: str, decode: bool):
    encoding = encoding.lower().replace("-", "_")
    if encoding in ("rot13", "rot_13"):
        text = value.decode("utf-8") if isinstance(value, bytes) else value
        return codecs.decode(text, "rot13")
    if encoding in ("base64", "base_64", "base64_codec"):
        return base64.b64decode(_as_bytes(value)) if decode else base64.b64encode(_as_bytes(value))
    if encoding in ("zlib", "zip", "zlib_codec"):
        if not decode:
            raise _Unknown("zlib encode")
        return _inflate(_as_bytes(value), zlib.MAX_WBITS)
    if encoding in ("hex", "hex_codec"):
        return binascii.unhexlify(_as_bytes(value)) if decode else binascii.hexlify(_as_bytes(value))
    if decode:
        return value.decode(encoding) if isinstance(value, bytes) else value
    return value.encode(encoding) if isinstance(value, str) else value


_SIMPLE = (ast.Expr, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Return)


def payload_lines(tree) -> set[int]:
    """The lines of TREE's data for the code it runs: each simple statement that calls exec, eval or compile, and each
    assignment of one name that such a call reads (followed from name to name, MAX_NAMES deep). A file whose hidden code
    was unpacked is read as that code (normalise.py); the literal it was packed in (base64 text, a list of character
    codes) is no more the student's writing than the packer's output is (traits.py reads past it)."""
    statements = [node for node in walk_statements(tree) if isinstance(node, _SIMPLE)]
    lines: set[int] = set()
    wanted: set[str] = set()
    for statement in statements:
        calls = [n for n in ast.walk(statement) if isinstance(n, ast.Call) and called_name(n.func) in RUNS_CODE]
        if calls:
            lines.update(range(statement.lineno, (statement.end_lineno or statement.lineno) + 1))
            wanted.update(n.id for call in calls for n in ast.walk(call) if isinstance(n, ast.Name))
    assigned = {node.targets[0].id: node for node in statements if isinstance(node, ast.Assign)
                and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)}
    for _ in range(MAX_NAMES):
        found = [assigned.pop(name) for name in sorted(wanted) if name in assigned]
        if not found:
            break
        wanted = set()
        for node in found:
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
            wanted.update(n.id for n in ast.walk(node.value) if isinstance(n, ast.Name))
    return lines


def walk_statements(tree):
    """Every statement of TREE in a block of statements (a body, an else, a finally, a handler's or a case's body)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.stmt):
            yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                stack.extend(block)
