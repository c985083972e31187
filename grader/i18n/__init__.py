"""The languages a student reads the grader in: English, Russian and Chinese (docs/i18n.md).

GNU gettext catalogs, extracted, updated and compiled with Babel:

    grader/locale/<lang>/LC_MESSAGES/grader.po    the grader's own words: grade check, the feedback
                                                  pages, the CI summary, Gradescope, the notebooks' notes
    grader/locale/<lang>/LC_MESSAGES/diagnose.po  the diagnosis's words (instructor's wheel: they name
                                                  the fixes, grader/distribution.py)
    grader/locale/<lang>/LC_MESSAGES/starters.po  the starters' comments and docstrings (`grade handout --lang`)

English is the source language: a message id is its English text with `{name}` fields, so an
English render needs no catalog. The compiled `.mo` files are committed beside the `.po` files
(`grade` runs from a checkout with no build step; tests/test_i18n.py fails when one is stale).

A text a person reads is made in two steps. Where it is decided, it is data: `msg(text, **params)`
(or `nmsg(singular, plural, "n", n=..., ...)` for a count) makes a `Message`, the id and its
parameters, which the scores file stores as {"id", "params", "text" (English)}. Where it is shown,
`translator(lang).render(message)` looks the id up in the language's catalog and fills in the
parameters. Parameters are numbers, code, names and places, and are never translated; a parameter
that is itself a Message (an op's name, a derivative's form, a finding inside a sentence) is
rendered in the same language first, so sentences are built per language, never glued from
translated fragments. Renderers' own words (a table's headings) go through `Translator._` and
`Translator._n` with the same catalogs.
"""

from __future__ import annotations

import dataclasses
import functools
import gettext
import os
import re
from pathlib import Path

from .junctions import close_clauses, han_junctions

LANGUAGES = ("en", "ru", "zh")  # English first: the source language and the last fallback
NAMES = {"en": "English", "ru": "Русский", "zh": "中文"}
DOMAINS = ("grader", "suites", "diagnose", "starters")  # kept with Babel (catalogs.py)
# A language's noun phrases in the cases its sentences need (`cases.po`, kept by hand: catalogs.py checks it)
CASES_DOMAIN = "cases"
# What the runtime reads: those, and `visible`, the student wheel's part of `suites` (the visible tests' words,
# made when the wheel is built: grader/distribution.py)
RUNTIME_DOMAINS = ("grader", "suites", "visible", "diagnose", "starters", CASES_DOMAIN)
# The grammatical cases a translation may ask a parameter in: `для {expression:genitive}` (docs/i18n.md)
CASES = ("genitive", "dative", "accusative", "instrumental", "prepositional")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"  # grader/locale
ENVIRONMENT = "GRADE_LANG"

_FIELD = re.compile(r"\{(\w+)[^{}]*\}")
_CASE_FIELD = re.compile(r"\{(\w+):(" + "|".join(CASES) + r")\}")


class LanguageError(ValueError):
    """A language the grader has no catalog for."""


def normalise(tag: str | None) -> str | None:
    """'ru_RU.UTF-8' → 'ru', 'zh-Hans-CN' → 'zh', 'C' → 'en'; None for an empty or unknown tag."""
    if not tag:
        return None
    tag = tag.strip().split(":")[0]  # LANGUAGE may list several: the first wins
    base = re.split(r"[_.@-]", tag, maxsplit=1)[0].lower()
    if base in ("c", "posix"):
        return "en"
    return base if base in LANGUAGES else None


def choose(lang: str | None = None, environ=None) -> str:
    """The language to speak: `lang` when given (an error when it is unknown), else $GRADE_LANG, else the
    locale's language (LC_ALL, LC_MESSAGES, LANG, the POSIX order), else English."""
    if lang:
        chosen = normalise(lang)
        if chosen is None:
            raise LanguageError(f"no language {lang!r}: the grader speaks {', '.join(LANGUAGES)}")
        return chosen
    environ = os.environ if environ is None else environ
    explicit = environ.get(ENVIRONMENT)
    if explicit:
        chosen = normalise(explicit)
        if chosen is None:
            raise LanguageError(f"{ENVIRONMENT}={explicit!r}: the grader speaks {', '.join(LANGUAGES)}")
        return chosen
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(variable):  # the first one set decides, as in POSIX, even when it is not ours
            return normalise(environ[variable]) or "en"
    return "en"


