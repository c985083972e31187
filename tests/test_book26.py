"""The variant book's in-process results, kept for the whole process (grader/diagnose/book.py, Kept) and for
the boot (the book's kept file).

A second batch in the same process reuses the engines compiled and the observations made by the first, and
its rows are the rows a fresh process gives, field by field; each kept observation is the one a fresh engine
gives; the memo is bounded and keyed by the suite's digest. A new process of the same boot reads what the first
batch kept in the boot's folder: it compiles and observes none of the engines, and gives the same rows.
"""

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from costs import slow_fixture

import grader.diagnose.book as book
from grader.diagnose import stored
from grader.diagnose.book import Kept, VariantBook
from grader.pipeline import grade
from grader.sandbox import Limits
from grader.suites import load_suite
from grader.variants import VARIANTS, engine_class

STRANGERS = Path(__file__).parent / "fixtures" / "strangers"
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)
# two engines whose 02-accumulate diagnosis is a variant matched up to style: the book runs styles in process
BATCH = ["bug-stack-forward-order", "bug-tinygrad-mul-self-data"]


def _counting(monkeypatch, calls):
    real_class, real_observe = book.engine_class, book.observe_in_process

    def compiled(*args):
        calls["compiled"] += 1
        return real_class(*args)

    def observed(*args):
        calls["observed"] += 1
        return real_observe(*args)

    monkeypatch.setattr(book, "engine_class", compiled)
    monkeypatch.setattr(book, "observe_in_process", observed)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory):
    """The module's own XDG_RUNTIME_DIR (tests/conftest.py's boot_folder): the per-boot folder is empty at the
    first batch."""
    folder = tmp_path_factory.mktemp("runtime")
    folder.chmod(0o700)
    return folder


def _graded(monkeypatch, runtime, folder, cache_dir):
    """(rows, calls) of the batch graded with a memo of its own process (book.KEPT) and the boot's folder."""
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.delenv("GRADE_HOST_FACTS", raising=False)
    calls = {"compiled": 0, "observed": 0}
    _counting(monkeypatch, calls)
    result = grade(folder, exercise="02-accumulate", limits=LIMITS, jobs=2, cache_dir=cache_dir)
    return {row["id"]: row for row in result.scores["submissions"]}, calls


@slow_fixture(scope="module")
def twice(tmp_path_factory, runtime):
    """The batch graded twice in one process from an empty memo: (rows, calls) of each batch, the memo."""
    folder = tmp_path_factory.mktemp("book26") / "subs"
    for name in BATCH:
        shutil.copytree(STRANGERS / name, folder / name)
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(book, "KEPT", Kept())
        batches = [_graded(monkeypatch, runtime, folder, tmp_path_factory.mktemp(f"cache{n}")) for n in (1, 2)]
        return batches, book.KEPT, folder


def test_a_new_process_of_the_boot_compiles_and_observes_nothing_and_gives_the_same_rows(twice, runtime,
                                                                                          tmp_path_factory):
    (first, first_calls), _ = twice[0]
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(book, "KEPT", Kept())  # a new process: nothing in its memo
        again, calls = _graded(monkeypatch, runtime, twice[2], tmp_path_factory.mktemp("cache3"))
    assert first_calls["compiled"] > 0 and calls == {"compiled": 0, "observed": 0}
    assert sorted(again) == BATCH
    for sid in BATCH:
        assert json.dumps(again[sid], sort_keys=True) == json.dumps(first[sid], sort_keys=True), sid
    kept = list((runtime / "micrograd-grader").glob("book-*.jsonl"))  # appended: a line an observation
    lines = kept[0].read_text().splitlines() if len(kept) == 1 else []
    assert len(kept) == 1 and len(lines) == len({json.loads(line)[0] for line in lines}) == first_calls["observed"]


