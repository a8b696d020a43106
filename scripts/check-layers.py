#!/usr/bin/env python3
"""The include rules of ARCHITECTURE.md ("What each folder may include"), checked.

Reads every quoted include of kernels/ and host/ and fails (exit 1, one line per
breach) when a folder includes what its row does not allow, or when files include each
other in a cycle.  Usage: scripts/check-layers.py [ROOT]   (ROOT: the checkout, default .)
"""
import os
import re
import sys

# Each folder's allowed prefixes, as ARCHITECTURE.md's table gives them.  "TOP" is the
# files at the top of host/ (errors.hpp, families.hpp, units.hpp, messages.hpp and the
# generated headers); an exception names one file that may include one more thing.
TOP = "TOP"
RULES = {
    "kernels/core/": ["kernels/core/"],
    "kernels/expr/": ["kernels/core/", "kernels/expr/"],
    "kernels/families/": ["kernels/core/", "kernels/expr/", "kernels/families/"],
    "kernels/graph/": ["kernels/core/", "kernels/families/", "kernels/graph/"],
    "kernels/distance/": ["kernels/core/", "kernels/graph/", "kernels/distance/"],
    "kernels/sim/": ["kernels/core/", "kernels/families/", "kernels/graph/", "kernels/sim/"],
    "host/records/": ["host/records/", TOP, "kernels/"],
    "host/checks/": ["host/checks/", "host/records/labels.hpp", "host/records/file_names.hpp",
                     "host/records/checked_io.hpp", TOP, "kernels/"],
    "host/claims/": ["host/claims/", "host/checks/check.hpp", "host/checks/sim_names.hpp",
                     "host/records/instance_name.hpp", "host/records/domain_text.hpp",
                     "host/records/labels.hpp", "host/records/record_statistics.hpp",
                     "host/records/outcome.hpp", "host/records/record_fields.hpp", TOP,
                     "kernels/"],
    "host/batch/": ["host/batch/", "host/checks/registry.hpp", "host/claims/expression_claim.hpp", TOP,
                    "kernels/"],
    "host/guess/": ["host/guess/", "kernels/expr/"],
    "host/report/": ["host/report/", "host/claims/summary.hpp", "host/records/", TOP],
    "host/run/": ["host/run/", "host/batch/", "host/checks/", "host/claims/", "host/records/",
                  "host/report/", TOP, "kernels/"],
    "host/cluster/": ["host/cluster/", "host/run/", "host/batch/", "host/checks/", "host/claims/",
                      "host/records/", "host/report/", TOP, "kernels/"],
    "host/cli/": ["host/", "kernels/"],
    "host/": [TOP, "kernels/"],
}
EXCEPTIONS = {
    # The catalog lists the `claims` check, so it alone stands above the claims.
    "host/checks/registry.cpp": ["host/claims/registry.hpp"],
}
SOURCE = re.compile(r"\.(hpp|cpp|inl|cu|cuh)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def room_of(path):
    """The longest RULES key that is a prefix of path's folder."""
    folder = os.path.dirname(path) + "/"
    best = None
    for room in RULES:
        if folder.startswith(room) and (best is None or len(room) > len(best)):
            best = room
    return best


def is_top(target):
    return target.startswith("host/") and target.count("/") == 1


def allowed(path, target):
    for prefix in RULES[room_of(path)] + EXCEPTIONS.get(path, []):
        if prefix == TOP and is_top(target):
            return True
        if prefix != TOP and (target == prefix or (prefix.endswith("/") and target.startswith(prefix))):
            return True
    return False


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    graph = {}
    for top in ("kernels", "host"):
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in names:
                if SOURCE.search(name):
                    full = os.path.join(folder, name)
                    rel = os.path.relpath(full, root)
                    with open(full, encoding="utf-8") as f:
                        graph[rel] = [t for t in INCLUDE.findall(f.read())
                                      if t.startswith(("kernels/", "host/"))]
    if not graph:
        print(f"check-layers: no sources under {root}/kernels or {root}/host", file=sys.stderr)
        return 2
    breaches = [f"{path} includes {target}: not allowed for {room_of(path)}"
                for path, targets in sorted(graph.items()) for target in targets
                if not allowed(path, target)]
    # Cycles among the files (a .hpp's own .cpp does not count: nothing includes a .cpp).
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == "open":
                breaches.append("include cycle: " + " -> ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in state and nxt in graph:
                visit(nxt)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node)
    for line in breaches:
        print(line)
    print(f"check-layers: {len(graph)} files, {sum(map(len, graph.values()))} includes, "
          f"{len(breaches)} breaches", file=sys.stderr)
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
