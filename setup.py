"""The student wheel, `micrograd-grader`: the grader without what must stay the instructor's.

pyproject.toml holds the metadata; this file only changes what a (non-editable)
build puts in the wheel: no reference engine, bug variants, diagnosis, hidden
tests, stored results or exercises, and in their place each suite's visible
tests and their expected values, computed from the reference now. What goes
where, and why: grader/distribution.py. The instructor's part is built from
instructor/. An editable install (`pip install -e .`) maps the whole checkout.
"""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from grader.distribution import instructor_only, student_build_files  # noqa: E402


class StudentWheel(build_py):
    """build_py that leaves the instructor's files out and adds the generated visible tests."""

    def _shipped(self, path):
        return not instructor_only(Path(path).resolve().relative_to(ROOT).as_posix())

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        return modules if self.editable_mode else [m for m in modules if self._shipped(m[2])]

    def find_data_files(self, package, src_dir):
        files = super().find_data_files(package, src_dir)
        return files if self.editable_mode else [f for f in files if self._shipped(f)]

    def run(self):
        super().run()
        if self.editable_mode:
            return
        for relative, data in student_build_files().items():
            target = Path(self.build_lib) / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)


setup(cmdclass={"build_py": StudentWheel})
