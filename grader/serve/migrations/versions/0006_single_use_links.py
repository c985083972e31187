"""Sign-in links are single-use, and a sign-out ends one browser's session (auth.py).

`people.links_used` counts the links a person has signed in with: a link is good while its number is that count, so
the one in a browser's history signs in no more. `browser_sessions` holds each session a link (or an LTI launch)
started: its cookie names its row, and signing out deletes that row alone.

Revision ID: 0006
Revises: 0005
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("people") as batch:
        batch.add_column(sa.Column("links_used", sa.Integer(), nullable=False, server_default="0"))
    op.create_table("browser_sessions",
                    sa.Column("id", sa.String(32), primary_key=True),
                    sa.Column("person", sa.String(64), sa.ForeignKey("people.name"), nullable=False, index=True),
                    sa.Column("started_at", sa.DateTime(), nullable=False))


def downgrade():
    op.drop_table("browser_sessions")
    with op.batch_alter_table("people") as batch:
        batch.drop_column("links_used")