def test_second_batch_rows_are_the_first_field_by_field(twice):
    (first, _), (second, _) = twice[0]
    assert sorted(first) == sorted(second) == BATCH
    for sid in BATCH:
        assert sorted(first[sid]) == sorted(second[sid])
        for field in first[sid]:
            assert json.dumps(second[sid][field], sort_keys=True) == json.dumps(first[sid][field], sort_keys=True), \
                (sid, field)
    assert [d["variant"] for d in first["bug-stack-forward-order"]["diagnosis"]] == ["forward-order"]
    assert [d["variant"] for d in first["bug-tinygrad-mul-self-data"]["diagnosis"]] == ["mul-self-data"]


def test_second_batch_compiles_and_observes_nothing(twice):
    (_, first_calls), (_, second_calls) = twice[0]
    assert first_calls["compiled"] > 0 and first_calls["observed"] > 0
    assert second_calls == {"compiled": 0, "observed": 0}
    kept = twice[1]
    # what the first batch kept, less what it read from the suite's stored styled observations (stored.load_styled)
    from_suite = stored.load_styled(load_suite("02-accumulate"))
    observed = [key for observations in kept.suites.values() for key in observations
                if VariantBook._entry(*key) not in from_suite]
    assert first_calls == {"compiled": len(kept.engines), "observed": len(observed)}


def test_every_kept_observation_is_a_fresh_engines(twice):
    kept = twice[1]
    suite = load_suite("02-accumulate")
    assert list(kept.suites) == [suite.digest]
    for ((label, source), probe), observation in kept.suites[suite.digest].items():
        fresh = book.observe_in_process(engine_class(source, label), getattr(suite.probes, probe))
        assert json.dumps(fresh, sort_keys=True) == json.dumps(observation, sort_keys=True), (label, probe)


def _book(suite):
    return VariantBook(suite, {v.name: {"status": "ok", "probes": {}} for v in VARIANTS})


def test_kept_is_keyed_by_the_suites_digest_and_bounded(monkeypatch):
    calls = {"compiled": 0, "observed": 0}
    _counting(monkeypatch, calls)
    monkeypatch.setattr(book, "KEPT", Kept())
    suite = load_suite("02-accumulate")
    variant, probe = VARIANTS[0], suite.probe_names[0]
    first = _book(suite).styled(variant, probe)
    made = dict(calls)
    assert made["compiled"] > 0 and made["observed"] == made["compiled"] == len(first)
    assert _book(suite).styled(variant, probe) == first and calls == made
    # another digest (the probes' code changed): compiled engines reused, every observation made again
    other = replace(suite, digest="0" * 64)
    assert _book(other).styled(variant, probe) == first
    assert calls == {"compiled": made["compiled"], "observed": 2 * made["observed"]}
    assert list(book.KEPT.suites) == [suite.digest, other.digest]
    # at most SUITES suites: the one used longest ago goes first
    monkeypatch.setattr(Kept, "SUITES", 1)
    _book(suite).styled(variant, probe)
    assert list(book.KEPT.suites) == [suite.digest]
    assert calls["observed"] == 2 * made["observed"]


def test_past_its_bounds_the_book_computes_and_keeps_nothing(monkeypatch):
    full = Kept()
    full.ENGINES = full.OBSERVATIONS = 0
    monkeypatch.setattr(book, "KEPT", full)
    suite = load_suite("02-accumulate")
    variant, probe = VARIANTS[0], suite.probe_names[0]
    observations = _book(suite).styled(variant, probe)
    assert book.KEPT.engines == {} and book.KEPT.suites == {suite.digest: {}}
    monkeypatch.setattr(book, "KEPT", Kept())
    assert _book(suite).styled(variant, probe) == observations and len(book.KEPT.engines) == len(observations)