# -- messages as data -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Message:
    """A text to show, as data: the English id (with `{field}`s), its parameters, and for a count the
    plural id and the parameter that counts."""

    id: str
    params: dict = dataclasses.field(default_factory=dict)
    plural: str | None = None
    count: str | None = None  # the parameter the plural form follows

    def __hash__(self):
        import json

        return hash((self.id, self.plural, self.count, json.dumps(self.params, sort_keys=True, default=str)))

    def to_json(self) -> dict:
        """As the scores file keeps it: id, params (nested messages as their own records), English text."""
        record = {"id": self.id, "params": {k: v.to_json() if isinstance(v, Message) else v
                                            for k, v in self.params.items()}}
        if self.plural is not None:
            record.update(plural=self.plural, count=self.count)
        record["text"] = translator("en").render(self)
        return record

    @classmethod
    def from_json(cls, record: dict) -> Message:
        params = {k: cls.from_json(v) if isinstance(v, dict) and "id" in v else v
                  for k, v in (record.get("params") or {}).items()}
        return cls(record["id"], params, record.get("plural"), record.get("count"))

    def __str__(self):
        return translator("en").render(self)


def items(values, join: str = "and") -> dict:
    """A list as a parameter: its items (strings or Messages) joined as the language joins a list:
    join="and" (`numpy and torch`, `numpy и torch`, `numpy和torch`), "comma" (a plain enumeration),
    "semicolon" (clauses) or "or" (alternatives, each a clause: `X, or Y`, `X, или Y`, `X；或者Y`); "and-each" is "and" written `a and b and c` in English."""
    return _Shaped(items=[v.to_json() if isinstance(v, Message) else _scalar(v) for v in values], join=join)


def capital(value) -> dict:
    """A parameter shown with its first letter capitalised, where it starts a sentence (`For y = …` from
    the `for y = …` a finding's title continues with): a capital letter is the language's spelling, not a
    word, so Russian capitalises as English does and Chinese, which has none, is unchanged."""
    return _Shaped(capitalise=value.to_json() if isinstance(value, Message) else _scalar(value))


def moment(value) -> dict:
    """A moment as a parameter (a deadline in a refusal): kept as its ISO text in UTC, and said in the reader's
    language from Babel's CLDR data, never the machine's locale: `Mon, Dec 14, 2026, 23:59 UTC`, «пн, 14 дек.
    2026 г., 23:59 UTC», 2026年12月14日周一 23:59 UTC (a text made where it was decided kept one language's date)."""
    from datetime import timezone

    value = value if value.tzinfo else value.replace(tzinfo=timezone.utc)  # the service's naive times are UTC
    return _Shaped(moment=value.astimezone(timezone.utc).isoformat())


def words(entry: dict, key: str):
    """A diagnosis entry's `title`, `explanation` or `message` as a renderer shows it: the Message record
    kept under entry["messages"] (rendered in the reader's language), else the entry's English text."""
    return (entry.get("messages") or {}).get(key) or entry.get(key)


def said(entry: dict, **parts: Message) -> dict:
    """A diagnosis entry with its words, each both as English text (entry[key], for readers of the JSON
    and for the tests) and, but for `message` (the whole finding in one English paragraph, which no
    renderer shows), as a Message record (entry["messages"][key], rendered in the reader's language)."""
    for key, message in parts.items():
        entry[key] = str(message)
        if key != "message":
            entry.setdefault("messages", {})[key] = message.to_json()
    return entry


def row_message(row: dict):
    """A scores row's `message` as a renderer shows it: its data (`message_data`, the observer's reasons) when
    the row keeps it, else its text (a loader's reason, an import error, an older scores file)."""
    return row.get("message_data") or row.get("message")


def place(where: dict | None) -> Message | None:
    """A place in the student's files as words: `bob.py, line 12`, `nb.ipynb, cell 7, line 3`, with
    `, in _backward` when the function is known (grader.places.place_text's words, as data)."""
    if not where or not where.get("file"):
        return None
    keys = {k: where[k] for k in ("file", "cell", "line", "function") if where.get(k) is not None}
    if "line" not in keys:
        return msg("{file}", file=keys["file"])
    if "cell" in keys:
        if "function" in keys:
            return msg("{file}, cell {cell}, line {line}, in {function}", **keys)
        return msg("{file}, cell {cell}, line {line}", **keys)
    if "function" in keys:
        return msg("{file}, line {line}, in {function}", **keys)
    return msg("{file}, line {line}", **keys)


