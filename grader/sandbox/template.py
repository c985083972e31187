"""A warm template per slot (a prototype behind GRADE_WARM_TEMPLATE=1, off by default; docs/security.md, "A warm
template"): one sandboxed process that has done the steps of a worker's start that do not depend on the
student, forking one fresh child per submission (template_runner.py is its side).

What keeps one submission from the next, and from the template:
- the child runs in the slot's cgroup (the template in a cgroup of its own beside it): killed whole after each
  submission, with every process it started; its CPU time is counted there as a fresh worker's is;
- the template is pid 1 of its namespace and not dumpable: a child cannot signal, stop, ptrace or read it;
- the seccomp filter refuses what would outlive a process in a shared namespace (System V and POSIX message
  queues and semaphores, shared memory, keyrings: memory.py);
- before each fork the grader checks the template's sandbox is as it was: the template alive and not stopped, its
  cgroup holding only it, its limits, priorities and CPUs unchanged, /tmp empty and its mode, owner and times as they
  were, and afterwards that the child's pid follows the last one (no process or thread was made in between);
  anything else and the template is replaced by a fresh one;
- the submission's folder is the slot's own, emptied after each run; results travel only through the pipes the
  grader made for this run, as before.
"""

import functools
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from .claim import place, stat_fields
from .errors import Interrupted
from .layers import namespaces, no_aslr_children, system_binds, worker_arguments
from .leftovers import kill_cgroup
from .memory import SHARED_NAMESPACE_DENIED, SeccompFilter, limit_slot_memory
from .template_proc import ns_pid, procs, reap_orphan, state, template_pid, tmp_state, vitals

RUNNER = Path(__file__).with_name("template_runner.py")
READY_SECONDS = 10.0


class TemplateBroken(Exception):
    """The template died, was tampered with, or left something behind: a fresh one is started."""


class TemplateChild:
    """The Popen-like handle of one forked worker (Attempt uses pid, wait, returncode)."""

    def __init__(self, template, pid):
        self.template, self.pid, self.returncode = template, pid, None
        self._pidfd = os.pidfd_open(pid)  # readable once it has exited; its pid is not reused before it is reaped

    def poll(self):
        if self.returncode is None and select.select([self._pidfd], [], [], 0)[0]:
            self._collect()
        return self.returncode

    def wait(self, timeout=None):
        if self.returncode is None:
            if not select.select([self._pidfd], [], [], timeout)[0]:
                raise subprocess.TimeoutExpired("template child", timeout)
            self._collect()
        return self.returncode

    def _collect(self):
        """The zombie's wait status (/proc/<pid>/stat's exit_code), told as bubblewrap tells a worker's (128 + a
        signal); then the template reaps it. SIGKILL where it cannot be read (the template died with it)."""
        status, fields = None, stat_fields(self.pid)
        try:
            status = int(fields[49]) if fields else None
        except (IndexError, ValueError):
            pass
        os.close(self._pidfd)
        if status is None:
            self.returncode = 128 + signal.SIGKILL
        else:
            self.returncode = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
        self.template.reap()


