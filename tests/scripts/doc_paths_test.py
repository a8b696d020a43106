#!/usr/bin/env python3
"""The paths README.md, ARCHITECTURE.md and the guide (docs/*.md) name, checked to exist.

Usage: doc_paths_test.py SOURCE_DIR

A path is a code span (`...`) whose text starts with a folder of the tree (kernels/, host/,
tests/, bench/, configs/, scripts/, cmake/, docs/, python/, .ci/) or names a file at the top;
`{a,b}` expands and `*` globs (a glob must match something); spans with a placeholder in
capitals (NAME, FAMILY) or in angle brackets are a pattern, not a path, and are passed
over, and so are paths git ignores (outputs such as bench/peers/out/).  Markdown links to a local file are checked too, relative to their page.  Exit 0
when every one exists, 1 listing those that do not.
"""
import glob
import os
import re
import subprocess
import sys

FOLDERS = ("kernels/", "host/", "tests/", "bench/", "configs/", "scripts/", "cmake/", "docs/", "python/",
           ".ci/")
TOP_FILES = ("README.md", "ARCHITECTURE.md", "CMakeLists.txt", "CMakePresets.json", "pyproject.toml")
SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s#]+)(#[^)]*)?\)")


def expand_braces(text):
    match = re.search(r"\{([^{}]*)\}", text)
    if not match:
        return [text]
    out = []
    for choice in match.group(1).split(","):
        out += expand_braces(text[:match.start()] + choice + text[match.end():])
    return out


def candidate_paths(span):
    for token in span.split():
        token = token.strip("(),;:'\"")
        token = re.sub(r"[.,;:]+$", "", token)
        if not (token.startswith(FOLDERS) or token in TOP_FILES):
            continue
        if re.search(r"[A-Z]{3,}", token.split("/")[-1].split(".")[0]) or "<" in token:
            continue  # a pattern such as kernels/families/NAME.hpp
        if re.search(r"/[A-Z]+(/|$)", token) or "|" in token or re.search(r":\d", token):
            continue  # a pattern, an alternation or a file:line of a message
        yield token


def ignored(root, path):
    """Whether git ignores path: an output a command writes (bench/peers/out/)."""
    try:
        return any(subprocess.run(["git", "-C", root, "check-ignore", "-q", p],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
                   for p in (path, path + "/"))
    except OSError:
        return False


def exists(root, path):
    if ignored(root, path):
        return True
    for one in expand_braces(path):
        full = os.path.join(root, one)
        if "*" in one or "?" in one:
            if not glob.glob(full):
                return False
        elif not os.path.exists(full):
            return False
    return True


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    root = os.path.abspath(argv[1])
    pages = ["README.md", "ARCHITECTURE.md"] + sorted(
        os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "docs", "*.md")))
    missing = []
    checked = 0
    for page in pages:
        with open(os.path.join(root, page), encoding="utf-8") as f:
            text = f.read()
        # Code blocks hold commands and output, not references: only prose is read.
        prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
        for number, line in enumerate(prose.splitlines(), start=1):
            for span in SPAN.findall(line):
                for path in candidate_paths(span):
                    checked += 1
                    if not exists(root, path):
                        missing.append(f"{page}: `{path}`")
            for target, _ in LINK.findall(line):
                if "://" in target or target.startswith("mailto:"):
                    continue
                checked += 1
                if not os.path.exists(os.path.join(root, os.path.dirname(page), target)):
                    missing.append(f"{page}: link ({target})")
    for m in missing:
        print("no such path: " + m)
    print(f"{checked - len(missing)} passed, {len(missing)} failed")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