def test_the_kept_file_is_appended_to_and_read_once_per_process(tmp_path, monkeypatch):
    from grader import boot_files

    path = str(tmp_path / "book.jsonl")
    assert boot_files.read_appended(path) == {}
    boot_files.append_entries(path, {"a": {"status": "ok", "values": {"x": 1.5}}})
    assert boot_files.read_appended(path) == {"a": {"status": "ok", "values": {"x": 1.5}}}
    assert oct((tmp_path / "book.jsonl").stat().st_mode & 0o777) == "0o600"
    # another process appends; this one reads only the new line (what it read before is not parsed again)
    boot_files.append_entries(path, {"b": {"status": "error", "error": "TypeError: no"}})
    parsed = []
    real_loads = boot_files.json.loads
    monkeypatch.setattr(boot_files.json, "loads", lambda text: parsed.append(text) or real_loads(text))
    line_b = b'["b", {"status": "error", "error": "TypeError: no"}]'
    value_b = b'{"status": "error", "error": "TypeError: no"}'  # parsed by json.loads; the name by json's scanner
    assert sorted(boot_files.read_appended(path)) == ["a", "b"] and parsed == [value_b] and value_b in line_b
    assert boot_files.read_appended(path)["b"] == {"status": "error", "error": "TypeError: no"} and parsed == [value_b]
    # a line cut short (a full disk) is skipped, one still being written waits for its end
    with open(path, "ab") as f:
        f.write(b'["c", {"status": "o\n["d", {"status": "ok", "values": {}}]\n["e", {"sta')
    assert sorted(boot_files.read_appended(path)) == ["a", "b", "d"]
    with open(path, "ab") as f:
        f.write(b'tus": "ok", "values": {}}]\n')
    assert sorted(boot_files.read_appended(path)) == ["a", "b", "d", "e"]
    # another file in its place (a new boot's) is read whole
    (tmp_path / "book.jsonl").unlink()
    boot_files.append_entries(path, {"f": {"status": "ok", "values": {}}})
    assert boot_files.read_appended(path) == {"f": {"status": "ok", "values": {}}}


def test_a_kept_file_read_a_line_at_a_time_reads_what_one_json_array_of_its_lines_reads(tmp_path, monkeypatch):
    """boot_files._entries parses a line's name and its value apart, each distinct value once (session 39: the walks'
    file of the engine suite holds 17,500 observations of 285 distinct values): a line of another spelling (spaces,
    a name that is not a string, three items, a name with quotes and a backslash, a value that is a bare string or
    a nested list) reads as json.loads reads the whole line, a name written twice keeps its first place and its
    last value, and the values of one text are one object."""
    from grader import boot_files

    lines = [b'["a", {"status": "ok", "values": {"x": 1.5}}]', b'[ "b" ,{"status":"ok","values":{"x":1.5}} ]  ',
             b'[1, {"status": "ok"}]', b'["c", 1, 2]', b'["d\\"\\\\", "text ] with a bracket"]', b'["e", [[1], [2]]]',
             b'["a", {"status": "ok", "values": {"x": 2.5}}]', b'  ["f", null]', b'["g", {"status": "ok", "values": {"x": 1.5}}]',
             b'["h", [1, 2]', b'["i", ', b'', b'["j", {"status": "o["k", 2]',
             b'["l", {"status": "ok", "values": {"x": 1.5}}]',
             # names spelt as the book's are (escaped NULs) or otherwise: raw UTF-8, \\u escapes, a raw tab and a bad
             # escape (both refused by json.loads, so skipped), a quote escaped at the end
             b'["style x\\u0000ab\\u0000numeric", 1]', '["\u00e9t\u00e9", 2]'.encode(), b'["\\u00e9\\ud83d\\ude00", 3]',
             b'["tab\there", 4]', b'["bad\\x", 5]', b'["q\\"", 6]', b'["\\\\", 7]']
    path = tmp_path / "kept.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    read = boot_files.read_appended(str(path))
    whole = {}
    for line in lines:  # the reading before session 39's, line by line
        try:
            pair = json.loads(line)
        except ValueError:
            continue
        if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str):
            whole[pair[0]] = pair[1]
    assert read == whole and list(read) == list(whole) == ["a", "b", 'd"\\', "e", "f", "g", "l", "style x\0ab\0numeric",
                                                           "\u00e9t\u00e9", "\u00e9\U0001f600", 'q"', "\\"]
    assert read["a"] == {"status": "ok", "values": {"x": 2.5}} and read['d"\\'] == "text ] with a bracket"
    assert read["l"] is read["g"] and read["b"] == read["g"] and read["a"] is not read["g"]
    # the lines appended in the parts append_entries writes (one line longer than a part is written alone)
    monkeypatch.setattr(boot_files, "_WRITTEN", 60)
    written = []
    real_write = boot_files.os.write
    monkeypatch.setattr(boot_files.os, "write", lambda fd, data: written.append(bytes(data)) or real_write(fd, data))
    more = {"m": "x" * 100, "n": 1, "o": 2, "p": {"values": [3.0]}}
    boot_files.append_entries(str(path), more)
    assert [w.count(b"\n") for w in written] == [1, 3] and all(w.endswith(b"\n") for w in written)
    assert {k: v for k, v in boot_files.read_appended(str(path)).items() if k in more} == more


