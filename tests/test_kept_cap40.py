"""The kept files of the walks and the variant book are capped (grader/boot_files.py's trim_entries): once a file
is over its cap it is rewritten with its newest entries only, each name once, atomically (os.replace), and read back
whole; what was dropped is observed again, so a warm run gives the cold run's rows byte for byte. The walks' reader
holds each name once (boot_files.read_added keeps nothing of what it reads)."""

import json
import os
import shutil

import pytest
from costs import slow_fixture

import grader.diagnose.book as book
from grader import boot_files
from grader.diagnose import walk_book, walks, walks_kept
from grader.diagnose.book import Kept
from grader.pipeline import grade
from grader.suites import load_suite
from test_book26 import BATCH, LIMITS, STRANGERS


def _line(name, value):
    return (json.dumps([name, value]) + "\n").encode()


def test_a_file_over_its_cap_keeps_its_newest_entries_each_once_in_half_the_cap(tmp_path):
    path = str(tmp_path / "kept.jsonl")
    first = {f"n{i}": {"status": "ok", "values": {"x": [float(i)] * 4}} for i in range(10)}
    boot_files.append_entries(path, first)
    size = os.path.getsize(path)
    line = len(_line("n0", first["n0"]))  # every line of `first` is this long (n0..n9, one digit each)
    assert size == 10 * line
    boot_files.append_entries(path, {}, cap=size)  # nothing appended, not over the cap: not rewritten
    inode = os.stat(path).st_ino
    boot_files.append_entries(path, {"n3": "again"}, cap=size + 16)  # not over: appended, the file as it was
    assert os.stat(path).st_ino == inode and os.path.getsize(path) == size + len(_line("n3", "again"))
    with open(path, "ab") as f:
        f.write(b'["cut", {"status": "o\nnot json\n')  # a write cut short, a line that is no entry
    # over the cap now: n3's last value is the newest line; the newest that fit in 5 lines' bytes are kept, once
    boot_files.append_entries(path, {"n10": {"status": "ok", "values": {"x": [10.0] * 4}}}, cap=10 * line)
    with open(path, "rb") as f:
        data = f.read()
    assert os.stat(path).st_ino != inode and oct(os.stat(path).st_mode & 0o777) == "0o600"
    assert data == b"".join(_line(n, first[n]) for n in ("n7", "n8", "n9")) + _line("n3", "again") \
        + _line("n10", {"status": "ok", "values": {"x": [10.0] * 4}})
    assert len(data) <= 10 * line // 2
    assert list(boot_files.read_appended(path)) == ["n7", "n8", "n9", "n3", "n10"]
    assert sorted(os.listdir(tmp_path)) == ["kept.jsonl"]  # no temporary left beside it


def test_a_rewrite_that_cannot_be_written_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    path = str(tmp_path / "kept.jsonl")
    boot_files.append_entries(path, {f"n{i}": i for i in range(20)})
    before = open(path, "rb").read()

    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(boot_files.os, "replace", full)
    boot_files.append_entries(path, {"n20": 20}, cap=40)
    assert open(path, "rb").read() == before + _line("n20", 20)
    assert sorted(os.listdir(tmp_path)) == ["kept.jsonl"]


def test_the_walks_reader_holds_each_name_once_and_reads_a_trimmed_file_whole(tmp_path):
    path = str(tmp_path / "walks.jsonl")
    seen_key = json.dumps(["seen", "w", 0, "p", 0])
    boot_files.append_entries(path, {seen_key: {"status": "ok", "values": {"x": 1.0}},
                                     json.dumps(["made", "w", "p"]): 3})
    seen, made, _ = walks_kept._kept_file(path)
    assert seen == {("w", 0, "p", 0): {"status": "ok", "values": {"x": 1.0}}} and made == {("w", "p"): 3}
    assert path not in boot_files._APPENDED  # the JSON names are not held beside the tuples
    assert walks_kept._kept_file(path)[0] is seen  # nothing appended: nothing read again
    boot_files.append_entries(path, {json.dumps(["made", "w", "q"]): 4}, cap=10 ** 6)
    assert walks_kept._kept_file(path)[1] == {("w", "p"): 3, ("w", "q"): 4}
    # trimmed to its newest entry: read whole, what the older lines held is gone (observed again where needed)
    boot_files.append_entries(path, {json.dumps(["made", "w", "r"]): 5}, cap=70)  # its line: 32 bytes
    assert walks_kept._kept_file(path) == ({}, {("w", "r"): 5}, {})


