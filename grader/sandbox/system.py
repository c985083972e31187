"""The part of the host's system a worker sees inside bubblewrap: its Python and nothing else.

Not the host's whole /usr (an inventory of installed software, other interpreters' packages,
every program a shell could run), but exactly what `python -I -S` needs to start and to import
its standard library: the interpreter (and the symlinks leading to it), the standard library's
folders (without site-packages), and the shared libraries that the interpreter and its
extension modules (lib-dynload) are linked against, as `ldd` lists them, with the dynamic
loader, and the C.UTF-8 locale the worker runs in. Merged-/usr links (/bin, /lib, /lib64 -> usr/...) are recreated as links.

Where `ldd` is missing or says nothing usable, the whole of /usr is bound as before (with
/usr/local and Python's dist-packages hidden), and `SystemView.whole_usr` says so.
"""

import dataclasses
import functools
import os
import struct
import subprocess
import sys
from pathlib import Path

_HIDDEN_UNDER_USR = ("/usr/local", "/usr/lib/python3/dist-packages")
_TOP_LINKS = ("/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32")

_LOCALES = ("/usr/lib/locale/C.utf8", "/usr/lib/locale/C.UTF-8")
_ASK_PYTHON = "import sys\nprint(sys.executable)\nfor p in sys.path: print(p)"


@dataclasses.dataclass(frozen=True)
class SystemView:
    args: tuple  # bubblewrap arguments that build the view
    whole_usr: bool  # True: the fallback (all of /usr); False: only what Python needs


def _real(path):
    """`path` with every folder above it resolved, the file name itself left as it is."""
    return os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))


def _file_chain(path):
    """[(kind, target, dest)] making `path` exist inside: each symlink on the way, then the file."""
    steps, path, seen = [], _real(path), set()
    while os.path.islink(path) and path not in seen:
        seen.add(path)
        target = os.readlink(path)
        steps.append(("--symlink", target, path))
        path = _real(os.path.normpath(os.path.join(os.path.dirname(path), target)))
    steps.append(("--ro-bind", path, path))
    return steps


