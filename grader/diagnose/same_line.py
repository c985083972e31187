"""One line, one finding: findings that point at the same line of the student's source are one mistake.

A generic walk that applies every op's edges itself (`parent.grad = local * node.grad`, session 29's
strangers) runs one line for every op; the variants, each made by patching one op's rule, match it one op
at a time, and the diagnosis said five findings ("`=` in relu's / tanh's / exp's / log's / `__pow__`'s
backward") where there is one line to fix. Here:

- `place_accumulate` gives each `=`-instead-of-`+=` finding the line of its own op: the line the
  `assign-grad` hint found in that op's rule (`relu`'s closure), else the line every op runs (the walk in
  `backward`, a helper), else the hint's first line, as before. (Before, every such finding took the
  hint's first line: `=` in relu's rule and in tanh's, two lines, were both said to be relu's.)
- `one_per_line` makes the findings of one kind that point at the same file, cell and line (and, for an op
  that raised, the same exception) one finding: the costliest one's words and evidence, the tests of all,
  `ops` listing the ops it shows in, `findings` the names of those it stands for, and a title that names
  the line. Findings on lines of their own stay as they are (each op's own rule: one finding per op).

A `derivative` finding is placed at the line that computes its op's local derivative (written_at.py, session 30):
a helper that flips the sign for every op is one finding at its line, not seven.

A finding's place travels as fields (`file`, `cell`, `line`); only the title says it in words.
"""

from __future__ import annotations

from ..i18n import Message, items, msg, place, said
from .derivatives import OP_NAMES
from .evidence import finding_words, lead_in

# a variant's op (`relu-assign-not-accumulate`) -> the method that op's rule is written in
_METHODS = {"add": "__add__", "mul": "__mul__", "pow": "__pow__", "sub": "__sub__", "div": "__truediv__",
            "neg": "__neg__", "rsub": "__rsub__", "rtruediv": "__rtruediv__"}
_OWN = {*_METHODS.values(), "relu", "tanh", "exp", "log"}  # the methods an op's own rule is written in
_ASSIGN = "-assign-not-accumulate"
# findings whose line is the mistake's own (a hint's `=`, where it raised, the line that wrote a wrong local
# derivative: written_at.py)
_MERGED_KINDS = ("variant", "raises", "derivative")


def place_accumulate(entry: dict, hint: dict) -> None:
    """Give an `=` finding (`entry`, a variant of the `accumulate` concept) the place of its op's line."""
    places = hint.get("places") or []
    op = entry["variant"][:-len(_ASSIGN)] if entry["variant"].endswith(_ASSIGN) else None
    own = [p for p in places if op is not None and _place_rule(p) == op]
    shared = [p for p in places if _place_rule(p) is None]  # the walk in `backward`, a helper
    if op is not None and places and not own and not shared:
        own = _named_by_its_line(entry, places)
    chosen = (own or shared or [hint])[0]
    if "file" not in entry:
        entry.update({key: chosen[key] for key in ("file", "cell", "line") if chosen.get(key) is not None})
        if chosen.get("file") is None and hint.get("file") is not None:
            entry["file"] = hint["file"]
    entry.setdefault("line", chosen.get("line"))


def _place_rule(place: dict) -> str | None:
    """The op whose own rule a place of the assign-grad hint is in: its `rule` (rule_owner.py), else its function's."""
    return _rule_of(place.get("rule") or place.get("function"))


def _rule_of(function: str | None) -> str | None:
    """The op whose own rule `function` is (`__mul__` -> mul, `relu`); None for a function that is no op's own:
    `backward`'s walk, a helper every op calls. A place's `rule` (rule_owner.py: the op method a helper
    registered to one op serves, `_mul_values` behind a `singledispatchmethod`'s `__mul__`, or a `case Mul(...)`
    of a `match`) is read before its function."""
    ops = {m: o for o, m in _METHODS.items()} | {o: o for o in _OWN if not o.startswith("_")}
    return ops.get(function)


