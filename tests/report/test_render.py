"""`render` gives every format as text, the same text for the same record."""

import json

import pytest

from grader.cli.report import report_command
from grader.report import FORMATS, render
from grader.report.formats import BESIDE_SCORES, FEEDBACK_PAGES


def test_formats():
    assert list(FORMATS) == ["junit", "csv", "markdown", "html", "gradescope", "json"]
    assert BESIDE_SCORES == ("junit", "csv", "markdown", "html", "gradescope")  # json is the scores file itself
    assert [f.name for f in FEEDBACK_PAGES] == ["markdown", "html"]


def test_no_two_formats_share_a_file_name():
    suffixes = [f.suffix for f in FORMATS.values()]
    assert len(set(suffixes)) == len(suffixes)


def test_the_timings_help_names_the_formats_that_show_timings(scores, timings):
    help_text = next(p.help for p in report_command.params if p.name == "timings")
    named = help_text.rpartition("show them: ")[2].rstrip(".").split(", ")
    assert sorted(named) == sorted(f for f in FORMATS if render(scores, f, timings) != render(scores, f))


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_renders_deterministically(scores, timings, fmt):
    text = render(scores, fmt, timings)
    assert isinstance(text, str) and text.endswith("\n")
    assert render(scores, fmt, timings) == text


def test_json_is_the_record(scores):
    assert json.loads(render(scores, "json")) == scores


def test_gradescope_is_results_json_for_one_submission_and_a_map_for_more(scores, timings):
    one = dict(scores, submissions=scores["submissions"][1:2])
    assert json.loads(render(one, "gradescope", {"bob": 2.1}))["score"] == 18.0
    assert json.loads(render(one, "gradescope", {"bob": 2.1}))["execution_time"] == 2
    batch = json.loads(render(scores, "gradescope", timings))
    assert list(batch) == [r["id"] for r in scores["submissions"]]
    assert batch["dave"]["execution_time"] == 60


def test_unknown_format():
    with pytest.raises(ValueError, match="Invalid format 'pdf': expected one of csv, gradescope, html, json, junit, markdown"):
        render({"submissions": []}, "pdf")


def _format_options(command, path=()):
    """(command path, option) for every option of every command that takes a format's name."""
    import click

    if isinstance(command, click.Group):  # every command, the ones imported when used too (cli/groups.py)
        for name in command.list_commands(None):
            yield from _format_options(command.get_command(None, name), path + (name,))
    for param in command.params:
        if isinstance(param.type, click.Choice) and {"md", "markdown"} & set(param.type.choices):
            yield " ".join(path), param


def test_every_command_takes_md_and_markdown_alike(scores, tmp_path):
    # issue 30: `grade run --format markdown` but `grade diff --format md`; each takes both now
    from click.testing import CliRunner

    from grader.cli import main

    options = sorted((where, param.opts[0]) for where, param in _format_options(main))
    assert options == [("diff", "--format"), ("report", "--to"), ("run", "--format")]
    for where, param in _format_options(main):
        assert param.type.convert("md", param, None) == param.type.convert("markdown", param, None), where
    (tmp_path / "scores.json").write_text(json.dumps(scores))
    runner = CliRunner()
    for command in (["report", str(tmp_path / "scores.json"), "--to"],
                    ["diff", str(tmp_path / "scores.json"), str(tmp_path / "scores.json"), "--format"]):
        md, markdown = (runner.invoke(main, command + [spelling]) for spelling in ("md", "markdown"))
        assert (md.exit_code, markdown.exit_code) == (0, 0), md.output + markdown.output
        assert md.output == markdown.output
    assert render(scores, "md") == render(scores, "markdown")
