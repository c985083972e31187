"""The service's first schema: people, submissions, jobs, extensions, regrades, LTI nonces.

Revision ID: 0001
Revises:
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "people",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("token_generation", sa.Integer, nullable=False),
    )
    op.create_table(
        "submissions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("student", sa.String(64), sa.ForeignKey("people.name"), nullable=False, index=True),
        sa.Column("exercise", sa.String(64), nullable=False, index=True),
        sa.Column("received_at", sa.DateTime, nullable=False),
        sa.Column("filename", sa.String(255), nullable=False),
        sa.Column("path", sa.String(255), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("via", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False, index=True),
        sa.Column("charged", sa.Boolean, nullable=False),
        sa.Column("refund_reason", sa.Text),
        sa.Column("lateness", sa.String(16), nullable=False),
        sa.Column("credit", sa.Float, nullable=False),
        sa.Column("score", sa.Float),
        sa.Column("max_score", sa.Float),
        sa.Column("record", sa.JSON),
        sa.Column("message", sa.Text),
        sa.Column("graded_at", sa.DateTime),
        sa.Column("times_graded", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Float),
    )
    op.create_table(
        "regrades",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("exercise", sa.String(64), nullable=False),
        sa.Column("dry_run", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("finished_at", sa.DateTime),
        sa.Column("diff_text", sa.Text),
        sa.Column("diff", sa.JSON),
        sa.Column("message", sa.Text),
    )
    op.create_table(
        "jobs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("priority", sa.Integer, nullable=False),
        sa.Column("submission_id", sa.String(32), sa.ForeignKey("submissions.id"), index=True),
        sa.Column("regrade_id", sa.Integer, sa.ForeignKey("regrades.id")),
        sa.Column("state", sa.String(16), nullable=False, index=True),
        sa.Column("tries", sa.Integer, nullable=False),
        sa.Column("worker", sa.String(64)),
        sa.Column("lease_until", sa.DateTime),
        sa.Column("not_before", sa.DateTime),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("last_error", sa.Text),
    )
    op.create_table(
        "extensions",
        sa.Column("student", sa.String(64), sa.ForeignKey("people.name"), primary_key=True),
        sa.Column("exercise", sa.String(64), primary_key=True),
        sa.Column("due", sa.DateTime, nullable=False),
        sa.Column("late_until", sa.DateTime),
        sa.Column("granted_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "lti_nonces",
        sa.Column("nonce", sa.String(255), primary_key=True),
        sa.Column("seen_at", sa.DateTime, nullable=False),
    )


def downgrade():
    for table in ("lti_nonces", "extensions", "jobs", "regrades", "submissions", "people"):
        op.drop_table(table)
