"""The runner's files (worker.py, probekit, the suite's probes) as the workers read them: compiled once by the
workers' own interpreter (remembered for the boot: host_facts.py) and written once per distinct set into a
folder of the sandbox's, read-only for every worker (sandbox/__init__.py links each scratch folder to it)."""

import hashlib
import json
import os
import subprocess
import tempfile
import threading
from pathlib import Path

from .host_facts import program, remembered

_COMPILER = """
import importlib.util, json, marshal, sys
compiled = {}
for name, text in json.load(sys.stdin).items():
    code = marshal.dumps(compile(text, name, "exec"))
    if name == "worker.py":  # run as a script: a .pyc file, its header this Python's magic and no source stamp
        compiled["worker.pyc"] = (importlib.util.MAGIC_NUMBER + bytes(12) + code).hex()
    else: compiled[name + ".code"] = code.hex()
json.dump(compiled, sys.stdout)
"""


_PRECOMPILED = ("worker.py", "drawn_inputs.py", "probekit.py", "shared_probes.py", "local_probes.py", "probes.py",
                "read_only.py", "as_package.py", "standins.py", "hash_order.py", "raised.py",
                "later.py", "shadows.py")  # worker.pyc, what it loads (_load_source)


def _compile_with(python, runner_files):
    """The runner's modules compiled by `python` in one process (remembered for this boot: host_facts.py):
    `<name>.code`, marshalled code, and `worker.pyc`."""
    sources = {name: source.decode("utf-8") for name, source in sorted(runner_files.items()) if name.endswith(".py")}
    if not sources:
        return {}

    def trial():
        try:
            result = subprocess.run([python, "-I", "-S", "-c", _COMPILER], input=json.dumps(sources).encode(),
                                    capture_output=True, timeout=60, env={}, cwd="/")
            return result.returncode == 0, json.loads(result.stdout) if result.returncode == 0 else {}
        except (OSError, subprocess.SubprocessError, ValueError):
            return False, {}

    digest = hashlib.sha256(json.dumps(sources, sort_keys=True).encode()).hexdigest()
    compiled = remembered("compiled", [program(python), digest], trial)
    return {name: bytes.fromhex(code) for name, code in compiled.items()}


class RunnerFolders:
    """The runner folders of one sandbox (under `root`), and the compiled code of their modules (by `python`)."""

    def __init__(self, root, python):
        self.root, self.python = Path(root), python
        self._compiled, self._folders, self._lock = {}, {}, threading.Lock()

    def folder(self, runner_files):
        """The folder holding `runner_files` and their compiled code, written once (dirs 0755, files
        0644, owned by the grader: no worker can change them)."""
        names = sorted(runner_files)
        values = tuple(runner_files[n] for n in names)
        # the same names holding the very same bytes objects (immutable) as a set seen before: the same folder,
        # without hashing them again (0.2 ms a worker); the kept objects' ids cannot be reused while kept
        known = (tuple(names), tuple(map(id, values))) if all(type(v) is bytes for v in values) else None
        with self._lock:
            kept = self._folders.get(known)
        if kept is not None and all(a is b for a, b in zip(kept[0], values)):
            return kept[1]
        folder = self._write(runner_files)
        if known is not None:
            with self._lock:
                if len(self._folders) >= 64:
                    self._folders.pop(next(iter(self._folders)))
                self._folders[known] = (values, folder)
        return folder

    def _write(self, runner_files):
        files = {**runner_files, **self.compiled(runner_files)}
        key = hashlib.sha256(b"".join(hashlib.sha256(n.encode()).digest() + hashlib.sha256(files[n]).digest()
                                      for n in sorted(files))).hexdigest()[:32]
        folder = self.root / f"runner-{key}"
        with self._lock:
            if not folder.is_dir():
                part = Path(tempfile.mkdtemp(prefix="runner-part-", dir=self.root))
                for name, data in files.items():
                    target = part / name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
                for path in [part, *part.rglob("*")]:
                    os.chmod(path, 0o755 if path.is_dir() else 0o644)
                os.rename(part, folder)
        return folder

    def compiled(self, runner_files):
        """`<name>.code`: the runner's modules compiled once by the worker's own interpreter.

        Compiling a suite's probes.py costs the worker about 12 ms, more than starting Python, worker.py
        2-4 ms; marshalled code loads in well under 1 ms. Without a code file the source is used.
        """
        modules = {n: runner_files[n] for n in _PRECOMPILED if n in runner_files}  # what the worker loads
        key = hashlib.sha256(b"".join(modules[n] for n in sorted(modules))).hexdigest()
        with self._lock:
            if key not in self._compiled:
                self._compiled[key] = _compile_with(self.python, modules)
            return self._compiled[key]