def _named_by_its_line(entry: dict, places: list[dict]) -> list[dict]:
    """Re-word an `=` finding whose op the source contradicts: every `=` the hint found is in other ops' own rules.

    The numbers of one probe may not tell `=` in `__add__` from `=` in `__mul__` (y = (a - 2) * (2 - a): both give
    a.grad = 1.5), and a variant the passing probes refute in every style (`=` in both of `*`'s lines, where the
    student wrote one) leaves the other named alone. The line then says which rule it is: the finding names the
    op whose rule holds the first `=` (its variant, where the library has one: its title and reasons), or that
    rule's method by name (an op no variant is made for: `__sub__`'s own rule). Returns the places in that rule."""
    from ..variants import VARIANTS, variant

    method = places[0].get("rule") or places[0]["function"]
    op = _rule_of(method)
    name = f"{op}{_ASSIGN}"
    said_before = entry["messages"]["explanation"]["params"]  # `{evidence}. {reasons}`, evidence capitalised
    evidence, reasons = Message.from_json(said_before["evidence"]["capitalise"]), said_before["reasons"]
    if any(v.name == name for v in VARIANTS):
        v = variant(name)
        entry.update(variant=name, concept=v.concept)
        engine, reasons = lead_in(v), v.explanation_message()
    else:
        engine = msg("an engine that {title}", title=msg(
            "overwrites `grad` with `=` instead of adding with `+=` in {op}'s backward",
            op=f"`{_METHODS.get(op, method)}`"))
        reasons = Message.from_json(reasons) if isinstance(reasons, dict) and "id" in reasons else reasons
    entry["also"] = [n for n in entry.get("also", []) if not n.endswith(_ASSIGN) and n != name]
    if not entry["also"]:
        del entry["also"]
    engines = items([engine], join="or")
    title = (msg("Your gradients match {engines} (one of two mistakes)", engines=engines) if entry.get("with")
             else msg("Your gradients match {engines}", engines=engines))
    finding_words(entry, title, evidence, reasons)
    return [p for p in places if _place_rule(p) == op]


def _op_of(entry: dict) -> str | None:
    if entry.get("kind") in ("raises", "derivative"):
        return entry.get("op")
    name = entry.get("variant", "")
    return name[:-len(_ASSIGN)] if name.endswith(_ASSIGN) else None


def _key(entry: dict):
    if entry.get("kind") not in _MERGED_KINDS or not entry.get("file") or not entry.get("line"):
        return None
    if _op_of(entry) is None:
        # a variant about no one op (a walk, the seed), or what raised outside every op (in `__init__`, the walk:
        # elsewhere.py, its own words for that line), is about its line already: an op that raised there keeps
        # its own finding beside it (test_diag25's init-asserts-float: `*` raised in the constructor's assert)
        return None
    return (entry["kind"], entry["file"], entry.get("cell"), entry["line"],
            entry.get("exception") if entry["kind"] == "raises" else None)


def _folded(entries: list[dict]) -> list[dict]:
    """`entries` with a `derivative` finding of an op and a `variant` finding of that op's local derivative
    (grader/engines.Variant.op) that stand at one line (written_at.py placed both) made one: one mistake, said once,
    by the first of them (the costliest), which takes the other's tests. Before session 31 the variant carried no
    line and was said beside the derivative's finding (test_diag29's table-mul-swapped: its swapped `mul` entry
    named twice, the second time without a line)."""
    from .written_at import variant_op

    first: dict[tuple, dict] = {}
    out = []
    for entry in entries:
        op = entry.get("op") if entry.get("kind") == "derivative" else variant_op(entry)
        key = (op, entry.get("file"), entry.get("cell"), entry.get("line")) if op and entry.get("line") else None
        if key is None or key not in first:
            if key is not None:
                first[key] = entry
            out.append(entry)
        else:
            kept = first[key]
            kept["tests"] = list(dict.fromkeys([*kept.get("tests", []), *entry.get("tests", [])]))
    return out


# what a wrong formula raises where its value leaves the floats (exp(exp(x)) at x = 7.5), or its domain
_OUT_OF_RANGE = frozenset({"OverflowError", "ZeroDivisionError", "FloatingPointError", "ValueError"})


