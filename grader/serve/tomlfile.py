"""course.toml's parser: the standard library's `tomllib` from Python 3.11, and on 3.10 `tomli`, the same parser
before it became `tomllib` (a dependency there: pyproject.toml)."""

import sys

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

loads = tomllib.loads
TOMLDecodeError = tomllib.TOMLDecodeError