def test_the_walks_kept_file_replaced_by_a_longer_one_is_read_whole(tmp_path):
    """diagnose/walks_kept._kept_file converts only the entries appended since its last read; another file in the kept
    file's place (a new inode) is read whole even when it holds as many entries as were read, or more (it counted
    entries before: a replacing file as long as the old one kept the old file's observations, review31)."""
    from grader import boot_files
    from grader.diagnose import walks_kept

    path = str(tmp_path / "walks.jsonl")
    boot_files.append_entries(path, {json.dumps(["seen", "w", 0, "p", 0]): {"status": "ok", "values": {"x": 1.0}}})
    seen, _, _ = walks_kept._kept_file(path)
    assert seen == {("w", 0, "p", 0): {"status": "ok", "values": {"x": 1.0}}}
    other = str(tmp_path / "other.jsonl")  # made while the first exists, so another inode, then put in its place
    boot_files.append_entries(other, {json.dumps(["seen", "w", 0, "p", 0]): {"status": "ok", "values": {"x": 2.0}},
                                      json.dumps(["made", "w", "p"]): 7})
    os.replace(other, path)
    seen, made, _ = walks_kept._kept_file(path)
    assert seen == {("w", 0, "p", 0): {"status": "ok", "values": {"x": 2.0}}} and made == {("w", "p"): 7}


def test_a_walks_mask_alike_to_one_run_is_taken_from_it_and_is_what_running_it_gives(monkeypatch):
    """WalkBook.runs takes a mask's observation from the run of a smaller mask that differs from it only in bits of
    nodes of fewer than two children (session 39: a first batch of 100 ran 17,524 walks, 1,834 now): on every probe
    of the engine suite that makes more than two nodes, the walks with no visited set give each mask what running
    that mask gives, and run fewer masks than there are."""
    from grader.diagnose import walk_book, walks
    from grader.suites import load_suite

    suite = load_suite("engine")
    last = len(walk_book.ORDERS) - 1
    ran = []
    real = walk_book.observe_in_process
    monkeypatch.setattr(walk_book, "observe_in_process", lambda cls, probe: ran.append(cls._mask) or real(cls, probe))
    book, every = walk_book.WalkBook(suite), walk_book.WalkBook(suite)
    probes = suite.probe_names[:3]
    checked = 0
    for walk in (w for w in walks.WALKS if w.name.startswith("no-visited")):
        for probe in probes:
            ran.clear()
            observations = list(book.runs(walk, probe))[last:]
            masks_run = len(ran) - last
            made = book._made[(walk.name, probe)]
            masks = 1 << min(walk_book.MASK_BITS, made)
            assert observations == [every.observe(walk, last, probe, mask) for mask in range(masks)]
            if made > 2:
                checked += 1
                assert masks_run < masks
    assert checked
