"""People count their sign-outs: a session cookie made before the last one signs in no more (auth.py).

Revision ID: 0005
Revises: 0004
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("people") as batch:
        batch.add_column(sa.Column("sign_outs", sa.Integer(), nullable=False, server_default="0"))


def downgrade():
    with op.batch_alter_table("people") as batch:
        batch.drop_column("sign_outs")