class Template:
    """One slot's template: started by `start`, replaced when broken."""

    def __init__(self, sandbox, slot):
        self.sandbox, self.slot = sandbox, slot
        self.proc = self.ctl = self.req = None  # its command, and the grader's ends of its two channels
        self.runner = None  # the runner folder its worker.py came from
        self.last_ns_pid = None

    def folder(self):
        cgroup = os.path.join(self.sandbox.cgroups.folder, f"slot-{self.slot}-template")  # removed as the slots are
        if not os.path.isdir(cgroup):
            os.mkdir(cgroup, 0o755)
        return cgroup

    def start(self, base, runner, build_argv, pass_fds=()):
        """Start it: `build_argv(ctl, req)` is its command, given the fds of its two channels. TemplateBroken where it
        does not start or cannot be placed; whatever raises (a Ctrl-C too) leaves nothing of it (stop)."""
        self.stop()
        cgroup = self.folder()
        try:
            said = self._launch(base, build_argv, pass_fds)
            if b"ready\n" not in said:
                raise TemplateBroken(f"the template did not start: {said[-300:]!r}")
            try:  # bubblewrap and the template in the template's cgroup, OOM score 1000 (inherited by every child)
                for pid in (self.proc.pid, template_pid(self.proc.pid)):
                    place(pid, os.path.join(cgroup, "cgroup.procs"))
            except (OSError, TypeError) as exc:
                raise TemplateBroken(f"the template could not be placed in its cgroup ({exc})")
            self.runner, self.last_ns_pid = runner, None
            self.members = set(procs(cgroup))
            self.vitals, self.tmp = vitals(template_pid(self.proc.pid)), tmp_state(template_pid(self.proc.pid))
        except BaseException:
            self.stop()
            raise

    def _launch(self, base, build_argv, pass_fds):
        """Its command started, the grader's ends of its channels open (ctl, req): what it said until it was ready
        (or READY_SECONDS passed). Its ends of the channels and of its output are closed whatever raises."""
        ctl_r, self.ctl = os.pipe()
        child_req, out = None, ()
        try:
            self.req, child_req = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            self.req.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
            out = os.pipe()
            self.proc = subprocess.Popen(build_argv(ctl_r, child_req.fileno()), stdin=subprocess.DEVNULL,
                                         stdout=out[1], stderr=out[1], cwd=str(base),
                                         env=self.sandbox.environment(base), start_new_session=True,
                                         pass_fds=(ctl_r, child_req.fileno(), *pass_fds))
        except BaseException:
            if out:
                os.close(out[0])
            raise
        finally:
            os.close(ctl_r)
            if child_req is not None:
                child_req.close()
            if out:
                os.close(out[1])
        said = b""
        deadline = time.monotonic() + READY_SECONDS
        try:
            while b"ready\n" not in said and time.monotonic() < deadline:
                if select.select([out[0]], [], [], max(0.0, deadline - time.monotonic()))[0]:
                    chunk = os.read(out[0], 4096)
                    if not chunk:
                        break
                    said += chunk
        finally:
            os.close(out[0])
        return said

    def check(self):
        """Raise TemplateBroken unless the template's sandbox is as it was (see the module's docstring)."""
        if self.proc is None or self.proc.poll() is not None:
            raise TemplateBroken("the template is not running")
        pid = template_pid(self.proc.pid)
        if pid is None or state(pid) in (None, "T", "t", "Z", "X"):  # stopped, traced, dead
            raise TemplateBroken("the template is stopped or gone")
        if set(procs(self.folder())) != self.members:
            raise TemplateBroken("something else runs beside the template")
        if vitals(pid) != self.vitals:
            raise TemplateBroken("the template's priority, CPUs, scheduling or limits were changed")
        try:
            # what it holds, and itself: its mode (0500: none writes there), owner and times (numbers told on)
            if os.listdir(f"/proc/{pid}/root/tmp") or self.tmp is None or tmp_state(pid) != self.tmp:
                raise TemplateBroken("a submission left files in /tmp, or changed its mode, owner or times")
        except OSError as exc:
            raise TemplateBroken(f"cannot look at the template's /tmp ({exc.strerror})")

    def fork(self, request_args, obs_fd, out_fd, later=None):
        """A fresh child, moved into the slot's cgroup, running worker.py with `request_args` (`later`: the channel
        of the drawn probes' names, late_names.py, its fds 3 and 4: template_runner.py)."""
        fds = (obs_fd, out_fd) if later is None else (obs_fd, out_fd, later.ready, later.names)
        try:
            os.write(self.ctl, b"f")
            self.req.sendmsg([("\0".join(request_args)).encode()], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, b"".join(
                fd.to_bytes(4, sys.byteorder) for fd in fds))])
        except OSError as exc:
            raise TemplateBroken(f"the template does not listen ({exc.strerror})")
        return self._moved()

    def _moved(self):
        ready = select.select([self.req], [], [], READY_SECONDS)[0]
        if not ready:
            raise TemplateBroken("the template's child did not answer")
        data, ancillary, _, _ = self.req.recvmsg(1, socket.CMSG_SPACE(12))
        host_pid = next((int.from_bytes(payload[:4], sys.byteorder) for level, kind, payload in ancillary
                         if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS), None)
        if data != b"r" or not host_pid:
            raise TemplateBroken("the template's child answered wrongly")
        inner = ns_pid(host_pid)
        if inner is None or (self.last_ns_pid is not None and inner != self.last_ns_pid + 1):
            os.kill(host_pid, signal.SIGKILL)
            raise TemplateBroken("a process or thread was made in the template's namespace since the last child")
        self.last_ns_pid = inner
        try:
            with open(self.sandbox.accounting.procs_file(self.slot), "w") as f:
                f.write(str(host_pid))
        except OSError as exc:
            raise TemplateBroken(f"the template's child could not be moved into the slot's cgroup ({exc})")
        child = TemplateChild(self, host_pid)
        try:
            self.req.sendall(b"g")
        except BaseException:
            os.close(child._pidfd)
            raise
        return child

    def reap(self):
        try:
            os.write(self.ctl, b"w")
        except OSError:  # the template is gone: the next start replaces it
            pass

    def stop(self):
        """Close the grader's ends of its channels; kill it, with everything in its cgroup and namespace, and reap it
        (the template itself too, which the grader adopts where bubblewrap dies first: template_proc.reap_orphan)."""
        for end in (self.ctl, self.req):
            try:
                if end is not None:
                    end.close() if hasattr(end, "close") else os.close(end)
            except OSError:
                pass
        self.ctl = self.req = None
        if self.proc is None:
            return
        inner = template_pid(self.proc.pid)  # looked for before it is killed: placed or not yet
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        kill_cgroup(self.folder())
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        else:
            reap_orphan(inner)
        self.proc = None


