"""What the commands print on the terminal: the progress bar, the table of scores, the grader's own errors."""

import sys
import time

import click

from ..student_text import printable


class Progress:
    """A one-line progress bar with an estimate of the time left (only on a terminal)."""

    def __init__(self, stream=sys.stderr):
        self.stream = stream
        self.live = stream.isatty()
        self.total = self.done = 0
        self.started = time.monotonic()

    def start(self, total, rejected):
        self.total, self.done = total, rejected
        self.started = time.monotonic()
        self._draw("")

    def advance(self, submission, run, cached):
        self.done += 1
        self._draw(printable(submission.id, one_line=True) + (" (cached)" if cached else ""))

    def _draw(self, last):
        if not self.live or not self.total:
            return
        elapsed = time.monotonic() - self.started
        share = self.done / self.total
        left = f"{elapsed / share * (1 - share):.0f} s left" if self.done else "…"
        width = 30
        bar = "█" * int(share * width) + "·" * (width - int(share * width))
        self.stream.write(f"\r{bar} {self.done}/{self.total} {left}  {last[:30]:<30}")
        self.stream.flush()

    def finish(self):
        if self.live and self.total:
            self.stream.write("\r" + " " * 90 + "\r")
            self.stream.flush()


def first_failure(row):
    """The first test that went wrong; a test skipped with points only when none did."""
    went_wrong = [t for t in row["tests"] if t["status"] not in ("passed", "skipped")]
    skipped = [t for t in row["tests"] if t["status"] == "skipped" and t["max_score"] > 0]
    for test in went_wrong[:1] or skipped[:1]:
        return f"{test['name']}: {test['output']}"
    return row.get("message") or ""


def print_table(record, width=None):
    width = width or 100
    rows = record["submissions"]
    # Ids and messages come from submissions: shown through the one sanitiser, on one line each.
    shown_ids = [printable(r["id"], one_line=True) for r in rows]
    id_width = max([len("id")] + [len(shown) for shown in shown_ids])
    id_width = min(id_width, 24)
    click.echo(f"{'id':<{id_width}}  {'status':<8}  {'score':>11}  first failing test")
    for r, shown_id in zip(rows, shown_ids):
        score = f"{r['score']:g}/{r['max_score']:g}"
        note = first_failure(r) if r["status"] != "rejected" else (r.get("message") or "")
        room = max(width - id_width - 27, 20)
        note = printable(note.replace("\r\n", " ").replace("\n", " "), one_line=True)
        if len(note) > room:
            note = note[: room - 1] + "…"
        click.echo(f"{shown_id[:id_width]:<{id_width}}  {r['status']:<8}  {score:>11}  {note}")


def report_grader_errors(errors, log_path=None):
    """Say that the grader failed on some submissions; the tracebacks go to `log_path` (or stderr)."""
    if not errors:
        return
    from ..private_files import write_text_atomically

    details = "".join(f"== {e['id']!r}: grader error while {e['stage']}\n{e['detail'].rstrip()}\n\n" for e in errors)
    if log_path:
        write_text_atomically(log_path, details)
    else:
        click.echo(details, err=True, nl=False)
    ids = ", ".join(printable(repr(e["id"]), one_line=True) for e in errors)
    click.secho(f"warning: the grader failed on {len(errors)} submission{'s' * (len(errors) != 1)} ({ids}): "
                f"{'their rows say' if len(errors) != 1 else 'its row says'} \"grader error\"; "
                f"the details are in {log_path or 'the lines above'}. Please report it.", fg="yellow", err=True)
