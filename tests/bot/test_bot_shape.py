"""The bot's code keeps its shape (the developer guide): no module in bot/ over 450 lines, no class over 320, and
no import cycle between its modules.  Run as a script, it prints every module's and the largest classes' sizes.
"""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
MODULE_MAX = 450
CLASS_MAX = 320


def modules() -> dict[str, Path]:
    """Every module of the bot package by its dotted name."""
    found = {}
    for path in sorted(BOT.rglob("*.py")):
        parts = path.relative_to(BOT.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def class_sizes(path: Path) -> list[tuple[str, int]]:
    """Each class in the module (nested ones too), with its lines from ``class`` to its last line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.name, (node.end_lineno or node.lineno) - node.lineno + 1)
            for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]


def imports_at_load(name: str, path: Path, known: set[str]) -> set[str]:
    """The bot modules ``name`` imports when it is loaded: its top-level imports, not those under
    ``if TYPE_CHECKING`` nor inside functions (those cannot make a cycle at import time)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[:len(package.split(".")) - node.level + 1], *filter(None, [base])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {m for m in found if m in known and m != name}


def cycles() -> list[list[str]]:
    """The import cycles between bot modules at load time (each as the path that closes it)."""
    found = modules()
    # Between modules, not packages: a package's __init__ gathering its parts is Python's package shape.
    plain = {name for name, path in found.items() if path.name != "__init__.py"}
    graph = {name: imports_at_load(name, found[name], plain) for name in plain}
    state: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                out.append([*stack[stack.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)
    return out


def test_no_module_in_bot_is_over_450_lines() -> None:
    assert {name: n for name, path in modules().items() if (n := line_count(path)) > MODULE_MAX} == {}


def test_no_class_in_bot_is_over_320_lines() -> None:
    assert {f"{name}.{cls}": n for name, path in modules().items() for cls, n in class_sizes(path)
            if n > CLASS_MAX} == {}


def test_no_import_cycle_between_bot_modules() -> None:
    assert cycles() == []


def test_every_table_verb_takes_its_arguments_in_one_order(tmp_path: Path) -> None:
    """The service's verbs about a game take the channel first, then the user, and the game only by name
    (``game_id=``): a verb about a channel's game is called the same way from a command, a button or the console."""
    from bot.store.sqlite import SqliteStore
    from bot.table import TableService

    service = TableService(SqliteStore(str(tmp_path / "shape.db")))
    verbs = {name: inspect.signature(verb) for name in dir(service) if not name.startswith("_")
             and inspect.iscoroutinefunction(verb := getattr(service, name))}
    # The scheduler's verbs (a computer's move, a time-out) name a game alone: no channel, nobody asking.
    about_a_game = {name: sig for name, sig in verbs.items() if "game_id" in sig.parameters
                    and {"channel_id", "user"} & set(sig.parameters)}
    assert {"act", "hand", "replace", "vote", "vote_open", "rematch", "review", "replay"} <= set(about_a_game)
    wrong = {}
    for name, sig in about_a_game.items():
        params = list(sig.parameters.values())
        order = [p.name for p in params if p.kind is not p.KEYWORD_ONLY]
        if order[:1] != ["channel_id"] or ("user" in sig.parameters and order[1:2] != ["user"]) \
                or sig.parameters["game_id"].kind is not inspect.Parameter.KEYWORD_ONLY:
            wrong[name] = str(sig)
    assert wrong == {}


def main() -> int:
    sizes = sorted(((line_count(path), name) for name, path in modules().items()), reverse=True)
    classes = sorted(((n, f"{name}.{cls}") for name, path in modules().items() for cls, n in class_sizes(path)),
                     reverse=True)
    over = [f"{name} {n}" for n, name in sizes if n > MODULE_MAX] + [f"{c} {n}" for n, c in classes if n > CLASS_MAX]
    print(f"modules {len(sizes)}, largest {sizes[0][1]} {sizes[0][0]} (max {MODULE_MAX}); "
          f"classes {len(classes)}, largest {classes[0][1]} {classes[0][0]} (max {CLASS_MAX}); "
          f"over: {', '.join(over) or 'none'}; import cycles: {cycles() or 'none'}")
    return 1 if over or cycles() else 0


if __name__ == "__main__":
    sys.exit(main())
