"""A suite's test files, imported by the judge's pytest run as the very files of the suite being judged.

pytest's `--import-mode=importlib` (judge/plugin.py) keeps a test file's module in sys.modules under a
name made from its path below `--rootdir`, the suite's folder: `test_mlp_xor` for
`<suite>/test_mlp_xor.py`. A later run that asks for that name is handed the module already there,
whichever file it came from. So in one process (a test session, `grade serve`, a notebook's repeated
`check()`) a second folder of the same suite (a course's edited copy, a suite edited on disk since) was
judged by the tests of the first one imported: other tests, other points, a stale verdict.
`forget_other_copies` drops such a module before a run; `remember` notes what a run imported.
"""

import hashlib
import sys
from pathlib import Path

_IMPORTED = {}  # resolved path of a test file -> sha256 of the bytes its module was imported from


def _module_name(path, root):
    """The name pytest's importlib mode gives `path` below `root` (_pytest.pathlib.module_name_from_path)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _digest(path):
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def forget_other_copies(tests, root):
    """Drop from sys.modules each module that stands under the name of one of `tests` (paths below `root`)
    unless it was imported from that very file, unchanged since: pytest then imports the file itself."""
    root = Path(root).resolve()
    for test in tests:
        path = Path(test).resolve()
        name = _module_name(path, root)
        module = sys.modules.get(name)
        if module is None:
            continue
        file = getattr(module, "__file__", None)
        same = file is not None and Path(file).resolve() == path and _IMPORTED.get(path) == _digest(path)
        if not same:
            del sys.modules[name]
            _IMPORTED.pop(path, None)


def remember(tests, root):
    """After a run: note the bytes of each test file whose module the run left in sys.modules."""
    root = Path(root).resolve()
    for test in tests:
        path = Path(test).resolve()
        module = sys.modules.get(_module_name(path, root))
        file = getattr(module, "__file__", None)
        if file is not None and Path(file).resolve() == path:
            _IMPORTED.setdefault(path, _digest(path))
