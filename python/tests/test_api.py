"""The shape of the public API: the data positionally, every option by keyword, each named in
the signature (so help() and IDEs show it), and the package typed."""

from __future__ import annotations

import inspect
from importlib import resources

import pytest

import sudoku_bulk as sb
from sudoku_bulk import dask as sbd
from sudoku_bulk import spark as sbs

#: The parameters that may be given by position: what a call works on (or, for
#: ``generate``, how many it makes), not how.
DATA = {"puzzles", "solutions", "grids", "transforms", "path", "output", "a", "b", "count", "source"}
#: The cluster adapters' frame and its columns.
FRAME_DATA = {"df", "column", "puzzle_column", "solution_column"}

FUNCTIONS = [
    (sb, name, DATA)
    for name in sb.__all__
    if callable(getattr(sb, name)) and not inspect.isclass(getattr(sb, name))
] + [(module, name, FRAME_DATA) for module in (sbs, sbd) for name in module.__all__]


@pytest.mark.parametrize("module, name, data", FUNCTIONS, ids=lambda v: getattr(v, "__name__", v))
def test_options_are_keyword_only_and_named(module, name, data):
    signature = inspect.signature(getattr(module, name))
    for parameter in signature.parameters.values():
        assert parameter.kind is not parameter.VAR_KEYWORD, f"{name}(**{parameter.name})"
        assert parameter.kind is not parameter.VAR_POSITIONAL, f"{name}(*{parameter.name})"
        if parameter.name not in data:
            assert parameter.kind is parameter.KEYWORD_ONLY, f"{name}: {parameter.name}"
        assert parameter.annotation is not parameter.empty, f"{name}: {parameter.name}"
    assert signature.return_annotation is not signature.empty, name
    assert getattr(module, name).__doc__, name


def test_the_package_is_typed():
    files = resources.files("sudoku_bulk")
    assert files.joinpath("py.typed").is_file()
    assert files.joinpath("_native.pyi").is_file()
    assert not files.joinpath("__init__.pyi").is_file(), "one source of types: the module"


def test_dir_shows_the_api_and_none_of_its_imports():
    """Issue 52, item 17: ``dir(sudoku_bulk)`` lists what ``__all__`` does (and the adapters,
    once imported), not ``np``, ``pa`` or ``Any``."""
    shown = {name for name in dir(sb) if not name.startswith("_")}
    assert shown <= set(sb.__all__) | {"spark", "dask"}, shown - set(sb.__all__)
    assert set(sb.__all__) <= set(dir(sb))
