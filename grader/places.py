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
    from .i18n import msg, place as said, translator

    where = {k: place[k] for k in ("file", "cell", "line") if place.get(k) is not None}
    if "cell" in where and "line" not in where:
        words = msg("{file}, cell {cell}", **where)
    else:
        words = said(where)  # one sentence a language writes whole (`bob.py，第 37 行`), never glued from parts
    return translator(lang).render(words)


def sandbox_line(submission, where: dict | None) -> tuple[str, int] | None:
    """The inverse of `Submission.place`: (the sandbox's file, its line) of a place in the student's own file
    (`bob.py, line 12` -> engine.py, 12; `carol.ipynb, cell 7, line 3` -> engine.py and the joined code's line),
    so that what reads the source (a line's code) reads it from any place a record holds; None when unknown."""
    if not where or where.get("line") is None:
        return None
    for name, origin in submission.origins.items():
        if origin.file != where.get("file"):
            number = ran_line(origin, where.get("file"), where["line"], where.get("cell"))
            if number is not None:  # a line of a file a notebook's `%run` ran (diag40b)
                return name, number
            continue
        if origin.cells is None:
            return (name, where["line"]) if where.get("cell") is None else None
        number = joined_line(origin, where.get("cell"), where["line"])
        if number is not None:
            return name, number
    return None


def joined_line(origin, cell, line) -> int | None:
    """The line of the file the sandbox ran (a notebook's code cells joined) that is line LINE of cell CELL of
    ORIGIN's notebook: the inverse of `Origin.place` (load/reading.py); None where no line of it is."""
    wanted = (cell, line)
    for number, cell_line in enumerate(origin.cells, start=1):
        if cell_line is not None and tuple(cell_line) == wanted:
            return number
    return None


def ran_line(origin, file, line, cell=None) -> int | None:
    """The line of the joined code that is line LINE of FILE, a file handed in beside ORIGIN's notebook that a `%run`
    ran: a `.py` file's (`Origin.cells`' `("impl.py", 12)`), or a notebook's, of its cell CELL (`("core.ipynb", 12,
    3)`); None where no line of it is."""
    from .load.reading import beside_file, in_cell

    if origin.cells is None or not isinstance(file, str):
        return None
    for number, place in enumerate(origin.cells, start=1):
        if (place is not None and not in_cell(place) and place[1] == line and (place[2] if len(place) > 2 else None)
                == cell and beside_file(origin.file, place[0]) == file):
            return number
    return None


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


def without_own_place(error, where: dict | None):
    """Python's own text of a SyntaxError, `invalid syntax (bob.py, line 12)`, without the place it ends with (in
    English: `where` says it as a message, in the reader's language); any other text as it is."""
    suffix = f" ({place_text(where)})" if where and where.get("file") and where.get("line") is not None else None
    return error[:-len(suffix)] if suffix and isinstance(error, str) and error.endswith(suffix) else error


def _student_files(record, submission):
    """A message record (grader/i18n: id, params, text) whose `file` parameters, at any depth, name the sandbox's
    file (`engine.py`) replaced by the student's own (`bob.py`, `carol.ipynb`), its text made again; the record
    itself when it names none."""
    from .i18n import Message

    def named(params):
        changed = {}
        for key, value in params.items():
            if key == "file" and isinstance(value, str) and value in submission.origins:
                changed[key] = submission.place(value, None)["file"]
            elif isinstance(value, dict) and "id" in value:
                inner = named(value.get("params") or {})
                if inner is not None:
                    changed[key] = {**value, "params": inner}
        return None if not changed else {**params, **changed}

    if not isinstance(record, dict) or "id" not in record:
        return record
    params = named(record.get("params") or {})
    return record if params is None else Message.from_json({**record, "params": params}).to_json()


def _student_said(holder: dict, text_key: str, data_key: str, submission) -> dict:
    """`holder` with its message record `data_key` naming the student's files, and its text `text_key` (the
    record's English) made again from it; `holder` itself when nothing changed."""
    record = holder.get(data_key)
    seen = _student_files(record, submission)
    if seen is record:
        return holder
    changed = {data_key: seen}
    if holder.get(text_key) == record.get("text"):
        changed[text_key] = seen["text"]
    return {**holder, **changed}


def _student_probe(obs: dict, submission) -> dict:
    if obs.get("error_message"):
        obs = _student_said(obs, "error", "error_message", submission)
    values = obs.get("values")
    if obs.get("status") == "ok" and isinstance(values, dict) and _is_place(values.get("where")):
        # a probe that ran the student's own file and reports a place in it as data (09-write-tests: a tests file
        # that could not be run, {"file": "test_engine.py", "line": 4}): the student's place, and its words
        where = _student_where(values["where"], submission)
        error = values.get("error")
        values = {**values, "where": {k: v for k, v in where.items() if v is not None and k != "function"},
                  "error": _student_error(error, values["where"], where) if isinstance(error, str) else error}
        obs = {**obs, "values": values}
    return {**obs, "where": _student_where(obs["where"], submission)} if obs.get("where") else obs


