"""`people.sign_outs` is dropped: no code has read it since session 40 (a sign-out deletes its own row of
`browser_sessions`, 0006), and a column kept but unread is one a reader takes for a check that is made.

Revision ID: 0007
Revises: 0006
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("people") as batch:
        batch.drop_column("sign_outs")


def downgrade():
    with op.batch_alter_table("people") as batch:
        batch.add_column(sa.Column("sign_outs", sa.Integer(), nullable=False, server_default="0"))