def _linked_libraries(binaries):
    """Every shared library (and the loader) that `binaries` need, as ldd resolves them."""
    libraries = set()
    for chunk in range(0, len(binaries), 64):
        try:
            out = subprocess.run(["ldd", *binaries[chunk:chunk + 64]], capture_output=True, timeout=60,
                                 env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"}).stdout.decode(errors="replace")
        except (OSError, subprocess.SubprocessError):
            return None
        for line in out.splitlines():
            line = line.strip()
            if "=>" in line:
                target = line.split("=>", 1)[1].split("(")[0].strip()
            else:
                target = line.split("(")[0].strip()
            if target.startswith("/") and os.path.exists(target):
                libraries.add(target)
    return libraries


_PT_LOAD, _PT_DYNAMIC, _DT_NEEDED, _DT_STRTAB = 1, 2, 1, 5


def _elf_needed(path):
    """The DT_NEEDED names of a 64-bit little-endian ELF file, read from its headers; None for
    anything else (then ldd answers instead)."""
    try:
        with open(path, "rb") as f:
            head = f.read(64)
            if head[:4] != b"\x7fELF" or head[4] != 2 or head[5] != 1:
                return None
            phoff, = struct.unpack_from("<Q", head, 0x20)
            phentsize, phnum = struct.unpack_from("<HH", head, 0x36)
            f.seek(phoff)
            table = f.read(phentsize * phnum)
            loads, dynamic = [], None
            for i in range(phnum):
                kind, _, offset, vaddr, _, filesz = struct.unpack_from("<IIQQQQ", table, i * phentsize)
                if kind == _PT_LOAD:
                    loads.append((vaddr, offset, filesz))
                elif kind == _PT_DYNAMIC:
                    dynamic = (offset, filesz)
            if dynamic is None:
                return []
            f.seek(dynamic[0])
            raw = f.read(dynamic[1])
            entries = [struct.unpack_from("<qQ", raw, i) for i in range(0, len(raw) - 15, 16)]
            strtab = next((value for tag, value in entries if tag == _DT_STRTAB), None)
            base = next((offset + strtab - vaddr for vaddr, offset, size in loads
                         if strtab is not None and vaddr <= strtab < vaddr + size), None)
            names = []
            for tag, value in entries:
                if tag == _DT_NEEDED and base is not None:
                    f.seek(base + value)
                    names.append(f.read(256).split(b"\0", 1)[0].decode())
            return names
    except (OSError, struct.error, UnicodeDecodeError):
        return None


def _resolved_libraries(binaries, folders):
    """Every library `binaries` need, transitively, found by name in `folders`; None when a name
    is not found there or a file is not an ELF this reader knows (then ldd answers instead)."""
    found, todo = set(), list(binaries)
    while todo:
        needed = _elf_needed(todo.pop())
        if needed is None:
            return None
        for name in needed:
            path = next((os.path.join(d, name) for d in folders if os.path.exists(os.path.join(d, name))), None)
            if path is None:
                return None
            if path not in found:
                found.add(path)
                todo.append(path)
    return found


def _site_folders(folder):
    """site-packages / dist-packages folders inside a standard-library folder (hidden by a tmpfs)."""
    return [str(p) for p in sorted(Path(folder).glob("*-packages")) if p.is_dir()]


@functools.lru_cache(maxsize=8)
def python_view(python):
    """What `python` needs, as bubblewrap arguments (computed once per interpreter, and remembered for
    this boot while the interpreter, the loader's cache and every file the view binds are as they were:
    host_facts.py; asking Python and ldd costs about 0.1 s)."""
    from .host_facts import program, remembered

    def trial():
        view = _python_view(python)
        return not view.whole_usr, list(view.args)

    parts = [program(python), program("/etc/ld.so.cache"), "no nested folder binds"]  # the view's version too
    args = tuple(remembered("python-view", parts, trial))
    bound = [args[i + 1] for i in range(len(args) - 2) if args[i] == "--ro-bind"]
    if args and all(os.path.exists(source) for source in bound):
        return SystemView(args, whole_usr=False)
    return _python_view(python)  # something it binds is gone (an upgrade): look again


def _python_view(python):
    try:
        out = subprocess.run([python, "-I", "-S", "-c", _ASK_PYTHON], capture_output=True, timeout=30,
                             env={}, cwd="/").stdout.decode()
    except (OSError, subprocess.SubprocessError):
        out = ""
    lines = [line for line in out.splitlines() if line]
    folders = [p for p in lines[1:] if os.path.isdir(p)]
    extensions = [str(p) for folder in folders for p in sorted(Path(folder).rglob("*.so"))]
    # ldd runs the loader once per file (about a second for a whole lib-dynload on a busy machine):
    # it is asked about the interpreter alone, and the extensions' needs are read from their headers
    # and looked up where the interpreter's own libraries were found.
    libraries = _linked_libraries([python]) if folders else None
    if libraries:
        search = list(dict.fromkeys(os.path.dirname(os.path.realpath(lib)) for lib in libraries))
        more = _resolved_libraries(extensions, search)
        if more is None:
            more = _linked_libraries(extensions)
        libraries = None if more is None else libraries | more
    if not libraries:
        return whole_usr_view(python)
    args, done = [], set()

    def add(kind, source, dest):
        if dest not in done:
            done.add(dest)
            args.extend((kind, source, dest))

    for top in _TOP_LINKS:
        if os.path.islink(top):
            add("--symlink", os.readlink(top), top)
    for step in _file_chain(python):
        add(*step)
    for library in sorted(libraries):
        for step in _file_chain(library):
            add(*step)
    for locale in _LOCALES:  # LANG=C.UTF-8 in the sandbox: where glibc keeps it as a file, it is needed
        if os.path.isdir(locale):
            add("--ro-bind", locale, locale)
    bound = []
    for folder in sorted({os.path.realpath(f) for f in folders}):
        if any(folder.startswith(outer + "/") for outer in bound):
            continue  # already there, bound with the folder it is in (lib-dynload in python3.X): one mount fewer
        bound.append(folder)
        add("--ro-bind", folder, folder)
        for site in _site_folders(folder):
            args.extend(("--tmpfs", site, "--remount-ro", site))
    return SystemView(tuple(args), whole_usr=False)


def whole_usr_view(python):
    """The fallback: a read-only /usr with /usr/local and Python's dist-packages hidden."""
    args = ["--ro-bind", "/usr", "/usr"]
    for hidden in _HIDDEN_UNDER_USR:
        if os.path.isdir(hidden):
            args += ["--tmpfs", hidden, "--remount-ro", hidden]
    for top in _TOP_LINKS:
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    if not python.startswith("/usr/"):
        prefix = str(Path(python).resolve().parents[1])
        args += ["--ro-bind", prefix, prefix]
        site = Path(prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"
        if site.is_dir():
            args += ["--tmpfs", str(site), "--remount-ro", str(site)]
    return SystemView(tuple(args), whole_usr=True)


_ARITY = {"--symlink": 3, "--ro-bind": 3, "--tmpfs": 2, "--remount-ro": 2}


def linked_view(args, folder):
    """linked_view_plan's arguments, its tree built in `folder`; None where it cannot be (then `args` as they are)."""
    plan = linked_view_plan(args, folder)
    if plan is None or not _build_tree(folder, *plan[1:]):
        return None
    return plan[0]


def linked_view_plan(args, folder):
    """(view arguments, the [(kind, source, path in folder)] to make, the mount points to make), or None.

    The same view in fewer mounts: bubblewrap arguments in which the files and symlinks that `args` puts
    under each top folder (/usr: the interpreter, the libraries) are one read-only bind of a tree built in
    `folder` (hard links to the very same files, the same symlinks, and empty folders where `args` binds a
    folder), or None where that tree cannot be built (hard links across file systems, or refused to a
    grader that is not root): then `args` as they are.

    What a worker sees is unchanged, name for name; a mount costs a worker's start about 1 ms of wall time
    and 0.2 ms of CPU (bubblewrap mounts, then remounts it read-only, and the kernel takes each down again),
    and the view of a Debian Python binds some thirty files one by one."""
    ops, i = [], 0
    while i < len(args):
        arity = _ARITY.get(args[i])
        if arity is None or i + arity > len(args):
            return None
        ops.append(tuple(args[i:i + arity]))
        i += arity
    folders = [op[2] for op in ops if op[0] == "--ro-bind" and os.path.isdir(op[1])]
    kept, tops = [], {}
    for op in ops:
        if op[0] not in ("--symlink", "--ro-bind"):
            kept.append(op)  # a tmpfs over site-packages, its remount: after the folder it is in, as it was
            continue
        kind, source, dest = op
        top = "/" + dest.strip("/").split("/")[0]
        inside_folder = any(dest.startswith(f.rstrip("/") + "/") for f in folders)
        if top == dest or inside_folder or (kind == "--ro-bind" and os.path.isdir(source)):
            kept.append((kind, source, dest))  # a link at the top (/bin -> usr/bin), or a folder: as it was
        else:
            tops.setdefault(top, []).append((kind, source, dest))
    if not tops:
        return None
    made = [(kind, source, os.path.join(folder, dest.lstrip("/"))) for steps in tops.values()
            for kind, source, dest in steps]
    mount_points = [os.path.join(folder, dest.lstrip("/")) for dest in folders
                    if "/" + dest.strip("/").split("/")[0] in tops]  # a folder bound inside a linked top
    links = [op for op in kept if op[0] == "--symlink" and op[2] == "/" + op[2].strip("/").split("/")[0]]
    binds = [("--ro-bind", os.path.join(folder, top.lstrip("/")), top) for top in sorted(tops)]
    rest = [op for op in kept if op not in links]
    return tuple(a for op in links + binds + rest for a in op), made, mount_points


def _build_tree(folder, made, mount_points):
    try:
        for kind, source, target in made:
            os.makedirs(os.path.dirname(target), mode=0o755, exist_ok=True)
            if kind == "--symlink":
                os.symlink(source, target)
            else:
                os.link(source, target)
        for target in mount_points:
            os.makedirs(target, mode=0o755, exist_ok=True)
        for root, dirs, _ in os.walk(folder):
            for name in dirs:
                os.chmod(os.path.join(root, name), 0o755)
        os.chmod(folder, 0o755)
    except OSError:
        return False
    return True
