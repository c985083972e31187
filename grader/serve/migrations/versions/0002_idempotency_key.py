"""Submissions carry the client's Idempotency-Key: a retried upload is the same attempt, not a second one.

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("submissions") as batch:
        batch.add_column(sa.Column("idempotency_key", sa.String(128), nullable=True))
        batch.create_unique_constraint("uq_submissions_student_key", ["student", "idempotency_key"])


def downgrade():
    with op.batch_alter_table("submissions") as batch:
        batch.drop_constraint("uq_submissions_student_key", type_="unique")
        batch.drop_column("idempotency_key")
