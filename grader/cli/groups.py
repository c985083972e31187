"""The Click groups of `grade`: every command's help line in full, and a bare path that starts `grade run`."""

import difflib
import os

import click


class FullHelpGroup(click.Group):
    """A group whose --help shows every command's line in full, wrapped: Click cuts a long one short with '...'."""

    def format_commands(self, ctx, formatter):
        rows = [(name, command.get_short_help_str(limit=1000)) for name, command in sorted(self.commands.items())
                if not command.hidden]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class DefaultToRun(FullHelpGroup):
    """A group whose unknown first argument (a path, or one of run's options) starts the `run` command."""

    def parse_args(self, ctx, args):
        own_options = {name for param in self.get_params(ctx) for name in param.opts}
        if args and args[0] not in self.commands and args[0] not in own_options:
            if not args[0].startswith("-") and not os.path.lexists(args[0]):
                raise click.UsageError(self.neither_command_nor_path(args[0]), ctx)
            args = ["run", *args]
        return super().parse_args(ctx, args)

    def neither_command_nor_path(self, word):
        nearest = difflib.get_close_matches(word, sorted(self.commands), n=1, cutoff=0.6)
        hint = (f"did you mean `grade {nearest[0]}`?" if nearest
                else f"the commands are {', '.join(sorted(self.commands))}.")
        return f"{word!r} is neither a command nor a file or folder: {hint}"
