"""The wheel carries compiled translation catalogs: ``build_py`` writes each ``.po`` as ``.mo`` too.

Everything else about the package is in ``pyproject.toml``; a source checkout (an editable install)
compiles the ``.po`` files in memory instead (``tutorial_app.language.translations``).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """``build_py``, then every ``locale/<lang>/LC_MESSAGES/*.po`` of the build compiled beside it."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path(self.build_lib, "tutorial_app", "locale").glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as stream:
                catalog = read_po(stream, locale=po.parent.parent.name)
            with po.with_suffix(".mo").open("wb") as stream:
                write_mo(stream, catalog, use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithCatalogs})