def test_a_walks_book_over_its_cap_gives_what_a_cold_one_gives(tmp_path, monkeypatch):
    """A WalkBook whose kept file was trimmed (a cap of a few lines) reads what is left and observes the rest again:
    every observation is the one a book without a file makes."""
    suite = load_suite("engine")
    probes = suite.probe_names[:2]
    walk = next(w for w in walks.WALKS if w.name.startswith("no-visited"))
    cold = walk_book.WalkBook(suite)
    expected = [cold.observe(walk, k, probe, mask) for k in range(len(walk_book.ORDERS)) for probe in probes
                for mask in range(4)]
    path = str(tmp_path / "walks.jsonl")
    monkeypatch.setattr(walk_book, "KEPT_CAP", 1000)
    first = walk_book.WalkBook(suite, path)
    assert [first.observe(walk, k, probe, mask) for k in range(len(walk_book.ORDERS)) for probe in probes
            for mask in range(4)] == expected
    first.keep()
    with open(path, "rb") as f:
        lines = f.read().splitlines()
    assert 0 < len(lines) < len(expected) and sum(len(line) + 1 for line in lines) <= 500
    warm = walk_book.WalkBook(suite, path)
    assert [warm.observe(walk, k, probe, mask) for k in range(len(walk_book.ORDERS)) for probe in probes
            for mask in range(4)] == expected


@pytest.fixture
def runtime(tmp_path):
    folder = tmp_path / "runtime"
    folder.mkdir(mode=0o700)
    return folder


def _rows(monkeypatch, runtime, folder, cache_dir):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.delenv("GRADE_HOST_FACTS", raising=False)
    monkeypatch.setattr(book, "KEPT", Kept())  # a new process: nothing in its memo, the boot's file read
    result = grade(folder, exercise="02-accumulate", limits=LIMITS, jobs=2, cache_dir=cache_dir)
    return json.dumps(result.scores["submissions"], sort_keys=True)


@slow_fixture
def capped(tmp_path, runtime):
    """The batch graded cold, then warm from a book's kept file trimmed to a cap of 4,000 bytes."""
    folder = tmp_path / "subs"
    for name in BATCH:
        shutil.copytree(STRANGERS / name, folder / name)
    trims = []
    real_trim = boot_files.trim_entries
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(book, "KEPT_CAP", 4000)
        monkeypatch.setattr(boot_files, "trim_entries", lambda path, cap: trims.append(
            (os.path.getsize(path), cap)) or real_trim(path, cap))
        cold = _rows(monkeypatch, runtime, folder, tmp_path / "cache1")
        kept = list((runtime / "micrograd-grader").glob("book-*.jsonl"))
        warm = _rows(monkeypatch, runtime, folder, tmp_path / "cache2")
    return cold, warm, kept, trims


def test_a_warm_batch_from_a_capped_book_gives_the_cold_rows_byte_for_byte(capped):
    cold, warm, kept, trims = capped
    assert warm == cold
    assert any(cap == 4000 < size for size, cap in trims)  # the book's file was cut (the walks' has its own cap)
    assert [d["variant"] for d in json.loads(cold)[0]["diagnosis"] + json.loads(cold)[1]["diagnosis"]] \
        in (["forward-order", "mul-self-data"], ["mul-self-data", "forward-order"])
    assert kept and all(0 < os.path.getsize(path) <= 4000 for path in kept)
