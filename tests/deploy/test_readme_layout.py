"""README names the tree as it is: its layout names every module and only modules that exist; cited files exist.

A newcomer reads the layout to find where a thing lives; a module added without a line there, or a line
left behind by a move, sends them to the wrong place.
"""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_FILE = re.compile(r"[\w*]+\.(?:py|js|css)\b")


def _layout() -> str:
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Layout\n") :]
    return section[: section.index("```\n\n")]


def _repository_files() -> set[str]:
    """Every file of the checkout, relative to its root (hidden folders, such as the virtualenvs, left out)."""
    every: set[str] = set()
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if not name.startswith(".") and name != "__pycache__"]
        every.update(str(Path(folder, name).relative_to(ROOT)) for name in files)
    return every


def _named(layout: str) -> set[str]:
    return {match.group(0) for match in _FILE.finditer(layout)}


def _core_modules() -> set[str]:
    """Every module and asset of the core outside the scheme rooms (named by room, below), by file name."""
    core = ROOT / "shared" / "fairdice"
    return {
        path.name
        for path in core.rglob("*")
        if path.suffix in {".py", ".js", ".css"}
        and not {"__pycache__", "schemes"} & set(path.relative_to(core).parts)
        and path.name != "__init__.py"
    }


def test_every_module_of_the_core_is_named_in_the_layout() -> None:
    named = _named(_layout())
    unnamed = _core_modules() - named
    # `python -m fairdice`'s entry point is named with the command line, not as a file.
    assert unnamed <= {"__main__.py"}, f"README's layout does not name {sorted(unnamed)}"


def test_every_file_the_layout_names_exists() -> None:
    every = {Path(path).name for path in _repository_files()}
    missing = {name for name in _named(_layout()) if "*" not in name and name not in every}
    assert not missing, f"README's layout names files that do not exist: {sorted(missing)}"


def test_every_function_and_top_level_folder_is_in_the_layout() -> None:
    layout = _layout()
    functions = {path.name for path in (ROOT / "functions").iterdir() if path.is_dir() and path.name != "__pycache__"}
    absent = {name for name in functions if name not in layout}
    assert not absent, f"README's layout does not name the functions {sorted(absent)}"
    folders = ("shared/fairdice/", "schemes/", "archive/", "audit/", "events/", "testkit/", "tests/", "statemachines/")
    for folder in folders:
        assert folder in layout, f"README's layout does not name {folder}"
    for room in (ROOT / "shared" / "fairdice" / "schemes").glob("*.py"):
        if room.stem not in {"__init__", "base"} and not room.stem.endswith("_vectors"):
            assert room.stem in layout, f"README's layout does not name the scheme room {room.stem}"


def test_every_source_file_the_readme_and_benchmarks_cite_exists() -> None:
    """The README and BENCHMARKS.md cite tests and modules as evidence (`tests/unit/archive/test_today.py`…)."""
    every = _repository_files()
    names = {Path(path).name for path in every}
    cited = re.compile(r"`([\w/.-]+\.(?:py|js|css|lua))`")
    for document in ("README.md", "BENCHMARKS.md"):
        for path in cited.findall((ROOT / document).read_text()):
            found = any(whole.endswith(path) for whole in every) if "/" in path else path in names
            assert found, f"{document} cites {path}, which is not in the repository"
