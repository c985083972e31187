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


# A phrase that ends in a clause of its own (`a diamond: a feeds b and c, which meet again in d`, `gradcheck on …,
# where the gradients are large`, «c = Value(5), который не трогают»): the language's words that open such a clause
# after a comma. Russian opens more of them than English (`with t the output`, «где t — выход»), so each
# language's own rendering decides. A phrase that ends a sentence of its own (`{why} Fix cell {cell} …`, the why
# ending «…, которая определяет `backward`.») is closed by its full stop (an ellipsis, `n * ...`, is not one) and
# takes no comma (session 42: «… определяет `backward`., Исправьте ячейку 3»).
_CLAUSE = {
    "en": re.compile(r",\s(?:where|which|who|whose|when)\s[^,;:()]*(?<![^.]\.)(?<![!?])$"),
    "ru": re.compile(r",\s(?:где|когда|что|чей|чья|чьё|чьи|котор\w+)\s[^,;:()«»]*(?<![^.]\.)(?<![!?])$"),
    "zh": re.compile(r"，[^，；：:（）()]*(?<![^.]\.)(?<![。！？!?])$"),
}
_CLOSE = {"en": ", ", "ru": ", ", "zh": "，"}
_GOES_ON = re.compile(r"\{(\w+)\} (?=[\w`«“])")  # a plain field the sentence goes on after, with words
_ZH_ATTACHED = ("的", "中的")  # Chinese words that belong to the phrase before them: no comma comes between


def close_clauses(lang: str, text: str, phrases: set, shown: dict) -> str:
    """A template with a comma after a phrase that ends in a clause of its own where the sentence goes on
    with words: `…, where the gradients are large, needs `exp``, «для gradcheck, …, где градиенты велики,
    нужен `exp`», 「…，那里梯度很大，需要」 (session 26: the clause ran into the rest of the sentence, `… are large
    needs`, «… велики нужны»). `phrases` are the parameters that are words (Messages; `{expression:genitive}`'s
    field is `expression__genitive` here): code, a number or a name never ends in a clause of ours. A Chinese
    phrase before `的`/`中的` takes no comma: it is quoted whole, 「…，那里梯度很大」中的."""
    clause = _CLAUSE.get(lang)
    if clause is None:
        return text

    def close(match):
        name, words = match[1], shown.get(match[1])
        if name not in phrases and name.rsplit("__", 1)[0] not in phrases:
            return match[0]
        if not isinstance(words, str) or not clause.search(words):
            return match[0]
        if lang == "zh" and text[match.end():].startswith(_ZH_ATTACHED):
            # 「…，那里梯度很大」中的: no comma comes between a phrase and its 的, and a clause ran into it unmarked
            # (「…，那里梯度很大中的 x」); the phrase is quoted whole, as Chinese marks a long noun phrase
            return "「{" + name + "}」"
        return "{" + name + "}" + _CLOSE[lang]

    return _GOES_ON.sub(close, text)