def template_argv(sandbox, slot, base, *, ctl, req, seccomp_fd, aslr_hop):
    """The worker's own command (Sandbox.command) made the template's: bubblewrap's command as pid 1,
    template_runner.py in place of worker.py."""
    argv = sandbox.command(slot, base, {}, seccomp_fd, aslr_hop=aslr_hop)
    at = argv.index(sandbox.bwrap)
    python = next(i for i in range(at, len(argv) - 1) if argv[i] == sandbox.python and argv[i + 1] == "-I")
    return (argv[:at] + [sandbox.bwrap, "--as-pid-1", "--ro-bind", str(RUNNER), "/template_runner.py"]
            + argv[at + 1:python]
            + [sandbox.python, "-I", "-S", "-B", "-u", "/template_runner.py", "worker=/runner/worker.py",
               f"ctl={ctl}", f"req={req}"])


class Templates:
    """The templates of a Sandbox's slots, and the fixed scratch folder each binds."""

    def __init__(self, sandbox, seccomp):
        self.sandbox, self.seccomp = sandbox, seccomp
        self.slots = {}  # slot -> Template

    @classmethod
    def create(cls, sandbox):
        """Templates for `sandbox`, or None where something that keeps the children apart is missing here: bubblewrap
        with a seccomp filter that also refuses what outlives a process in a shared namespace, and cgroup v2."""
        if not sandbox.bwrap or sandbox.cgroups is None or sandbox.seccomp is None:
            return None
        seccomp, _ = SeccompFilter.create(str(sandbox.root), lambda fd: [
            sandbox.bwrap, *namespaces(sandbox.features), "--die-with-parent",
            *system_binds(sandbox.python, features=sandbox.features), "--remount-ro", "/", "--seccomp", str(fd),
            sandbox.python, "-I", "-S"], denied=SHARED_NAMESPACE_DENIED, name="template-seccomp.bpf")
        return cls(sandbox, seccomp) if seccomp is not None else None

    def base(self, slot):
        return self.sandbox.root / f"template-{slot}"

    def owns(self, base):
        return Path(base).parent == self.sandbox.root and Path(base).name.startswith("template-")

    def prepare(self, slot, made):
        """The slot's fixed folder (a bind mount cannot follow a new one): work/ emptied and given the files of
        `made`, the scratch folder Sandbox.prepare made for this submission (then removed); runner/ linked."""
        base = self.base(slot)
        work = base / "work"
        if not work.is_dir():
            work.mkdir(parents=True)
            uid = self.sandbox.uid(slot)
            if uid is not None:
                for path in (base, work):
                    os.chown(path, uid, uid)
                os.chmod(base, 0o700)
        _empty(work)
        for entry in os.listdir(made / "work"):
            os.rename(made / "work" / entry, work / entry)
        runner_folder = os.readlink(made / "runner")
        link = base / "runner"
        if not link.is_symlink() or os.readlink(link) != runner_folder:
            if link.is_symlink():
                link.unlink()
            os.symlink(runner_folder, link)
        shutil.rmtree(made, ignore_errors=True)
        return base

    def cleanup(self, base):
        _empty(Path(base) / "work")

    def start(self, slot, base, request, obs_fd, out_fd, later=None):
        template = self.slots.get(slot)
        if template is None:
            template = self.slots[slot] = Template(self.sandbox, slot)
        runner = os.readlink(base / "runner")
        args = worker_arguments(dict(request, submission="/sandbox", runner="/runner", obs_fd=0))
        for attempt in range(2):
            try:
                if template.proc is None or template.runner != runner:
                    self._start(template, base, runner)
                else:
                    template.check()
                return template.fork(args, obs_fd, out_fd, later)
            except BaseException as exc:  # nothing left of this start: the template, nor what it forked for the run
                template.stop()
                self.sandbox.accounting.kill(slot)
                if attempt or not isinstance(exc, TemplateBroken):
                    raise
        raise AssertionError("unreachable")

    def _start(self, template, base, runner):
        sandbox = self.sandbox
        seccomp_fd = self.seccomp.open()
        try:
            with no_aslr_children() as done:
                template.start(base, runner, lambda ctl, req: template_argv(
                    sandbox, template.slot, base, ctl=ctl, req=req, seccomp_fd=seccomp_fd, aslr_hop=not done),
                    pass_fds=(seccomp_fd,))
        finally:
            os.close(seccomp_fd)

    def close(self):
        for template in self.slots.values():
            template.stop()
        self.slots.clear()


