"""The catalogs, made and kept with Babel: `python -m grader.i18n.catalogs [extract|update|compile|check]`.

Each step is the `pybabel` command docs/i18n.md lists, run for the three domains:

    extract   pybabel extract   the code → grader/locale/<domain>.pot (ids and where they are used)
    update    pybabel update    each <lang>/LC_MESSAGES/<domain>.po gains the new ids (to translate) and
                                marks changed ones fuzzy; init when a language's .po does not exist yet
    compile   pybabel compile   .po → .mo, committed (the grader runs from a checkout without a build step)
    check     nothing written:  every id of the code translated in every language, none fuzzy, every
                                `{field}` kept, every .mo the compilation of its .po (tests/test_i18n.py);
                                every noun phrase a sentence asks in a case (`{expression:genitive}`) has
                                that case in the language's hand-kept `cases.po` (docs/i18n.md, "Cases")

`all` (the default) is extract, update, compile.
"""

from __future__ import annotations

import functools
import io
import re
import sys
from pathlib import Path

from . import _CASE_FIELD, CASES, CASES_DOMAIN, DOMAINS, LANGUAGES, LOCALE_DIR, fields

_WORD_BEFORE = re.compile(r"(\w+) \{expression:(" + "|".join(CASES) + r")\}")  # «для {expression:genitive}»

ROOT = LOCALE_DIR.parent.parent  # the checkout
KEYWORDS = ["msg", "nmsg:1,2", "_", "_n:1,2"]
SOURCES = {"grader": ("babel.cfg", LOCALE_DIR.parent), "suites": ("babel-suites.cfg", LOCALE_DIR.parent),
           "diagnose": ("babel-diagnose.cfg", LOCALE_DIR.parent),
           "starters": ("babel-starters.cfg", ROOT / "exercises")}
HEADER = "micrograd-grader's words in {lang} (docs/i18n.md)"


@functools.cache
def extracted(domain: str):
    """The domain's messages as the code holds them: a babel Catalog, shared by every caller of this process (the
    code does not change under a check; read it, never change it). Extracted once: the check reads each domain in
    three places (what pybabel extracts, each language's catalog, the cases), and a test process checks more than
    once (5.7 s of CPU a check when each read extracted again)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    config, folder = SOURCES[domain]
    with open(LOCALE_DIR / config, encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {"msg": None, "nmsg": (1, 2), "_": None, "_n": (1, 2)}
    catalog = Catalog(project="micrograd-grader", domain=domain)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(folder), method_map, options_map, keywords=keywords, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def pot_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    import os

    for domain, (config, folder) in SOURCES.items():
        here = os.getcwd()
        os.chdir(folder)  # the catalogs' locations relative to it: the same on every machine
        try:
            _pybabel("extract", "-F", str(LOCALE_DIR / config), "--no-default-keywords",
                     *[a for k in KEYWORDS for a in ("-k", k)],
                     "--sort-by-file", "--project=micrograd-grader", "--omit-header", "-c", "TRANSLATORS:",
                     "-o", str(pot_path(domain)), ".")
        finally:
            os.chdir(here)


def update() -> None:
    for domain in DOMAINS:
        for lang in LANGUAGES[1:]:
            command = "update" if po_path(lang, domain).exists() else "init"
            _pybabel(command, "-D", domain, "-i", str(pot_path(domain)), "-d", str(LOCALE_DIR), "-l", lang,
                     *(["--no-fuzzy-matching"] if command == "update" else []))
    _flags_msgfmt_can_check()


def _flags_msgfmt_can_check() -> None:
    """Each entry's format flags as GNU msgfmt can check them. Our messages are brace-formatted ({name}); a literal
    percent sign ("0.5% off") is not a %-directive, but Babel flags such a message python-format and then refuses a
    translation without the same "% o": every entry is marked no-python-format instead. A translation that asks a
    phrase in a case (`для {expression:genitive}`) holds a field msgfmt reads as a broken brace format (it knows no
    such format spec): it is marked no-python-brace-format, and check() still compares its fields with the id's."""
    from babel.messages.pofile import read_po, write_po

    for domain in DOMAINS:
        for lang in LANGUAGES[1:]:
            path = po_path(lang, domain)
            with open(path, "rb") as f:
                catalog = read_po(f, locale=lang, domain=domain)
            marked = False
            for message in catalog:
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for flag, wrong in (("python-format", True),
                                    ("python-brace-format", any(_CASE_FIELD.search(s or "") for s in strings))):
                    if message.id and flag in message.flags and wrong:
                        message.flags.discard(flag)
                        message.flags.add(f"no-{flag}")
                        marked = True
            if marked:
                with open(path, "wb") as f:
                    write_po(f, catalog, width=76)


