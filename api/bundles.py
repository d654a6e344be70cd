"""The web client's ES modules joined into one file per entry, so a page loads in one wave.

On a slow link each request waits a round trip, and a browser opens at most six connections
to a server: the shell's and a game's two dozen modules took several waves of requests even
when the page asked for all of them at once (ops/bench/web_load.py). The modules stay plain
files in api/static, served as they are under ``/web/``; here each *entry* (a page's module
script, or a game's screens, which the shell imports at run time) is joined with the modules
it imports into one file, served under the entry's own path. The modules the shell imports
are joined once, into `SHARED`, and every entry takes them from there: a game's screens and
the shell share one instance of each (the language chosen, the redraws held), as they did
as separate files.

Each module joined keeps its own scope: it becomes a function run once, in the order the
browser would run the modules, that returns its exports; an import becomes a ``const`` taken
from that result. The client uses few forms: named and bare imports, ``export`` before a
function, class or ``const`` (a name or a destructuring). Anything else raises here, when
the files are read, rather than break the page: ``export let`` (a binding that may change,
which a ``const`` copy would not follow), import cycles, and a run-time ``import()`` in a
module outside its file's folder (it resolves against the joined file's address).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping

SHARED = "shell.js"  # the modules the shell imports, joined; no file in the client has this name

IMPORT = re.compile(r"""^import\s*(?:\{([^}]*)\}\s*from\s*)?["']([^"']+)["'];?[ \t]*$""", re.M)
EXPORTED = re.compile(
    r"^export\s+((?:async\s+)?function\*?|class|const)\s*(\{[^{}]*\}|[\w$]+)", re.M
)
EXPORT_KEYWORD = re.compile(r"^export\s+(?=(?:async\s+)?function|class|const)", re.M)
UNHANDLED_IMPORT = re.compile(r"^\s*import\s*[\w{*\"']", re.M)
UNHANDLED_EXPORT = re.compile(r"^\s*export\b", re.M)


class BundleError(ValueError):
    """A module in a form this joiner does not handle."""


def bundles(sources: Mapping[str, str], shell: str, entries: list[str]) -> dict[str, str]:
    """The joined files by the path each is served under: `SHARED` (every module `shell`
    imports), and each of `entries` (paths of modules in `sources`, `shell` among them)
    with the modules it imports that `SHARED` lacks."""
    if SHARED in sources:
        raise BundleError(f"{SHARED} is the name of the joined shell modules")
    shared = [name for name in _run_order(sources, shell) if name != shell]
    joined = {SHARED: _joined(sources, SHARED, shared, entry=None, shared=set(shared))}
    for entry in entries:
        own = [name for name in _run_order(sources, entry) if name not in shared]
        joined[entry] = _joined(sources, entry, own, entry=entry, shared=set(shared))
    return joined


def _target(name: str, specifier: str) -> str:
    if not specifier.startswith("."):
        raise BundleError(f"{name} imports {specifier}: only the client's own modules")
    return posixpath.normpath(posixpath.join(posixpath.dirname(name), specifier))


def _run_order(sources: Mapping[str, str], entry: str) -> list[str]:
    """`entry` and what it imports, each after its own imports: the browser's order."""
    order: list[str] = []
    running: list[str] = []

    def visit(name: str) -> None:
        if name in running:
            raise BundleError(f"import cycle: {' -> '.join([*running, name])}")
        if name in order:
            return
        if name not in sources:
            importer = running[-1] if running else "a page"
            raise BundleError(f"{importer} imports {name}: no such module")
        running.append(name)
        for _, specifier in IMPORT.findall(sources[name]):
            visit(_target(name, specifier))
        running.pop()
        order.append(name)

    visit(entry)
    return order


def variable(name: str) -> str:
    """The name a joined module's exports go by."""
    return "__" + re.sub(r"\W", "_", name)


def _joined(
    sources: Mapping[str, str], path: str, names: list[str], *, entry: str | None, shared: set[str]
) -> str:
    """The file served at `path`: `names` in their run order; the `entry` among them keeps
    its own exports as the file's, and `SHARED` exports every module's."""
    if len({variable(name) for name in names}) < len(names):
        raise BundleError(f"two modules of {path} go by one name")
    imported = {_target(name, spec) for name in names for _, spec in IMPORT.findall(sources[name])}
    needed = sorted(imported & (shared - set(names)))
    parts = []
    if needed:
        start = _relative(SHARED, path)
        parts.append(f'import {{ {", ".join(map(variable, needed))} }} from "{start}";\n')
    for name in names:
        body = _imports_as_consts(name, _without_comment_lines(sources[name]))
        parts.append(body if name == entry else _scoped(name, body, path))
    if entry is None:
        parts.append(f"export {{ {', '.join(map(variable, names))} }};\n")
    return "\n".join(parts)


def _imports_as_consts(name: str, source: str) -> str:
    def const(found: re.Match[str]) -> str:
        bindings, specifier = found[1], found[2]
        if bindings is None:
            return ""  # run for its effects: its place in the run order is enough
        renamed = re.sub(r"\bas\b", ":", bindings)
        return f"const {{{renamed}}} = {variable(_target(name, specifier))};"

    body = IMPORT.sub(const, source)
    unhandled = UNHANDLED_IMPORT.search(body)
    if unhandled:
        raise BundleError(f"{name}: {unhandled[0].strip()}... is not handled")
    return body


def _scoped(name: str, body: str, path: str) -> str:
    """Module `name` as a function run once, returning its exports, in the file at `path`."""
    if re.search(r"^export\s+(?:let|var)\b", body, re.M):
        raise BundleError(f"{name}: a joined module's exports are copies; export a const")
    here = _relative(name, path)
    if "import(" in body and posixpath.dirname(name) != posixpath.dirname(path):
        raise BundleError(f"{name} imports at run time from outside the folder of {path}")
    declarations = EXPORTED.findall(body)
    exports = [export for _, binding in declarations for export in _names(binding)]
    body, stripped = EXPORT_KEYWORD.subn("", body)
    unhandled = UNHANDLED_EXPORT.search(body)
    if stripped != len(declarations):
        raise BundleError(f"{name}: an export of a nested destructuring is not handled")
    if unhandled:
        raise BundleError(f"{name}: {unhandled[0].strip()}... is not handled")
    body = body.replace("import.meta.url", f'new URL("{here}", import.meta.url).href')
    return (
        f"// {name}\nconst {variable(name)} = (() => {{\n{body}\n"
        f"return {{ {', '.join(exports)} }};\n}})();\n"
    )


def _without_comment_lines(source: str) -> str:
    """`source` less its lines that are only a ``//`` comment (a third of what the client's
    modules weigh once compressed), but for those inside a multi-line template string."""
    kept = []
    in_template = False
    for line in source.splitlines(keepends=True):
        if in_template or not line.lstrip().startswith("//"):
            kept.append(line)
            in_template ^= line.count("`") % 2 == 1
    return "".join(kept)


def _relative(name: str, path: str) -> str:
    """`name` as a specifier relative to the file at `path`."""
    relative = posixpath.relpath(name, posixpath.dirname(path) or ".")
    return relative if relative.startswith("../") else "./" + relative


def _names(binding: str) -> list[str]:
    """The names a declaration binds: `name`, or those of a destructuring ``{ a, b: c }``."""
    if not binding.startswith("{"):
        return [binding]
    items = [item.strip() for item in binding.strip("{}").split(",") if item.strip()]
    return [item.split(":")[-1].strip().removeprefix("...") for item in items]
