#!/usr/bin/env python3
"""Compares `pgn fen --every-ply --en-passant WHEN` with python-chess's
`board.fen()` at every position of the main line of each game of PGN
files, and prints the counts; exits 1 on any disagreement.

    python3 tests/peers/fen_vs_python_chess.py [--pgn PATH] [--en-passant legal|always] [--games N] FILE...

`--en-passant legal` (the default) is compared with python-chess's own
default, `board.fen()` (`en_passant="legal"`: the square only when an en
passant capture is legal); `always` with `board.fen(en_passant="fen")`
(the square after every two-square pawn advance, as §16.1.3.4 says).

Games are matched by number. A game python-chess reads with errors, or
one of another variant than chess, one `pgn fen` did not replay to its
end (a `#` line), or one whose main line has another length on either
side, is counted as skipped (it would compare nothing). `positions` counts
the positions compared, the start included; `ep` those where either side
wrote an en passant square.
"""

import argparse
import logging
import subprocess
import sys


def ours(pgn, path, en_passant, games):
    out = subprocess.run(
        [pgn, "fen", "--every-ply", "--quiet", "--en-passant", en_passant, path],
        check=False,
        capture_output=True,
    ).stdout.decode("utf-8", errors="replace")
    records = {}
    for number, record in enumerate(out.split("\n\n"), 1):
        if number > games:
            break
        lines = [line for line in record.split("\n") if line]
        if any(line.startswith("#") for line in lines):
            records[number] = None
        elif lines:
            records[number] = lines
    return records


def positions(chess, mode):
    """A python-chess visitor that writes the FEN of every main-line
    position (variations skipped, as `pgn fen` skips them), or gives
    `None` for a game with an error or of another variant."""

    class Positions(chess.pgn.BaseVisitor):
        def begin_game(self):
            self.fens = []
            self.error = False

        def begin_variation(self):
            return chess.pgn.SKIP

        def visit_board(self, board):
            # The start position, then the board after every main-line move.
            self.error |= type(board) is not chess.Board
            self.fens.append(board.fen(en_passant=mode))

        def handle_error(self, error):
            self.error = True

        def result(self):
            return None if self.error else self.fens

    return Positions


def theirs(chess, path, en_passant, games):
    import chess.pgn

    visitor = positions(chess, "legal" if en_passant == "legal" else "fen")
    records = {}
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        for number in range(1, games + 1):
            game = chess.pgn.read_game(handle, Visitor=visitor)
            if game is None:
                break
            records[number] = game
    return records


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--pgn", default="target/release/pgn")
    parser.add_argument("--en-passant", choices=["legal", "always"], default="legal")
    parser.add_argument("--games", type=int, default=10**9, help="the first N games of each file")
    parser.add_argument("--show", type=int, default=5)
    args = parser.parse_args()
    import chess

    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    total = dict(files=0, games=0, skipped=0, positions=0, ep=0, differ=0)
    for path in args.files:
        a = ours(args.pgn, path, args.en_passant, args.games)
        b = theirs(chess, path, args.en_passant, args.games)
        counts = dict(games=0, skipped=0, positions=0, ep=0, differ=0)
        shown = []
        for number in sorted(set(a) | set(b)):
            x, y = a.get(number), b.get(number)
            if x is None or y is None or len(x) != len(y):
                counts["skipped"] += 1
                continue
            counts["games"] += 1
            for ply, (f1, f2) in enumerate(zip(x, y)):
                counts["positions"] += 1
                counts["ep"] += f1.split(" ")[3] != "-" or f2.split(" ")[3] != "-"
                if f1 != f2:
                    counts["differ"] += 1
                    if len(shown) < args.show:
                        shown.append("game %d ply %d: ours %s, python-chess %s" % (number, ply, f1, f2))
        print("%s: %s" % (path, " ".join("%s=%d" % kv for kv in counts.items())))
        for line in shown:
            print("  " + line)
        total["files"] += 1
        for key, value in counts.items():
            total[key] += value
    print("total: %s" % " ".join("%s=%d" % kv for kv in total.items()))
    sys.exit(1 if total["differ"] else 0)


if __name__ == "__main__":
    main()
