"""The default number of workers on machines other than this one: 1 core, 64 cores, a container's
quota, little memory (grader/machine_size.py). Each machine is simulated: its affinity, its cgroup
files and its memory are given to the functions (a machine's files as a dict's `get`: a path's text,
or None), never read from the machine the tests run on."""

import pytest

from grader import machine_size
from grader.machine_size import cgroup_cpu_quota, cgroup_memory_limit_mb, jobs_for


V2 = "0::/user.slice/grading\n"  # a process in a cgroup v2 hierarchy
V1 = "4:memory:/docker/abc\n3:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc\n"


@pytest.mark.parametrize("machine, cpus", [
    ({"/proc/self/cgroup": V2, "/sys/fs/cgroup/user.slice/grading/cpu.max": "200000 100000\n"}, 2.0),
    ({"/proc/self/cgroup": V2, "/sys/fs/cgroup/user.slice/grading/cpu.max": "max 100000\n",
      "/sys/fs/cgroup/user.slice/cpu.max": "150000 100000\n"}, 1.5),  # a parent's quota binds too
    ({"/proc/self/cgroup": V2, "/sys/fs/cgroup/user.slice/grading/cpu.max": "max 100000\n"}, None),
    ({"/proc/self/cgroup": V1, "/sys/fs/cgroup/cpu/docker/abc/cpu.cfs_quota_us": "400000\n",
      "/sys/fs/cgroup/cpu/docker/abc/cpu.cfs_period_us": "100000\n"}, 4.0),  # docker --cpus 4 on cgroup v1
    ({"/proc/self/cgroup": V1, "/sys/fs/cgroup/cpu/docker/abc/cpu.cfs_quota_us": "-1\n"}, None),
    ({}, None),  # no cgroups at all (macOS, a chroot without /proc)
])
def test_a_cgroup_cpu_quota_is_read_on_v1_v2_and_none(machine, cpus):
    assert cgroup_cpu_quota(machine.get) == cpus


@pytest.mark.parametrize("machine, mb", [
    ({"/proc/self/cgroup": V2, "/sys/fs/cgroup/user.slice/grading/memory.max": str(6 << 30)}, 6144),
    ({"/proc/self/cgroup": V2, "/sys/fs/cgroup/user.slice/grading/memory.max": "max"}, None),
    ({"/proc/self/cgroup": V1, "/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": "9223372036854771712"},
     None),  # cgroup v1's "no limit"
    ({"/proc/self/cgroup": V1, "/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes": str(4 << 30)}, 4096),
])
def test_a_cgroup_memory_limit_is_read_on_v1_and_v2(machine, mb):
    assert cgroup_memory_limit_mb(machine.get) == mb


@pytest.mark.parametrize("cpus, memory_mb, jobs", [
    (1, 24000, 2),  # one core: one worker, and one more for the grader's own waits
    (2, 24000, 3),  # two cores: three
    (2, 4096, 2),  # two cores, 4 GiB: two workers at 2 GiB each fit, not three
    (64, 262144, 65),  # 64 cores and plenty of memory
    (64, 16384, 8),  # 64 cores, 16 GiB: 8 workers at 2 GiB each, not 65
    (2, 1000, 1),  # less memory than one worker's limit: still one
    (8, None, 9),  # memory unknown: the CPUs decide
])
def test_the_default_jobs_fit_the_cpus_and_the_memory(cpus, memory_mb, jobs):
    assert jobs_for(cpus, memory_mb, 2048) == jobs


def test_usable_cpus_follow_the_affinity_and_the_quota(monkeypatch):
    # a 64-core host, this process pinned to 3 of them (taskset), in a container with --cpus 2
    monkeypatch.setattr(machine_size.os, "cpu_count", lambda: 64)
    monkeypatch.setattr(machine_size.os, "sched_getaffinity", lambda pid: {5, 6, 7}, raising=False)
    monkeypatch.setattr(machine_size, "_read", {"/proc/self/cgroup": V2}.get)
    assert machine_size.usable_cpus() == 3
    monkeypatch.setattr(machine_size, "_read", {"/proc/self/cgroup": V2,
                                                "/sys/fs/cgroup/user.slice/grading/cpu.max": "200000 100000"}.get)
    assert machine_size.usable_cpus() == 2
    monkeypatch.setattr(machine_size, "_read", {"/proc/self/cgroup": V2,
                                                "/sys/fs/cgroup/user.slice/grading/cpu.max": "50000 100000"}.get)
    assert machine_size.usable_cpus() == 1  # half a CPU: one worker
    monkeypatch.delattr(machine_size.os, "sched_getaffinity", raising=False)  # macOS: no affinity
    monkeypatch.setattr(machine_size, "_read", {}.get)
    assert machine_size.usable_cpus() == 64


@pytest.mark.slow  # grades in the sandbox
def test_grading_without_jobs_uses_the_default(monkeypatch, tmp_path):
    # `grade` without -j asks machine_size (a 1-core machine here), and grades the same
    import grader.pipeline

    asked = []
    monkeypatch.setattr(grader.pipeline, "default_jobs", lambda memory_mb: asked.append(memory_mb) or 1)
    (tmp_path / "class" / "a").mkdir(parents=True)
    (tmp_path / "class" / "a" / "engine.py").write_text("class Value:\n    pass\n")
    result = grader.pipeline.grade(tmp_path / "class", cache_dir=tmp_path / "cache")
    assert asked == [2048]
    assert [row["id"] for row in result.scores["submissions"]] == ["a"]


@pytest.mark.slow  # grades in the sandbox, twice
def test_more_workers_than_fit_in_memory_are_warned_of(monkeypatch, tmp_path):
    # an explicit -j on a machine with 6 GiB available: 4 workers at 2 GiB each may not fit
    from click.testing import CliRunner

    from grader.cli import main

    monkeypatch.setattr(machine_size, "available_memory_mb", lambda: 6144)
    (tmp_path / "class" / "a").mkdir(parents=True)
    (tmp_path / "class" / "a" / "engine.py").write_text("class Value:\n    pass\n")
    args = [str(tmp_path / "class"), "-o", str(tmp_path / "scores.json"), "--no-cache", "-q"]
    warned = CliRunner().invoke(main, args + ["-j", "4"])
    assert warned.exit_code == 0, warned.output
    assert ("warning: 4 workers may each use up to 2048 MiB (8192 MiB in all), more than the 6144 MiB available: "
            "when they do, the kernel kills some, and their rows say `crashed`. Use -j 3 or a lower --memory"
            ) in warned.stderr
    quiet = CliRunner().invoke(main, args + ["-j", "3"])
    assert "MiB available" not in quiet.stderr
