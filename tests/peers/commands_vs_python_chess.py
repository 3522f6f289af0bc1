#!/usr/bin/env python3
"""Compares the clocks and evaluations of `pgn moves` with python-chess's
`node.clock()` and `node.eval()` on every main-line move of PGN files, and
prints the counts; exits 1 on any disagreement.

    python3 tests/peers/commands_vs_python_chess.py [--pgn PATH] [--games N] FILE...

Games are matched by number. A game python-chess reads with errors, or
whose main line has another length on either side, is counted and left
out (it would compare nothing). A clock agrees when both give none or both
the same number of seconds; an evaluation when both give none, the same
pawns from White's view, or the same mate.
"""

import argparse
import io
import itertools
import json
import subprocess
import sys


def ours(pgn, path, games):
    out = subprocess.run([pgn, "moves", "--quiet", "--format", "json", path], check=False,
                         capture_output=True).stdout
    rows = {}
    for line in io.TextIOWrapper(io.BytesIO(out), encoding="utf-8"):
        row = json.loads(line)
        if row["game"] > games:
            break
        rows.setdefault(row["game"], []).append((row["clock"], row["eval"]))
    return rows


def theirs(chess, path, games):
    rows = {}
    with open(path, encoding="utf-8", errors="replace") as handle:
        for number in range(1, games + 1):
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            if game.errors:
                rows[number] = None
                continue
            moves = []
            for node in game.mainline():
                score = node.eval()
                if score is None:
                    value = None
                elif score.white().is_mate():
                    value = "#%d" % score.white().mate()
                else:
                    value = score.white().score() / 100
                moves.append((node.clock(), value))
            rows[number] = moves
    return rows


def same_eval(a, b):
    if a is None or b is None or isinstance(a, str) or isinstance(b, str):
        return a == b
    return abs(a - b) < 1e-9


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--pgn", default="target/release/pgn")
    parser.add_argument("--games", type=int, default=10**9, help="the first N games of each file")
    parser.add_argument("--show", type=int, default=5)
    args = parser.parse_args()
    import chess.pgn

    failed = 0
    for path in args.files:
        a, b = ours(args.pgn, path, args.games), theirs(chess, path, args.games)
        counts = dict(games=0, skipped=0, moves=0, clocks=0, evals=0, clock_diff=0, eval_diff=0)
        shown = []
        for number in sorted(set(a) | set(b)):
            x, y = a.get(number, []), b.get(number)
            if y is None or len(x) != len(y):
                counts["skipped"] += 1
                continue
            counts["games"] += 1
            for ply, ((c1, e1), (c2, e2)) in enumerate(zip(x, y), 1):
                counts["moves"] += 1
                counts["clocks"] += c1 is not None
                counts["evals"] += e1 is not None
                clock_ok = (c1 is None) == (c2 is None) and (c1 is None or abs(c1 - c2) < 1e-9)
                if not clock_ok:
                    counts["clock_diff"] += 1
                if not same_eval(e1, e2):
                    counts["eval_diff"] += 1
                if (not clock_ok or not same_eval(e1, e2)) and len(shown) < args.show:
                    shown.append("game %d ply %d: ours %r %r, python-chess %r %r" % (number, ply, c1, e1, c2, e2))
        print("%s: %s" % (path, " ".join("%s=%d" % kv for kv in counts.items())))
        for line in shown:
            print("  " + line)
        failed += counts["clock_diff"] + counts["eval_diff"]
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
