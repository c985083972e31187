"""How much of this machine a grader may use: the CPUs it may run on and the memory it may fill.

`os.cpu_count()` counts the host's CPUs, not this process's: under `taskset`, in a container
started with `--cpus 2` or `--cpuset-cpus`, on a CI runner that is a slice of a 64-core host, it
says 64 where 2 are ours. Workers far beyond the CPUs we have only wait (and, since limits are CPU
time, wait in vain: see docs/security.md); workers beyond the memory we have are killed by the
kernel. So the default number of workers is the CPUs this process may use (its affinity, capped by
a cgroup CPU quota) plus one, no more than fit in the memory available at their memory limit (the
machine's, capped by a cgroup memory limit). Every count is at least 1.

The one more: a slot's core is not a worker's all the time. Between two submissions, and while a
worker starts, the slot waits for the grader's own process (its go, the end of the last worker, the
next scratch folder), and that process also judges the rows as they arrive (pipeline_rows.py) in a
thread that shares one GIL with the observing threads. With one worker per CPU those waits leave a
core idle; a worker more fills them (docs/architecture.md, "Where the time goes": 200 submissions
on 2 cores, --jobs 3 against 2).
"""

import os

_UNLIMITED = ("max", "-1", "")


def usable_cpus():
    """CPUs this process may use: its affinity, capped by its cgroup's CPU quota (whole CPUs, at least 1)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # macOS, Windows: no affinity to read
        cpus = os.cpu_count() or 1
    quota = cgroup_cpu_quota(_read)
    return max(1, min(cpus, int(quota)) if quota is not None else cpus)


def available_memory_mb():
    """Memory this process may fill, in MiB: MemAvailable, capped by its cgroup's limit; None if unknown."""
    known = [m for m in (_meminfo_available_mb(_read("/proc/meminfo")), cgroup_memory_limit_mb(_read)) if m]
    return min(known) if known else None


def default_jobs(memory_mb):
    """Workers at once when `-j` is not given: one per usable CPU and one more, no more than fit in
    memory at `memory_mb` each (the sandbox's address-space limit)."""
    return jobs_for(usable_cpus(), available_memory_mb(), memory_mb)


def memory_warning(jobs, memory_mb):
    """What to say when `jobs` workers at `memory_mb` each may not fit in the memory available, or None."""
    available = available_memory_mb()
    if available is None or jobs * memory_mb <= available:
        return None
    return (f"{jobs} workers may each use up to {memory_mb} MiB ({jobs * memory_mb} MiB in all), more than the "
            f"{available} MiB available: when they do, the kernel kills some, and their rows say `crashed`. Use "
            f"-j {max(1, available // memory_mb)} or a lower --memory")


def jobs_for(cpus, memory_available_mb, memory_mb):
    jobs = cpus + 1  # the one more: see the module's text
    if memory_available_mb is not None and memory_mb:
        jobs = min(jobs, memory_available_mb // memory_mb)
    return max(1, int(jobs))


# -- cgroup v2 (cpu.max, memory.max) and v1 (cpu.cfs_quota_us, memory.limit_in_bytes) -----------------


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def _own_cgroups(read):
    """{controller or "": path} of this process's cgroups, from /proc/self/cgroup ("" is cgroup v2)."""
    found = {}
    for line in (read("/proc/self/cgroup") or "").splitlines():
        parts = line.split(":", 2)
        if len(parts) == 3:
            for controller in parts[1].split(","):
                found[controller] = parts[2]
    return found


def own_cgroup_v2():
    """This process's cgroup v2 path (`/user.slice/...`), or None where it has none."""
    return _own_cgroups(_read).get("")


def _candidates(read, v2_file, v1_controller, v1_file):
    """The files that may hold a limit of this process's cgroup, its own first, then its parents'."""
    cgroups = _own_cgroups(read)
    paths = []
    if "" in cgroups:
        paths += [("v2", f"/sys/fs/cgroup{p}/{v2_file}") for p in _ancestors(cgroups[""])]
    if v1_controller in cgroups:
        for root in (f"/sys/fs/cgroup/{v1_controller}", "/sys/fs/cgroup/cpu,cpuacct"):
            paths += [("v1", f"{root}{p}/{v1_file}") for p in _ancestors(cgroups[v1_controller])]
    return paths


def _ancestors(path):
    parts = [p for p in path.split("/") if p]
    return ["/" + "/".join(parts[:i]) if i else "" for i in range(len(parts), -1, -1)]


def cgroup_cpu_quota(read):
    """The tightest CPU quota over this process's cgroup and its parents, in CPUs (1.5 for
    `--cpus 1.5`), or None when there is none. `read(path)`: a file's text or None."""
    quotas = []
    for version, path in _candidates(read, "cpu.max", "cpu", "cpu.cfs_quota_us"):
        text = read(path)
        if text is None:
            continue
        if version == "v2":
            fields = text.split()
            if len(fields) == 2 and fields[0] not in _UNLIMITED:
                quotas.append(int(fields[0]) / int(fields[1]))
        elif text.strip() not in _UNLIMITED:
            period = read(path.replace("cpu.cfs_quota_us", "cpu.cfs_period_us"))
            if period and int(period) > 0:
                quotas.append(int(text) / int(period))
    return min(quotas) if quotas else None


def cgroup_memory_limit_mb(read):
    """The tightest memory limit over this process's cgroup and its parents, in MiB, or None."""
    limits = []
    for _, path in _candidates(read, "memory.max", "memory", "memory.limit_in_bytes"):
        text = (read(path) or "").strip()
        # v1 writes "no limit" as a number near 2**63
        if text and text not in _UNLIMITED and text.isdigit() and int(text) < 1 << 60:
            limits.append(int(text) >> 20)
    return min(limits) if limits else None


def _meminfo_available_mb(text):
    for line in (text or "").splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) >> 10
    return None
