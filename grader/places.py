"""Places in a submission as its student knows them: their own file, and in a notebook the cell.

The sandbox sees `engine.py`: a lone `bob.py` under another name, a notebook's
code cells joined into one file. Every place the sandbox reports (the file and
line of an exception, `where` in a run record) is turned into the student's own
(`load.Origin`) before anything is judged, so every message made from it, and
so every feedback page, CI annotation and `grade check` line, names `bob.py,
line 37` or `carol.ipynb, cell 7, line 3`. The run kept in the cache is left as
the sandbox reported it: two students with the same code share it.
"""

from __future__ import annotations


def place_text(place: dict, lang: str = "en") -> str:
    """`bob.py, line 37`, `carol.ipynb, cell 7, line 3`, or the file alone when no line is known; the words
    in `lang` (grader/i18n), the file name and numbers as they are."""
    from .i18n import translator

    t = translator(lang)
    parts = [place["file"]]
    if place.get("cell") is not None:
        parts.append(t._("cell {cell}", cell=place["cell"]))
    if place.get("line") is not None:
        parts.append(t._("line {line}", line=place["line"]))
    return ", ".join(parts)


def line_words(place: dict) -> str:
    """The line alone, as a sentence names it: `line 12`, or `line 3 of cell 7` in a notebook."""
    if place.get("cell") is not None:
        return f"line {place['line']} of cell {place['cell']}"
    return f"line {place['line']}"


def _student_where(where: dict | None, submission) -> dict | None:
    if not where:
        return where
    return {**submission.place(where.get("file"), where.get("line")), "function": where.get("function")}


def _student_error(error: str, where: dict | None, seen: dict | None) -> str:
    """Python's own text of a SyntaxError says `(engine.py, line 137)`: say the student's place instead."""
    if not where or not seen or where.get("line") is None:
        return error
    said = f"({where['file']}, line {where['line']})"
    return error.replace(said, f"({place_text(seen)})") if said in error else error


def as_the_student_sees(run: dict | None, submission, module: str = "engine") -> dict | None:
    """A copy of `run` whose places are the student's own; `run` itself is not changed.

    An import error also says which of the student's files is the `module` that could not be used
    (`file`): `bob.py could not be used`, not `engine.py`.
    """
    if not run or not submission.origins:
        return run
    seen = dict(run)
    error = run.get("import_error")
    if error:
        where = _student_where(error.get("where"), submission)
        seen["import_error"] = {**error, "where": where,
                                "error": _student_error(error["error"], error.get("where"), where),
                                "file": submission.place(f"{module}.py", None)["file"]}
    if run.get("forbidden_imports"):
        seen["forbidden_imports"] = [{**found, **submission.place(found.get("file"), found.get("line"))}
                                     for found in run["forbidden_imports"]]
    probes = run.get("probes")
    if probes:
        seen["probes"] = {
            name: {**obs, "where": _student_where(obs["where"], submission)} if obs.get("where") else obs
            for name, obs in probes.items()
        }
    return seen
