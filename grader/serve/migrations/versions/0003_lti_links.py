"""Where a launched student's grades go back to (LTI 1.3 AGS).

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "lti_links",
        sa.Column("student", sa.String(64), sa.ForeignKey("people.name"), primary_key=True),
        sa.Column("exercise", sa.String(64), primary_key=True),
        sa.Column("issuer", sa.String(255), nullable=False),
        sa.Column("client_id", sa.String(255), nullable=False),
        sa.Column("user_id", sa.String(255), nullable=False),
        sa.Column("service", sa.JSON, nullable=False),
    )


def downgrade():
    op.drop_table("lti_links")