class _Shaped(dict):
    """A parameter made by items() or capital(): a list the language joins, a word it capitalises. The class
    marks it only until a Message takes it (as a plain dict: records are plain JSON, marshal-able), and a
    scores file read back holds no other dicts in parameters than these and Messages' own records."""


def _scalar(value):
    """A parameter as a Message keeps it: a Message, a shape made by items() or capital(), a text or a number
    as it is; anything else as its text. A dict taken from a student's observation must never be read as a
    message record, whose id is the template the renderer fills in: 09-write-tests put its observation's
    `error` and `failures` in its messages, and a test file that made them {"id": "{x:>30000000}", ...}
    had the grader render a template of the student's (a 90 MB scores file; `{nothing}` a KeyError)."""
    if isinstance(value, _Shaped):
        return dict(value)
    if value is None or isinstance(value, (Message, str, int, float)):
        return value
    return str(value)


def msg(text: str, /, **params) -> Message:
    """A message to render later (pybabel extracts `msg`'s first argument). A parameter is a text, a number,
    a Message, or items(...) or capital(...) of them; anything else is kept as its text (_scalar)."""
    return Message(text, {k: _scalar(v) for k, v in params.items()})


def nmsg(singular: str, plural: str, count: str, /, **params) -> Message:
    """A message whose form follows the number params[count] (pybabel extracts `nmsg:1,2`)."""
    if count not in params:
        raise ValueError(f"nmsg: the count {count!r} is not among the parameters")
    return Message(singular, {k: _scalar(v) for k, v in params.items()}, plural, count)


# How a notebook's check() names the kernel's cells where a file's name stands (grader/classroom/notebook_check):
# a place's `file` keeps these words as data, as a file's name is kept, and a renderer says them in the language
# («этот блокнот, ячейка 5, строка 3», 本笔记本，第 5 个单元格). A submission's file never has this name: it
# has an extension.
# TRANSLATORS: a noun phrase, where a file's name stands: a sentence may ask it in a case (cases.po, docs/i18n.md)
KERNEL_CELLS = msg("this notebook").id
# TRANSLATORS: a date and time (grader.i18n.moment, grade serve's pages): {date} the language's own (Babel's,
# "Sat, Dec 5, 2026"), {time} 24-hour (10:07); UTC is the zone every time is shown in
WHEN = msg("{date}, {time} UTC").id


# -- rendering --------------------------------------------------------------------------------------


