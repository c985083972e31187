"""The boot's kept files (grader/boot_files.py) are named by the content and relative paths of the grader's, the
suite's and the reference's files, not by where the checkout is: a second copy of the same tree at another path
reads what the first kept and builds nothing, while any changed byte (or renamed file) builds anew. Session 39:
the digests held each file's absolute path, and every new checkout, venv or CI folder built them again (12.8 s of
CPU for the fixtures' first batch; bench/boot_copies.py)."""

import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture

from grader import boot_files

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_boot_copies", ROOT / "bench" / "boot_copies.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

BATCH = ["bug-mul-self-data", "bug-no-seed"]  # a variant each: the diagnosis walks and runs the book


@pytest.fixture
def digests(monkeypatch, boot_folder):
    """digests(grader folder): (set tag, the engine suite's source digest, where its walks are kept) as a process
    whose grader is that folder computes them (boot_files' digests are per process: their memos are cleared)."""

    def clear():
        for memo in (boot_files._grader_hash, boot_files.set_tag, boot_files.source_digest):
            memo.cache_clear()

    def of(grader):
        monkeypatch.setattr(boot_files, "_GRADER", grader)
        clear()
        suite = grader / "suites" / "engine"
        return boot_files.set_tag(), boot_files.source_digest(str(suite)), boot_files.boot_path("walks", suite)

    yield of
    clear()


def _copy(tmp_path, name):
    return shutil.copytree(ROOT / "grader", tmp_path / name / "grader", ignore=shutil.ignore_patterns("__pycache__"))


def test_two_copies_at_two_paths_name_the_same_kept_files(tmp_path, digests, boot_folder):
    a, b = _copy(tmp_path, "a"), _copy(tmp_path, "elsewhere/b")
    first = digests(a)
    assert digests(b) == first
    assert Path(first[2]).parent == boot_folder and Path(first[2]).name.startswith(f"walks-{first[0]}-")


def test_a_changed_byte_renamed_or_added_file_is_another_digest(tmp_path, digests):
    # the set tag is in every kept file's name (boot_sets.kept_path: the walks, the book, the mistakes, the draws,
    # the dry runs, a check's verdicts): a new tag builds them all anew, a new key the one of that suite
    a, b = _copy(tmp_path, "a"), _copy(tmp_path, "b")
    tag, source, walks = digests(a)
    code = b / "judge" / "drawn.py"
    text = code.read_bytes()
    code.write_bytes(text.replace(b"\n", b" \n", 1))  # one byte more in the grader's Python: a new set
    changed = digests(b)
    assert changed[0] != tag and changed[1] != source and changed[2] != walks
    code.write_bytes(text)
    assert digests(b) == (tag, source, walks)
    ini = b / "judge" / "pytest.ini"  # the judge's pytest settings, which every dry run reads: a new set too
    ini.write_bytes(ini.read_bytes() + b"\n")
    assert digests(b)[0] != tag
    ini.write_bytes(ini.read_bytes()[:-1])
    data = b / "suites" / "engine" / "variant_runs.json"
    stored = data.read_bytes()
    data.write_bytes(stored[:-1] + bytes([stored[-1] ^ 1]))  # a byte of the suite's stored runs: the same set,
    changed = digests(b)  # another key
    assert changed[0] == tag and changed[1] != source and changed[2] != walks
    data.write_bytes(stored)
    data.rename(data.with_name("variant_runs2.json"))  # the same bytes under another name
    assert digests(b)[1:] != (source, walks)
    data.with_name("variant_runs2.json").rename(data)
    (b / "suites" / "engine" / "extra.txt").write_bytes(b"")  # a file more, empty
    assert digests(b)[1:] != (source, walks)


@slow_fixture(scope="module")
def batches(tmp_path_factory):
    """The batch graded twice, each in a process of its own with a boot folder shared: by copy A of the checkout,
    then by copy B at another path. Each (CPU seconds, rows' JSON, kept files made, lines appended to kept files).
    (A changed byte of the grader's Python is another set tag, test_a_changed_byte_...: every kept file's name holds
    it, boot_sets.kept_path, so it builds them all anew; a third batch here would cost 10 s of CPU to show it.)"""
    tmp = tmp_path_factory.mktemp("boot-copies")
    submissions = tmp / "subs"
    for name in BATCH:
        shutil.copytree(ROOT / "tests" / "fixtures" / "submissions" / name, submissions / name)
    boot = tmp / "runtime"
    boot.mkdir(mode=0o700)
    a, b = bench.copy_checkout(ROOT, tmp / "A"), bench.copy_checkout(ROOT, tmp / "elsewhere" / "B")
    return bench.batch(a, boot, submissions, tmp), bench.batch(b, boot, submissions, tmp)


def _kinds(made):
    return sorted(name.split("-")[0] if not name.startswith("dry-run") else "dry-run" for name in made)


def test_a_second_copy_at_another_path_builds_nothing_and_scores_the_same(batches):
    (_, rows, made, appended), (_, again, made2, appended2) = batches
    assert _kinds(made) == ["book", "draws", "dry-run", "walks"] and appended > 0
    assert (made2, appended2) == ([], 0)
    assert sorted(json.loads(rows)) == BATCH
    assert again == rows  # byte for byte
