"""Alembic's environment for the service's schema: run by db.Database.migrate on the connection it passes."""

from alembic import context

from grader.serve.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
