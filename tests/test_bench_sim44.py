"""bench/similarity/sim44b1.py and sim44b2.py, session 44's blind classes (sim44b1: 05-backward in a Blackboard
download, copies made with an AI assistant and honest students who used one; sim44b2: long 04-more-ops engines in a
Canvas download, partial copies of one region): what their writers make is what is committed, byte for byte; the
grader's loader reads each download as the contract says (Blackboard's usernames and latest attempts, Canvas's
lastfirst_userid); each class builds with every hand-in checked and its labels hold its recipe; the checks fail the
slips their labelled bugs make."""

import json

import pytest
from bench_modules import holds_its_recipe, load_bench, writes_what_is_committed

from grader.load import load_folder

EVASIONS = {"form feed in a comment", "annotation on every assignment", "() after every statement",
            "zlib+base64 and exec"}


@pytest.mark.parametrize("name, count", [("sim44b1", 94), ("sim44b2", 40)])
def test_the_writer_makes_what_is_committed(monkeypatch, tmp_path, name, count):
    """write.py makes every file (sim44b1: 47 attempts and their 47 receipts) and labels.json as committed."""
    module = load_bench(name)
    writes_what_is_committed(module, monkeypatch, tmp_path)
    assert len(list((tmp_path / "main" / "submissions").iterdir())) == count


def test_sim44b1_the_loader_reads_the_blackboard_download_as_its_usernames():
    """One row per username (the labels' keys, m_reyes's `_` too), the latest attempt graded, the earlier left out."""
    sim44b1 = load_bench("sim44b1")
    labels = json.loads((sim44b1.CLASS / "labels.json").read_text(encoding="utf-8"))["main"]
    rows = {row.id: row for row in load_folder(sim44b1.CLASS / "main" / "submissions")}
    assert sorted(rows) == sorted(labels)
    assert {row.export["lms"] for row in rows.values()} == {"blackboard"}
    assert all(sorted(row.files) == ["engine.py"] for row in rows.values())
    graded = sim44b1.graded(sim44b1.CLASS / "main" / "submissions")
    assert {sid: row.export["attempt"] for sid, row in rows.items()} == {
        sid: path.name.split("_attempt_")[1][:19] for sid, path in graded.items()}
    assert sorted(sid for sid, row in rows.items() if row.export["attempts_left_out"]) == ["bchen", "pwhite",
                                                                                         "ytanaka"]


def test_sim44b2_the_loader_reads_the_canvas_download_as_lastfirst_userid():
    """Every file is one row named `<lastfirst>_<user id>` (the labels' keys), the late one and `engine-1.py` too."""
    sim44b2 = load_bench("sim44b2")
    labels = json.loads((sim44b2.CLASS / "labels.json").read_text(encoding="utf-8"))["main"]
    rows = {row.id: row for row in load_folder(sim44b2.CLASS / "main" / "submissions")}
    assert sorted(rows) == sorted(labels)
    assert {row.export["lms"] for row in rows.values()} == {"canvas"}
    assert all(sorted(row.files) == ["engine.py"] for row in rows.values())
    assert [sid for sid, row in rows.items() if row.export["late"]] == ["yamadaken_204618"]


def test_sim44b2_the_copiers_labels_name_the_region_and_the_files_are_long():
    """Each of the five partial copiers names the region copied, at levels 1-3; every file is long (145 to 350
    lines, the starter's 143 among them)."""
    sim44b2 = load_bench("sim44b2")
    labels = json.loads((sim44b2.CLASS / "labels.json").read_text(encoding="utf-8"))["main"]
    regions = {sid: m["region"] for sid, m in labels.items() if "region" in m}
    assert sorted(regions.values()) == sorted(["backward() and its topological sort"] * 2 +
                                              ["the operations (the eight bodies and the extra ones)"] * 2 +
                                              ["the helpers after the class"])
    assert all(labels[sid]["level"] in (1, 2, 3) for sid in regions)
    lengths = [len(p.read_text(encoding="utf-8").splitlines())
               for p in (sim44b2.CLASS / "main" / "submissions").iterdir()]
    assert min(lengths) >= 145 and max(lengths) <= 350


@pytest.mark.slow
@pytest.mark.parametrize("name, members, independent, levels, hard, public, bugs, evasions", [
    ("sim44b1", 44, 16, {1: 2, 2: 2, 3: 4, 4: 2}, 4, 3, ["aokonkwo", "fbrooks", "gsantos", "iadeyemi"], EVASIONS),
    ("sim44b2", 40, 16, {1: 2, 2: 1, 3: 2, 4: 3}, 3, 2, ["kowalczykjan_204589", "yamadaken_204618"], set()),
])
def test_the_class_builds_checked_with_its_recipe(tmp_path, name, members, independent, levels, hard, public, bugs,
                                                  evasions):
    """Every hand-in passes the check but those labelled with a bug, which fail it; the recipe: independents, hard
    pairs, copy pairs at levels 1-4, public copies, the evasions (sim44b1's four; sim44b2 has none)."""
    holds_its_recipe(tmp_path, name, members=members, independent=independent, levels=levels, public=public,
                     bugs=bugs, starter="engine.py", evasions=evasions, hard=hard)


@pytest.mark.parametrize("right, slip, message", [
    ("                visited.add(v)\n", "", "long and short path: grad of input 0"),
    ("        self.grad = 1\n", "        self.grad = 0\n", "add: grad of input 0"),
])
def test_sim44b1_an_honest_fill_passes_and_each_slip_fails(tmp_path, right, slip, message):
    """Arjun's fill (the lecture's recursive build) passes sim44b1's check; no visited set, or no seed, fails it."""
    sim44b1 = load_bench("sim44b1")
    _passes_and_the_slip_fails(sim44b1, sim44b1.graded(sim44b1.CLASS / "main" / "submissions")["apatel"], tmp_path,
                               right, slip, message)


@pytest.mark.parametrize("right, slip, message", [
    ("        return other * self**-1\n", "        return self * other**-1\n", "rdiv: value"),
    ("    self.grad += (1 / self.data) * out.grad\n", "    self.grad += (1 / out.data) * out.grad\n",
     "ZeroDivisionError"),
])
def test_sim44b2_a_hard_pairs_file_passes_and_each_slip_fails(tmp_path, right, slip, message):
    """Sam Walker's file (the README's bodies, his tests) passes sim44b2's check; the README's mistakes (reflected
    division in the wrong order, log's derivative from the output) each fail it."""
    sim44b2 = load_bench("sim44b2")
    _passes_and_the_slip_fails(sim44b2, sim44b2.hand_ins(sim44b2.CLASS / "main" / "submissions")["walkersam_204847"],
                               tmp_path, right, slip, message)


def _passes_and_the_slip_fails(bench, path, tmp_path, right, slip, message):
    """BENCH's check passes PATH, and fails a copy of it where its one RIGHT line is SLIP, saying MESSAGE."""
    bench.check(path)
    text = path.read_text(encoding="utf-8")
    assert text.count(right) == 1, right
    slipped = tmp_path / path.name
    slipped.write_text(text.replace(right, slip), encoding="utf-8")
    with pytest.raises(AssertionError, match=message):
        bench.check(slipped)
