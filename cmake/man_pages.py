#!/usr/bin/env python3
"""Writes one man page per command (topoverify-run.1, ...) with help2man.

Usage: man_pages.py HELP2MAN BINARY VERSION docs/commands.md OUTPUT_DIR

Each page is help2man's reading of `topoverify CMD --help` (synopsis and options) with the
command's section of docs/commands.md as its DESCRIPTION and EXAMPLES, so the man page,
the guide and --help cannot say different things: the section's examples are checked by
the guide's doc test.
"""
import os
import re
import stat
import subprocess
import sys


def sections(markdown):
    """{command: (description paragraphs, example command lines)} from `## topoverify CMD`."""
    found = {}
    name = None
    in_code = False
    for line in markdown.splitlines():
        heading = re.match(r"^## topoverify (\w+)\s*$", line)
        if heading:
            name = heading.group(1)
            found[name] = ([], [])
            continue
        if name is None:
            continue
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            if line.startswith("$ "):
                found[name][1].append(line[2:])
        else:
            found[name][0].append(line)
    return found


def roff(text):
    """Markdown prose as roff: backslashes escaped, code spans bold, no leading dots."""
    text = text.replace("\\", "\\e")
    text = re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)
    return "\n".join(("\\&" + l) if l[:1] in (".", "'") else l for l in text.splitlines())


def include_text(description, examples):
    paragraphs = [p.strip() for p in "\n".join(description).split("\n\n") if p.strip()]
    out = ["[DESCRIPTION]"]
    for p in paragraphs:
        out += [roff(p), ".PP"]
    if examples:
        out += ["[EXAMPLES]", ".nf"]
        out += [roff(e) for e in examples]
        out += [".fi"]
    out += ["[SEE ALSO]", "\\fBtopoverify\\fR(1); the user guide in docs/ of the source tree."]
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 6:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    help2man, binary, version, commands_md, out_dir = argv[1:]
    with open(commands_md, encoding="utf-8") as f:
        found = sections(f.read())
    os.makedirs(out_dir, exist_ok=True)
    # Each command's one-line summary, as `topoverify --help` lists it, names its page.
    top = subprocess.run([binary, "--help"], stdout=subprocess.PIPE, text=True, check=True).stdout
    summaries = dict(re.findall(r"^  (\w+)\s{2,}(.+)$", top, re.M))
    for command, (description, examples) in found.items():
        wrapper = os.path.join(out_dir, f"topoverify-{command}")
        with open(wrapper, "w") as f:
            # help2man names the page after the program it runs; the usage line names the
            # command as a user types it.
            f.write(f'#!/bin/sh\n"{binary}" {command} "$@" | sed "s|Usage: [^ ]*topoverify|Usage: topoverify|"\n')
        os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IXUSR)
        include = os.path.join(out_dir, f"topoverify-{command}.h2m")
        with open(include, "w", encoding="utf-8") as f:
            f.write(include_text(description, examples))
        name = summaries.get(command, f"the {command} command")
        subprocess.run([help2man, "--no-info", "--no-discard-stderr", "--version-string", version,
                        "--name", name, "--section", "1", "--include", include,
                        "--output", os.path.join(out_dir, f"topoverify-{command}.1"), wrapper],
                       check=True)
        os.remove(wrapper)
        os.remove(include)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