def compile_all() -> None:
    for domain in DOMAINS:
        # -f: a domain with nothing to translate yet still gets its (header-only) .mo
        _pybabel("compile", "-f", "-d", str(LOCALE_DIR), "-D", domain, "--statistics")
    if any(po_path(lang, CASES_DOMAIN).exists() for lang in LANGUAGES[1:]):  # kept by hand, where a language has cases
        _pybabel("compile", "-f", "-d", str(LOCALE_DIR), "-D", CASES_DOMAIN, "--statistics")


@functools.cache
def called_ids(folder: Path) -> dict[str, str]:
    """{id: where} of every string literal the code passes to msg, nmsg, _ or _n, read from the syntax tree:
    what Babel extracts, and what it cannot (a call inside an f-string's braces, before Python 3.12). Read once per
    process, as `extracted` is; shared: never change it."""
    import ast
    from ..parsing import parse  # grader/parsing.py: one parse at a time

    found = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name in ("msg", "nmsg", "_", "_n") and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                found.setdefault(node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def _shown(path: Path) -> str:
    """A catalog's path as a finding names it: relative to the checkout, or whole when it is elsewhere."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _stale_mo(path: Path, catalog) -> list[str]:
    """A finding when the .mo beside `path` is not the compilation of `catalog` (the .po read)."""
    from babel.messages.mofile import write_mo

    mo = path.with_suffix(".mo")
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    if not mo.exists() or mo.read_bytes() != compiled.getvalue():
        return [f"{_shown(mo)}: not the compilation of its .po (run compile)"]
    return []


def problems() -> list[str]:
    """Everything wrong with the catalogs, as lines (empty when every id is translated and compiled)."""
    from babel.messages.pofile import read_po

    found = []
    extractable = {m.id if isinstance(m.id, str) else m.id[0] for d in ("grader", "diagnose", "suites")
                   for m in extracted(d)}
    found += [f"{where}: {text[:70]!r} is not extracted by pybabel (a call inside an f-string's braces?)"
              for text, where in called_ids(LOCALE_DIR.parent).items() if text not in extractable]
    for domain in DOMAINS:
        wanted = extracted(domain)
        for lang in LANGUAGES[1:]:
            path = po_path(lang, domain)
            if not path.exists():
                found.append(f"{path}: missing")
                continue
            with open(path, "rb") as f:
                po = read_po(f, locale=lang, domain=domain)
            for message in wanted:
                if not message.id:
                    continue
                entry = po.get(message.id, context=message.context)
                name = message.id if isinstance(message.id, str) else message.id[0]
                where = f"{_shown(path)}: {name[:70]!r}"
                if entry is None:
                    found.append(f"{where}: not in the catalog (run update)")
                elif entry.fuzzy:
                    found.append(f"{where}: fuzzy")
                elif not entry.string or (isinstance(entry.string, tuple) and not all(entry.string)):
                    found.append(f"{where}: not translated")
                else:
                    ids = message.id if isinstance(message.id, tuple) else (message.id,)
                    strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                    wanted_fields = set().union(*map(fields, ids))
                    for string in strings:
                        # a plural form may leave out the count ({n}) where the language says it in words
                        if fields(string) - wanted_fields or (wanted_fields - {"n"}) - fields(string):
                            found.append(f"{where}: its fields {sorted(fields(string))} are not "
                                         f"{sorted(wanted_fields)}")
                    if len(strings) != (po.num_plurals if isinstance(message.id, tuple) else 1):
                        found.append(f"{where}: {len(strings)} plural forms, {lang} has {po.num_plurals}")
            stale = [m.id for m in po if m.id and m.id not in wanted]  # iterating a Catalog skips obsolete entries (catalog.obsolete)
            if stale:
                found.append(f"{_shown(path)}: {len(stale)} ids no longer in the code (run update), "
                             f"e.g. {str(stale[0])[:70]!r}")
            found += _stale_mo(path, po)
    found += case_problems()
    return found


def case_problems() -> list[str]:
    """What is wrong with the languages' `cases.po` (docs/i18n.md, "Cases"): an entry whose context is not a case,
    whose id is no phrase of the code's, untranslated, fuzzy or with other fields than its id; a stale .mo; and
    every noun phrase (a probe's expression, or an id its translator comment calls a noun phrase, whose translation
    begins with a word of the language) that lacks a case a translation asks a phrase in (`{expression:genitive}`)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    found = []
    phrases = {}  # id -> the comments Babel extracted with it
    for domain in ("grader", "suites"):
        for message in extracted(domain):
            if message.id and isinstance(message.id, str):
                phrases.setdefault(message.id, []).extend(message.auto_comments)
    for lang in LANGUAGES[1:]:
        asked = set()  # the cases this language's sentences ask a phrase in
        before = set()  # (word, case): a word a sentence puts before a probe's expression in that case («для»)
        translated = {}
        for domain in ("grader", "suites", "diagnose"):
            with open(po_path(lang, domain), "rb") as f:
                for message in read_po(f, locale=lang, domain=domain):
                    strings = message.string if isinstance(message.string, tuple) else (message.string,)
                    asked |= {m[2] for s in strings for m in _CASE_FIELD.finditer(s or "")}
                    before |= {(m[1].lower(), m[2]) for s in strings for m in _WORD_BEFORE.finditer(s or "")}
                    if message.id and isinstance(message.id, str):
                        translated.setdefault(message.id, message)
        path = po_path(lang, CASES_DOMAIN)
        cases = Catalog(locale=lang)
        if path.exists():
            with open(path, "rb") as f:
                cases = read_po(f, locale=lang, domain=CASES_DOMAIN)
            for message in cases:
                if not message.id:
                    continue
                where = f"{_shown(path)}: {message.context} {str(message.id)[:60]!r}"
                if message.context not in CASES:
                    found.append(f"{where}: the context is not a case ({', '.join(CASES)})")
                elif message.id not in phrases:
                    found.append(f"{where}: no phrase of the code has this id")
                elif message.fuzzy or not message.string:
                    found.append(f"{where}: fuzzy or not translated")
                elif fields(message.string) != fields(message.id):
                    found.append(f"{where}: its fields {sorted(fields(message.string))} are not "
                                 f"{sorted(fields(message.id))}")
            found += _stale_mo(path, cases)
        for text, comments in sorted(phrases.items()):
            entry = translated.get(text)
            if not any("a probe's expression" in c or "a noun phrase" in c for c in comments) or entry is None \
                    or not entry.string:
                continue
            if not entry.string[:1].isalpha() or entry.string[:1].isascii():
                # a formula or code (`y = a * a при a = 3`, `Neuron(2) с …`) reads the same in every case, unless it
                # says the frame's own word: «для derivative(f, x) для f(x) = …» needs its genitive written
                found += [f"{_shown(path)}: {text[:60]!r} says {word!r}, as the sentences that put it after {word!r} "
                          f"do: it needs its {case}" for word, case in sorted(before)
                          if case in asked and cases.get(text, context=case) is None
                          and re.search(rf"(?<!\w){word}(?!\w)", entry.string.lower())]
                continue
            for case in sorted(asked):
                if cases.get(text, context=case) is None:
                    found.append(f"{_shown(path)}: {text[:60]!r} has no {case} (a sentence asks a phrase in it)")
    return found


def main(argv: list[str]) -> int:
    steps = argv or ["all"]
    for step in steps:
        if step in ("extract", "all"):
            extract()
        if step in ("update", "all"):
            update()
        if step in ("compile", "all"):
            compile_all()
        if step == "check":
            found = problems()
            print("\n".join(found) or "Every message is translated in " + ", ".join(LANGUAGES[1:]) + ".")
            return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
