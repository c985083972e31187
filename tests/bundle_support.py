"""Gradescope's autograder bundle laid out as Gradescope lays it out (tests/integrations/test_gradescope.py,
tests/test_seams44.py)."""
import os
import shutil
import zipfile


def unpack_bundle(bundle_path, root):
    """What Gradescope does: the zip into ROOT/source (each file's mode kept), run_autograder copied to ROOT,
    submission/ and results/ made; ROOT."""
    source = root / "source"
    with zipfile.ZipFile(bundle_path) as archive:
        archive.extractall(source)
        for info in archive.infolist():
            os.chmod(source / info.filename, (info.external_attr >> 16) & 0o777)
    shutil.copy2(source / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    (root / "results").mkdir()
    return root