class Translator:
    """One language's catalogs (every domain merged) and the renderer of Messages in it."""

    def __init__(self, lang: str, translations: gettext.NullTranslations):
        self.lang = lang
        self.translations = translations

    def _(self, text: str, /, **params) -> str:
        """A renderer's own words, translated and filled in."""
        if not text:  # gettext("") is the catalog's header
            return text
        return self._fill(self.translations.gettext(text), params)

    def _n(self, singular: str, plural: str, n: int, /, **params) -> str:
        """A renderer's own words about a count n (in the language's plural form); {n} is filled in too."""
        return self._fill(self.translations.ngettext(singular, plural, n), dict(params, n=n))

    def render(self, message) -> str:
        """A Message (or its JSON record, or a plain string, shown as it is) in this language."""
        if isinstance(message, dict) and "id" in message:
            message = Message.from_json(message)
        if not isinstance(message, Message):
            return "" if message is None else str(message)
        if message.plural is not None:
            text = self.translations.ngettext(message.id, message.plural, int(message.params[message.count]))
        else:
            text = self.translations.gettext(message.id) if message.id else ""
        return self._fill(text, message.params)

    def _fill(self, text: str, params: dict) -> str:
        if not params:
            return text
        if _CASE_FIELD.search(text):  # `для {expression:genitive}`: the phrase in the case the frame needs
            inflected = {}

            def field(match):
                name, case = match[1], match[2]
                inflected[f"{name}__{case}"] = self.inflect(params[name], case)  # a KeyError as format's
                return "{" + f"{name}__{case}" + "}"

            text = _CASE_FIELD.sub(field, text)
            return self._fill(text, dict(params, **inflected))
        shown = {k: self._list(v) if isinstance(v, dict) and "items" in v
                 else self._capital(v["capitalise"]) if isinstance(v, dict) and "capitalise" in v
                 else self.moment(v["moment"]) if isinstance(v, dict) and "moment" in v
                 else self.render(v) if isinstance(v, (Message, dict))
                 else self.translations.gettext(v) if v == KERNEL_CELLS else v for k, v in params.items()}
        phrases = {k for k, v in params.items() if isinstance(v, Message) or isinstance(v, dict) and "id" in v}
        text = close_clauses(self.lang, text, phrases, shown)
        if self.lang == "zh":
            text = han_junctions(text, shown)
        return text.format(**shown)

    def inflect(self, value, case: str) -> str:
        """A parameter in a grammatical case (one of CASES), as a translation asks for it (`{expression:genitive}`):
        a Message from its entry of that case (the `cases` domain, msgctxt the case's name: «случайного графа
        вычислений №1» for `random expression graph #{seed}`); a Message without one whose words begin with a
        phrase of its own (`{graph} ({expr})`, `{expression}, against PyTorch`) has that phrase in the case, as
        the phrase is the head of its words; anything else as render() says it: a formula, code or a number
        reads the same in every case."""
        if isinstance(value, dict) and "id" in value:
            value = Message.from_json(value)
        elif value == KERNEL_CELLS:  # a place's `file` that is words («в этом блокноте, ячейка 5»)
            value = Message(KERNEL_CELLS)
        if isinstance(value, Message) and value.plural is None and value.id:
            text = self.translations.pgettext(case, value.id)
            if text != value.id:
                return self._fill(text, value.params)
            text = self.translations.gettext(value.id)
            head = re.match(r"\{(\w+)\}", text)
            if head and head[1] in value.params:
                return self._fill("{" + f"{head[1]}:{case}" + "}" + text[head.end():], value.params)
        return self._fill("{value}", {"value": value})

    def moment(self, iso: str) -> str:
        """A moment (grader.i18n.moment's ISO text) in this language: Babel's date and a 24-hour time, in UTC."""
        from datetime import datetime, timezone

        from babel.dates import format_skeleton, format_time

        value = datetime.fromisoformat(iso).astimezone(timezone.utc)
        locale = {"zh": "zh_Hans"}.get(self.lang, self.lang)
        return self._(WHEN, date=format_skeleton("yMMMEd", value, tzinfo=timezone.utc, locale=locale),
                      time=format_time(value, "HH:mm", tzinfo=timezone.utc, locale=locale))

    def _capital(self, value) -> str:
        text = self.render(value)
        return text[:1].upper() + text[1:]

    def _list(self, value: dict) -> str:
        """A list parameter (grader.i18n.items) joined as this language joins a list."""
        shown = [self.render(v) if isinstance(v, dict) else str(v) for v in value["items"]]
        if value.get("join") == "or":  # alternatives, each a clause of its own: `X, or Y`
            return {"zh": "；或者"}.get(self.lang, ", or " if self.lang == "en" else ", или ").join(shown)
        if value.get("join") == "semicolon":
            return ("；" if self.lang == "zh" else "; ").join(shown)
        if value.get("join") == "comma" or len(shown) < 2:
            return ("、" if self.lang == "zh" else ", ").join(shown)
        if self.lang == "en" and value.get("join") == "and-each":  # `a and b and c`, as some messages say it
            return " and ".join(shown)
        if self.lang == "en":  # the grader's English: no serial comma
            return ", ".join(shown[:-1]) + " and " + shown[-1]
        from babel.lists import format_list

        return format_list(shown, locale={"zh": "zh_Hans"}.get(self.lang, self.lang))


@functools.cache
def translator(lang: str = "en") -> Translator:
    """The Translator of a language (one of LANGUAGES); English reads no catalog."""
    if lang not in LANGUAGES:
        raise LanguageError(f"no language {lang!r}: the grader speaks {', '.join(LANGUAGES)}")
    merged = None
    if lang != "en":
        for domain in RUNTIME_DOMAINS:
            try:
                catalog = gettext.translation(domain, LOCALE_DIR, languages=[lang])
            except FileNotFoundError:  # the diagnose catalog is in the instructor's wheel only
                continue
            if merged is None:
                merged = catalog
            else:
                merged.add_fallback(catalog)  # an id not in one domain is looked up in the next
    return Translator(lang, merged or gettext.NullTranslations())


def fields(text: str) -> set[str]:
    """The `{field}` names of a message text (a translation must use the same ones)."""
    return set(_FIELD.findall(text))
