"""What the canonical texts' readings hold, kept across processes in the user's cache folder.

The k-grams of the public sources' and the course's canonical texts' variants (variants.py: `_variant_kgrams`)
depend on no class: only on those texts and on the reading's code. Deriving them is most of a small class's
`grade similarity` (about 12 of its 18 s on the sample class, session 35), and lru_cache keeps them only for one
process. So each text's are kept as one entry of the user's cache folder (README, "The cache":
`$XDG_CACHE_HOME/micrograd-grader`), named by a digest of what they depend on: the grader's Python source, the
reference's files and this Python (boot_files.set_tag), what is kept (KIND), the text's name and the text itself.
A changed text, or a changed grader, names another entry, which is computed afresh; an entry that cannot be read, or
that is not what its name says (its own `key` differs, its k-grams are not integers), is computed afresh and written
again. Entries are written atomically (private_files) and, like the cache's others, never evicted (`grade cache
clear` removes them). Without a cache folder (no home, a read-only one) the k-grams are computed as before.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

import click

from ..boot_files import set_tag
from ..private_files import write_text_atomically
from ..user_cache import default_folder


def entry_key(kind: str, name: str, text: str) -> str:
    """The sha256 hex digest naming the entry of KIND for the text NAME: the grader's source with it."""
    parts = ["similarity", kind, set_tag(), name, text]
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def kept_kgrams(kind: str, name: str, text: str, compute: Callable[[], frozenset[int]],
                folder: Path | None = None) -> frozenset[int]:
    """compute()'s k-grams for the text NAME, read from FOLDER (default: the user's cache folder) when an entry of
    this grader holds them for this text, else computed and kept there."""
    key = entry_key(kind, name, text)
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
        write_text_atomically(path, json.dumps({"key": key, "kind": kind, "name": name, "kgrams": sorted(found)},
                                               separators=(",", ":")) + "\n")
    except OSError:  # a read-only cache folder: the next process computes them again
        pass
    return found
