"""Session 24's review of what the session landed (helper review24): fresh samples that broke it, each failing
before its fix."""

from load_support import ENGINE, write

from grader.load import load_folder


def test_a_class_of_files_named_like_canvas_by_accident_is_read_entry_by_entry(tmp_path):
    # Names with underscores and numbers that Canvas never writes: a class of these was one row, every student's
    # file a helper of one "student" (`hw_3`, `2026_12`), rejected for having no engine.py (session 24's exports).
    classes = {
        "no-file-id": ["lab_3_alice.py", "lab_3_bob.py"],  # a user's entry without a file id is Canvas's .html
        "same-file-id": ["hw_3_1_alice.py", "hw_3_1_bob.py", "hw_3_1_carol.py"],  # one attachment id, three files
        "leading-zero": ["2026_12_01_alice.py", "2026_12_03_bob.py"],  # Canvas's ids have no leading zero
        "digits-only": ["2026_12_14_alice.py", "2026_12_15_bob.py"],  # a Canvas student is a name, not a number
        "two-names-one-user": ["alice_7_11_engine.py", "bob_7_12_engine.py"],  # a user id is one student
    }
    for label, names in classes.items():
        folder = write(tmp_path / label, {name: ENGINE for name in names})
        assert [(s.id, s.problem, s.export) for s in load_folder(folder)] == [
            (name[:-3], None, None) for name in sorted(names)], label