def _raises_folded(entries: list[dict]) -> list[dict]:
    """`entries` with an op's `raises` finding of an out-of-range exception (_OUT_OF_RANGE) made one with the finding
    of that op's wrong local derivative (`derivative`, or a `variant` of that op's local) placed at the very line that
    raised: the formula is wrong, and where its value leaves the floats it raises; one mistake, said once by the
    derivative's words, the raise told in one sentence after them, the tests of both (session 35: exp taken of its
    output, `exp(exp(x))`, was two findings, "raises OverflowError" at x = 7.5 and "applied twice"). It stands where
    the first of the two stood."""
    from .written_at import variant_op

    ops = {m: o for o, m in _METHODS.items()}
    wrong = {}
    for entry in entries:
        op = entry.get("op") if entry.get("kind") == "derivative" else variant_op(entry)
        if op and entry.get("line"):
            wrong.setdefault((op, entry.get("file"), entry.get("cell"), entry["line"]), entry)
    folded = {}  # id of the derivative finding -> the raise folded into it
    for entry in entries:
        if entry.get("kind") == "raises" and entry.get("exception") in _OUT_OF_RANGE and entry.get("line"):
            op = ops.get(entry.get("op"), entry.get("op"))
            kept = wrong.get((op, entry.get("file"), entry.get("cell"), entry["line"]))
            if kept is not None and id(kept) not in folded:
                folded[id(kept)] = entry
    if not folded:
        return entries
    raised = {id(r): kept for kept in entries if id(kept) in folded for r in [folded[id(kept)]]}
    out, placed = [], set()
    for entry in entries:
        kept = raised.get(id(entry), entry if id(entry) in folded else None)
        if kept is None:
            out.append(entry)
        elif id(kept) not in placed:
            placed.add(id(kept))
            out.append(_with_the_raise(kept, folded[id(kept)]))
    return out


def _with_the_raise(entry: dict, raise_: dict) -> dict:
    """ENTRY (a wrong local derivative's finding) with RAISE_'s tests, its exception as data (`raised`), and one
    sentence after its explanation saying where the same line raised."""
    entry = {**entry, "tests": list(dict.fromkeys([*entry.get("tests", []), *raise_.get("tests", [])])),
             "raised": raise_["exception"]}
    record = ((raise_.get("messages") or {}).get("explanation") or {}).get("params", {}).get("evidence")
    record = record.get("capitalise", record) if isinstance(record, dict) else None  # as it started a sentence
    if isinstance(record, dict) and "id" in record:
        why = msg("{why} The same line also raises, on another input: {evidence}.", why=_words(entry, "explanation"),
                  evidence=Message.from_json(record))
        said(entry, explanation=why, message=msg("{title}. {why}", title=_words(entry, "title"), why=why))
    return entry


def one_per_line(entries: list[dict]) -> list[dict]:
    """`entries` (ordered, the costliest first) with the findings of one line made one, where the first stood."""
    entries = _folded(_raises_folded(entries))
    groups: dict[tuple, list[dict]] = {}
    for entry in entries:
        key = _key(entry)
        if key is not None:
            groups.setdefault(key, []).append(entry)
    merged, out = {}, []
    for entry in entries:
        key = _key(entry)
        group = groups.get(key) if key is not None else None
        if group is None or len(group) < 2 or len({_op_of(e) for e in group}) < 2:
            out.append(entry)
        elif key not in merged:
            merged[key] = _merge(group)
            out.append(merged[key])
    return out


def _merge(group: list[dict]) -> dict:
    first = group[0]
    ops = list(dict.fromkeys(_op_of(e) for e in group))
    tests = list(dict.fromkeys(t for e in group for t in e.get("tests", [])))
    where = place({k: first[k] for k in ("file", "cell", "line") if first.get(k) is not None})
    entry = {k: v for k, v in first.items() if k not in ("title", "explanation", "message", "messages")}
    entry.update({"tests": tests, "ops": ops, "findings": [e.get("variant") or e.get("op") for e in group]})
    named = items([OP_NAMES.get(op, f"`{op}`") for op in ops], "and")
    if all(e.get("kind") == "variant" for e in group):  # `=` for `+=` (the only variants placed per op)
        title = msg("Your gradients match an engine that overwrites `grad` with `=` instead of adding with `+=` "
                    "on one line, {place}, which the backward rules of {ops} all run", place=where, ops=named)
    else:
        title = msg("One line, {place}, is behind what {ops} show: {finding}", place=where, ops=named,
                    finding=_words(first, "title"))
    why = msg("Every op listed runs this one line, so it is one mistake to fix, once. {why}",
              why=_words(first, "explanation"))
    return said(entry, title=title, explanation=why, message=msg("{title}. {why}", title=title, why=why))


def _words(entry: dict, key: str):
    """An entry's words as a Message (rendered in the reader's language), or its English text."""
    record = (entry.get("messages") or {}).get(key)
    return Message.from_json(record) if record is not None else entry.get(key, "")
