"""dir(lightsout) is the package's API: the names of __all__, its modules and dunders, and none of
the names its own code imported for annotations (typing's Any, Iterable, Optional, the
__future__ flag)."""

import types

import lightsout as lo


def test_dir_lists_the_api_and_the_modules_only():
    public = {n for n in dir(lo) if not n.startswith("_")}
    modules = {n for n in public if isinstance(getattr(lo, n), types.ModuleType)}
    assert public - modules <= set(lo.__all__), sorted(public - modules - set(lo.__all__))
    assert not {"Any", "Iterable", "Optional", "annotations"} & set(dir(lo))


def test_every_name_of_all_is_there():
    missing = [n for n in lo.__all__ if not hasattr(lo, n)]
    assert not missing, missing


def test_the_helpers_still_work_without_the_typing_names():
    g = lo.preset("classic")
    assert lo.draw(g, lights=[[1, 0, 0, 0, 1]] * 5).svg.startswith("<svg")