def _is_place(value) -> bool:
    """Whether a probe's value is a place it reports ({"file": a name, "line": a positive int})."""
    return (isinstance(value, dict) and set(value) == {"file", "line"} and isinstance(value["file"], str)
            and type(value["line"]) is int and value["line"] > 0)


def as_the_student_sees(run: dict | None, submission, module: str = "engine") -> dict | None:
    """A copy of `run` whose places are the student's own; `run` itself is not changed.

    An import error also says which of the student's files is the `module` that could not be used
    (`file`): `bob.py could not be used`, not `engine.py`; and so does every message of the observer's that
    names the module's file (`bob.py called sys.exit(3) while being imported`: grader/observe's endings).
    """
    if not run or not submission.origins:
        return run
    seen = _student_said(dict(run), "message", "message_data", submission)
    error = run.get("import_error")
    if error:
        where = _student_where(error.get("where"), submission)
        error = _student_said(error, "error", "error_message", submission)
        seen["import_error"] = {**error, "where": where,
                                "error": _student_error(error["error"], error.get("where"), where),
                                "file": submission.place(f"{module}.py", None)["file"]}
        from .load.cell_order import cells_out_of_order, defined_below

        below = defined_below(submission, error, where)  # a notebook's name a later cell defines: the cell as
        if below is not None:  # a place (the test record's `defined_in_cell`), and the import test's advice
            seen["import_error"].update(where={**where, "defined_in_cell": below["cell"]},
                                        advice_message=cells_out_of_order(below, where["cell"]).to_json())
    stopped = run.get("import_stopped")
    if stopped:  # a notebook's cell that raised (grader/sandbox/raised.py's ran_cells): said in its cell
        where = _student_where(stopped.get("where"), submission)
        seen["import_stopped"] = {**stopped, "where": where,
                                  "error": _student_error(stopped["error"], stopped.get("where"), where),
                                  "file": submission.place(f"{module}.py", None)["file"]}
    if run.get("forbidden_imports"):
        seen["forbidden_imports"] = [{**found, **submission.place(found.get("file"), found.get("line"))}
                                     for found in run["forbidden_imports"]]
    for kind in ("probes", "drawn"):  # drawn: the grade of record's observations at drawn inputs (judge/drawn.py)
        if run.get(kind):
            seen[kind] = {name: _student_probe(obs, submission) for name, obs in run[kind].items()}
    return seen


def explained_in_its_cell(hint: dict, submission) -> dict:
    """A hint about a notebook's code whose explanation names a line (`Line 38: ...`) said in the cell's own
    numbers: the sandbox's line is the joined code's (38), the student sees cell 7's line 34, so the words
    become `In cell 7: Line 34: ...` (every language: a message of its own around the hint's). Call it before
    the hint's own place is made the student's (it reads the sandbox's file); a `.py` file's line stays, and a line
    of a `.py` file a notebook's `%run ./impl.py` ran is that file's own (`In impl.py: Line 51: ...`, the hint at
    impl.py, line 51), a line of a notebook a `%run ./core.ipynb` ran that notebook's cell's (`In core.ipynb, cell
    3: Line 36: ...`)."""
    from .i18n import Message, msg, said

    record = (hint.get("messages") or {}).get("explanation")
    line = (record.get("params") or {}).get("line") if isinstance(record, dict) else None
    if not isinstance(line, int) or isinstance(line, bool) or not hint.get("file"):
        return hint
    where = submission.place(hint["file"], line)
    if where.get("line") is None or where.get("cell") is None and where["line"] == line:
        return hint
    inner = Message.from_json(record)
    inner = Message(inner.id, {**inner.params, "line": where["line"]}, inner.plural, inner.count)
    if where.get("cell") is None:  # a line of a `.py` file a `%run` ran: its own line, and the file (diag40b)
        return said(hint, explanation=msg("In {file}: {explanation}", file=where["file"], explanation=inner))
    if where["file"] != submission.place(hint["file"], None)["file"]:  # a notebook a `%run` ran: its cell (diag41)
        return said(hint, explanation=msg("In {file}, cell {cell}: {explanation}", file=where["file"],
                                          cell=where["cell"], explanation=inner))
    return said(hint, explanation=msg("In cell {cell}: {explanation}", cell=where["cell"], explanation=inner))
