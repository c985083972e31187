"""`grade serve`: a submission service for a course without an LMS (docs/serve.md).

One command starts it on one machine: SQLite in the course folder, grading in a
local pool of worker processes; `--db postgresql://...` and `--queue redis://...`
grow it onto a database server and the Redis fleet. Every submission is graded
by the grader's one pipeline (grading.py's adapter), never by steps of its own.

  course.py    course.toml: exercises, deadlines, attempts, roster, visibility
  rules.py     deadlines, extensions, lateness, attempts: pure functions of the time
  db.py        the schema (SQLAlchemy 2), SQLite WAL with immediate write transactions, Alembic
  auth.py      signed, revocable sign-in tokens; cookies; CSRF
  admission.py an upload's one short path: the file, then one transaction for its row and job
  jobs.py      the queue in the database: two priorities, leases, the reconciler
  grading.py   the adapter to the pipeline, and the worker process that runs it
  gradebook.py best or last, late credit, as JSON and CSV
  api.py       /api/v1: submissions, gradebook, regrade, extensions
  pages.py     the students' and the instructor's pages (Jinja2, htmx, server-sent events)
  sign_in.py   /login/TOKEN: a link signs its person in, never over another person's session without a word
  app.py       the FastAPI application, the upload cap, the worker processes' lifetime
  cli.py       `grade serve init|tokens|DIR`

Its libraries are the optional extra `[serve]`.
"""

MISSING = ("`grade serve` needs its libraries, which are not installed here: "
           "pip install 'micrograd-grader[serve]'")


class ServeError(RuntimeError):
    """The service cannot start or do what was asked (a bad course.toml, an unknown student)."""


class Refused(Exception):
    """A request the course's rules refuse: an HTTP status, the words, and headers/fields for a script.

    The words are a Message (grader.i18n.msg), said where they are shown in the course's language (`said_in`) and
    kept as data in the answer's `message_data`; a text is a student's or a library's words, shown as they are."""

    def __init__(self, status: int, detail, headers: dict | None = None, **fields):
        from ..i18n import Message

        self.said = detail if isinstance(detail, Message) else None
        if self.said is not None:
            fields.setdefault("message_data", self.said.to_json())
            detail = str(self.said)
        super().__init__(detail)
        self.status, self.detail, self.headers, self.fields = status, detail, headers or {}, fields

    def said_in(self, lang: str) -> str:
        """The words in `lang` (a Message's; a text as it is)."""
        from ..i18n import translator

        return self.detail if self.said is None else translator(lang).render(self.said)
