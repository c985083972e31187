"""What the public sources' and the canonical texts' readings hold, kept across processes in the user's cache folder.

The k-grams of those texts (variants.py: `known_kgrams`) and of their variants (`_variant_kgrams`) depend on no
class: only on the texts and on the reading's code. Deriving them was two thirds of a small class's `grade
similarity` (2 of the sample class's 3 s of CPU, session 35: bench/similarity/kept_cost.py), paid by every process,
as lru_cache keeps them for one only. So they are kept as entries of the user's cache folder (README, "The cache":
`$XDG_CACHE_HOME/micrograd-grader`), each named by a digest of what it depends on: the grader's Python source, the
reference's files and this Python (boot_files.set_tag), what is kept (KIND), and the texts with their names. A
changed text, or a changed grader, names another entry, which is computed afresh; an entry that cannot be read, or
that is not what its name says (its own `key` differs, its k-grams are not integers), is computed afresh and written
again. Entries are written atomically (private_files) and, like the cache's others, never evicted (`grade cache
clear` removes them). Without a cache folder (no home, one that cannot be written) they are computed as before.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Callable

import click

from ..boot_files import set_tag
from ..private_files import write_text_atomically
from ..user_cache import default_folder


def entry_key(kind: str, texts: dict[str, str]) -> str:
    """The sha256 hex digest naming the entry of KIND for TEXTS ({name: text}): the grader's source with them."""
    parts = ["similarity", kind, set_tag(), json.dumps(sorted(texts.items()))]
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def kept_kgrams(kind: str, texts: dict[str, str], compute: Callable[[], frozenset[int]],
                folder: Path | None = None) -> frozenset[int]:
    """compute()'s k-grams for TEXTS ({name: text}), read from FOLDER (default: the user's cache folder) when an
    entry of this grader holds them for these texts, else computed and kept there."""
    key = entry_key(kind, texts)
    try:
        path = Path(folder if folder is not None else default_folder()) / f"{key}.json"
    except click.UsageError:  # no home folder to keep it in: computed, as before
        return compute()
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        kgrams = record["kgrams"] if isinstance(record, dict) and record.get("key") == key else None
        if isinstance(kgrams, list) and all(type(k) is int for k in kgrams):
            return frozenset(kgrams)
    except (OSError, ValueError, KeyError):
        pass
    found = compute()
    try:
        os.makedirs(path.parent, mode=0o700, exist_ok=True)  # private, as the cache's own folder (README)
        entry = {"key": key, "kind": kind, "names": sorted(texts), "kgrams": sorted(found)}
        write_text_atomically(path, json.dumps(entry, separators=(",", ":")) + "\n")
    except OSError:  # a read-only cache folder: the next process computes them again
        pass
    return found
