"""Builds `micrograd-grader-instructor` from the checkout one folder up: the files
grader/distribution.py names as the instructor's (instructor_build_files), into the
same `grader/` and `reference/` folders the student wheel installs into."""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

CHECKOUT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(CHECKOUT))

from grader.distribution import instructor_build_files  # noqa: E402


class InstructorFiles(Distribution):
    def has_pure_modules(self):
        return True  # no package of its own to list, but files to build: run build_py


class InstructorWheel(build_py):
    def run(self):
        super().run()
        for relative, data in instructor_build_files(CHECKOUT).items():
            target = Path(self.build_lib) / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)


setup(distclass=InstructorFiles, cmdclass={"build_py": InstructorWheel})