def _empty(folder):
    for entry in os.scandir(folder):
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            os.unlink(entry.path)


def sandbox_class(plain):
    """`plain` (grader.sandbox.Sandbox), or, when GRADE_WARM_TEMPLATE=1, it with a warm template per slot
    (open_sandbox asks); where the template cannot be used here, that one too runs a fresh worker per run."""
    return _with_templates(plain) if os.environ.get("GRADE_WARM_TEMPLATE") == "1" else plain


@functools.lru_cache(maxsize=None)
def _with_templates(sandbox_class):
    class TemplateSandbox(sandbox_class):
        def __init__(self, *args, **kwargs):
            self.templates = None
            super().__init__(*args, **kwargs)
            try:
                self.templates = Templates.create(self)
            except BaseException:  # nothing left behind, as by Sandbox.__init__
                self.close()
                raise

        def prepare(self, slot, files, runner_files):
            if self.templates is None:
                return super().prepare(slot, files, runner_files)
            return self.templates.prepare(slot, super().prepare(slot, files, runner_files))

        def start(self, slot, base, request, obs_write_fd, output_write_fd, later=None):
            if self.templates is None:
                return super().start(slot, base, request, obs_write_fd, output_write_fd, later)
            with self._live_lock:
                if self.stopping:
                    raise Interrupted("grading was interrupted")
                if self.cgroup_memory:
                    limit_slot_memory(self.cgroups.slot_folder(slot), self.limits)
                try:
                    self._live[slot] = proc = self.templates.start(slot, base, request, obs_write_fd,
                                                                   output_write_fd, later)
                    return proc
                except TemplateBroken:  # twice (a runner that does not start, say): this run's worker is fresh
                    pass
            return super().start(slot, base, request, obs_write_fd, output_write_fd, later)

        def cleanup(self, base):
            if self.templates is not None and self.templates.owns(base):
                return self.templates.cleanup(base)
            return super().cleanup(base)

        def close(self):
            if self.templates is not None:
                self.templates.close()
            super().close()

    return TemplateSandbox
