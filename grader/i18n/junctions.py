"""How a filled-in field meets the template's words around it, in a language's own spelling (docs/i18n.md,
"Cases"): Chinese puts no space between its characters (han_junctions)."""

from __future__ import annotations

import re

_HAN = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")  # Han characters and CJK punctuation


def han_junctions(text: str, shown: dict) -> str:
    """A Chinese template with no space where a field meets Chinese on both sides: a translation keeps a space
    between a field and its words for a field that is code or a number (`x = 2 时的 y`), and a field that is
    itself Chinese then stood apart from its neighbour (`随机计算图 #1（…） 中的`, `对于 随机计算图`); Chinese
    puts no space between its characters. Only the template's spaces go, never a parameter's own."""
    import string

    parts = []  # [literal, None] or [field's code, its words]
    for literal, field, spec, conversion in string.Formatter().parse(text):
        parts.append([literal.replace("{", "{{").replace("}", "}}"), None])
        if field is not None:
            code = "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            parts.append([code, code.format(**shown)])
    for i, (literal, words) in enumerate(parts):
        if words is not None or not literal:
            continue
        before = parts[i - 1][1] if i else None
        after = parts[i + 1][1] if i + 1 < len(parts) else None
        if before and literal.startswith(" ") and _HAN.match(before[-1:]) \
                and _HAN.match(literal[1:2] or (after or "")[:1]):
            literal = literal[1:]
        if after and literal.endswith(" ") and _HAN.match(after[:1]) \
                and _HAN.match(literal[-2:-1] or (before or "")[-1:]):
            literal = literal[:-1]
        parts[i][0] = literal
    return "".join(p[0] for p in parts)
