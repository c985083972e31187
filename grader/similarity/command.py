"""`grade similarity` (registered in grader/cli/__init__.py)."""

from pathlib import Path

import click

from ..load import LoadError
from ..student_text import id_marks, listed, printable, shown_id
from . import PRIVATE_MODE, SimilarityError, similarity, write_private
from .cohort import THRESHOLD


@click.command("similarity", short_help="Which submissions share code, with whom and with which public source.")
@click.argument("submissions", type=click.Path(exists=True, path_type=Path))
@click.option("-e", "--exercise", default=None,
              help="Subtract this exercise's generated starter [default: none, as for the complete engine, "
                   "written from scratch].")
@click.option("--starter", "starters", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A starter file, folder or notebook to subtract instead (repeatable).")
@click.option("--public", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="A folder (or file) of public solutions or course materials to compare against (repeatable), "
                   "besides karpathy/micrograd's engine: the code of its .py files, and of its .md, .ipynb, .html "
                   "and .txt files (code blocks, code cells, <pre>, doctest sessions).")
@click.option("--no-micrograd", is_flag=True, help="Leave out the shipped public source, karpathy/micrograd's engine.")
@click.option("--scores", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The class's scores file: the same failures on the same probes count as extra evidence.")
@click.option("--threshold", type=click.FloatRange(0.0, 1.0), default=THRESHOLD, show_default=True,
              help="A pair or public match scoring this or more is flagged.")
@click.option("-o", "--out", default="similarity.json", show_default=True, type=click.Path(dir_okay=False),
              help="Where to write the record (JSON).")
@click.option("--html", type=click.Path(dir_okay=False), help="Also write the report as HTML here.")
def similarity_command(submissions, exercise, starters, public, no_micrograd, scores, threshold, out, html):
    """Compare every submission in SUBMISSIONS with every other and with public solutions.

    Writes OUT (and --html) with file mode 0600: the report names students and
    shows their code, so it is for the instructor only; no feedback page, CI
    output or Gradescope result includes it. Student code is parsed, never run.
    """
    import json

    from ..course import COURSE
    from ..suites import available

    if exercise is not None and exercise not in COURSE and exercise not in available():
        raise click.BadParameter(f"no exercise named {exercise!r}; available: "
                                 f"{', '.join(sorted(set(COURSE) | set(available())))}",
                                 param_hint="-e/--exercise")
    try:
        result = similarity(submissions, exercise=exercise, starters=starters, public=public,
                            shipped_public=not no_micrograd, scores=scores, threshold=threshold)
    except (LoadError, SimilarityError) as exc:
        raise click.ClickException(str(exc)) from None
    record = result.record
    write_private(out, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    written = [out]
    if html:
        from .html import to_html

        write_private(html, to_html(result))
        written.append(html)
    rows = record["submissions"]
    compared = sum(1 for row in rows if row["status"] == "compared")
    flagged = [p for p in record["pairs"] if p["flagged"]]
    public_flagged = [m for m in record["public_matches"] if m["flagged"]]
    click.echo(f"Compared {compared} submission{'s' * (compared != 1)} ({len(rows) - compared} could not be read) "
               f"and {len(record['public'])} public source{'s' * (len(record['public']) != 1)}: "
               f"{len(flagged)} pair{'s' * (len(flagged) != 1)} flagged in {len(record['clusters'])} "
               f"cluster{'s' * (len(record['clusters']) != 1)}, {len(public_flagged)} public "
               f"match{'es' * (len(public_flagged) != 1)} flagged.")
    # ids and file names are the students' (a name holding ESC [ 1 A and ESC [ 2 K rewrote the line above, "1 pair
    # flagged", and OSC 52 the instructor's clipboard: session 32): shown through the one sanitiser, as the table is
    marks = id_marks(rows)  # `Вера [Cyrillic]` beside `Bepa [Latin]`: ids that look alike, each compared
    for group in record["clusters"]:
        click.echo(f"  cluster: {listed(group, marks=marks)}")  # `dave, mallory.py` is one id: “dave, mallory”
    for match in public_flagged:
        shown = shown_id(match["id"], marks)
        click.echo(f"  {shown} matches {printable(match['source'], one_line=True)} "
                   f"({match['score']:.2f})")
    for row in rows:
        for call in row.get("opaque", []):
            what = "unpacked and compared" if call["unpacked"] else "cannot be unpacked: not compared, look at it"
            shown = shown_id(row["id"], marks)
            click.echo(f"  {shown}: {printable(call['call'], one_line=True)}() of data "
                       f"at {printable(call['file'], one_line=True)}, line {call['line']} ({what})")
    click.echo(f"Written to {', '.join(str(p) for p in written)} (mode {PRIVATE_MODE:o}: for the instructor only).")
