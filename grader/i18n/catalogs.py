"""The catalogs, made and kept with Babel: `python -m grader.i18n.catalogs [extract|update|compile|check]`.

Each step is the `pybabel` command docs/i18n.md lists, run for the three domains:

    extract   pybabel extract   the code → grader/locale/<domain>.pot (ids and where they are used)
    update    pybabel update    each <lang>/LC_MESSAGES/<domain>.po gains the new ids (to translate) and
                                marks changed ones fuzzy; init when a language's .po does not exist yet
    compile   pybabel compile   .po → .mo, committed (the grader runs from a checkout without a build step)
    check     nothing written:  every id of the code translated in every language, none fuzzy, every
                                `{field}` kept, every .mo the compilation of its .po (tests/test_i18n.py)

`all` (the default) is extract, update, compile.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from . import DOMAINS, LANGUAGES, LOCALE_DIR, fields

ROOT = LOCALE_DIR.parent.parent  # the checkout
KEYWORDS = ["msg", "nmsg:1,2", "_", "_n:1,2"]
SOURCES = {"grader": ("babel.cfg", LOCALE_DIR.parent), "suites": ("babel-suites.cfg", LOCALE_DIR.parent),
           "diagnose": ("babel-diagnose.cfg", LOCALE_DIR.parent),
           "starters": ("babel-starters.cfg", ROOT / "exercises")}
HEADER = "micrograd-grader's words in {lang} (docs/i18n.md)"


def extracted(domain: str):
    """The domain's messages as the code holds them now: a babel Catalog."""
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
    _no_percent_formats()


def _no_percent_formats() -> None:
    """Our messages are brace-formatted ({name}); a literal percent sign ("0.5% off") is not a %-directive.
    Babel flags such a message python-format and then refuses a translation without the same "% o", so
    every entry is marked no-python-format instead (GNU msgfmt reads the flag too)."""
    from babel.messages.pofile import read_po, write_po

    for domain in DOMAINS:
        for lang in LANGUAGES[1:]:
            path = po_path(lang, domain)
            with open(path, "rb") as f:
                catalog = read_po(f, locale=lang, domain=domain)
            marked = False
            for message in catalog:
                if message.id and "python-format" in message.flags:
                    message.flags.discard("python-format")
                    message.flags.add("no-python-format")
                    marked = True
            if marked:
                with open(path, "wb") as f:
                    write_po(f, catalog, width=76)


def compile_all() -> None:
    for domain in DOMAINS:
        # -f: a domain with nothing to translate yet still gets its (header-only) .mo
        _pybabel("compile", "-f", "-d", str(LOCALE_DIR), "-D", domain, "--statistics")


def called_ids(folder: Path) -> dict[str, str]:
    """{id: where} of every string literal the code passes to msg, nmsg, _ or _n, read from the syntax tree:
    what Babel extracts, and what it cannot (a call inside an f-string's braces, before Python 3.12)."""
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


def problems() -> list[str]:
    """Everything wrong with the catalogs, as lines (empty when every id is translated and compiled)."""
    from babel.messages.mofile import write_mo
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
            mo = path.with_suffix(".mo")
            compiled = io.BytesIO()
            write_mo(compiled, po)
            if not mo.exists() or mo.read_bytes() != compiled.getvalue():
                found.append(f"{_shown(mo)}: not the compilation of its .po (run compile)")
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
