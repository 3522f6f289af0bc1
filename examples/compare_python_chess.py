#!/usr/bin/env python3
"""Runs each example program of pgn-examples and its python-chess version
over corpus files, and reports how many output lines are identical and how
many differ, with the differences sorted into kinds and a few of each kind
shown.

    python3 examples/compare_python_chess.py [--corpus DIR] [--show N] [--big] [--edge]

The examples are built in release mode with cargo (CARGO_TARGET_DIR is
honoured). The corpus is $PGN_CORPUS, else ../shared/corpus beside the
workspace. python-chess is installed with pip if it is missing.

Each python version is the one-liner of issue 38:

- legal_moves: Board(fen); sorted SANs of the legal moves; push_san of the
  first; Board.fen() (en passant square only where a capture is legal).
- final_positions: read_game loop; headers White, Black, Result; "-" for a
  game with errors, else game.end().board().fen(en_passant="fen").
- annotated: for node in game.mainline(): node.ply(), node.san(),
  sorted(node.nags), node.comment with white space squeezed, node.clock()
  in seconds, node.eval() from White's view (pawns with two decimals, or
  #N).
- select_player: games whose White or Black header contains NAME, printed
  with print(game). python-chess writes its own layout (no line filling,
  comments as `{ text }`, its tag order), so both outputs are first
  normalised to one line per game: the seven roster tags, then the moves,
  variations and NAGs, without move numbers, comments or line breaks.

Lines are matched with difflib (a game missing on one side shifts nothing
else); a differing line is sorted by what differs.
"""

import argparse
import collections
import difflib
import io
import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

WORKSPACE = Path(__file__).resolve().parent.parent

PGN_FILES = [
    "bench/twic-samples/twic1599_1000k.pgn",
    "bench/lichess-samples/lichess_db_1000k.pgn",
    "bench/lichess-samples/chessjs-benchmark.pgn",
    "bench/lichess-samples/lichess-database-wip-2017-05.pgn",
    "pgn/pychess-learn/lessons/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn",
    "pgn/pychess-learn/puzzles/mate_in_2.pgn",
    "pgn/scalachess-fixtures/wcc2023.list.pgn",
    "pgn/python-chess/kasparov-deep-blue-1997.pgn",
    "pgn/python-chess/cutechess-fischerrandom.pgn",
    "pgn/python-chess/nepomniachtchi-liren-game1.pgn",
    "pgn/hoover/parsertest-1.pgn",
    "pgn/sunfish/3fold.pgn",
]
BIG_FILES = ["bench/gnuchess-book_1.02.pgn.zst"]
# Files of odd and broken PGN, each a test of a reader's leniency: the two
# readers differ on many of them by design (see --edge).
EDGE_GLOBS = [
    "pgn/scalachess-fixtures/*.pgn",
    "pgn/chess-library/*.pgn",
    "pgn/python-chess/*.pgn",
    "pgn/chess.js/*.pgn",
    "pgn/sunfish/pgns.pgn",
]
FEN_FILES = [
    "perft/perftsuite.epd",
    "fen/sunfish/chessathome_openings.fen",
    "fen/sunfish/mate2.fen",
    "fen/sunfish/stalemate2.fen",
]
# select_player: the file and the name looked for.
SELECTIONS = [
    ("bench/twic-samples/twic1599_1000k.pgn", "Carlsen"),
    ("bench/twic-samples/twic1599_1000k.pgn", "Nodirbek"),
    ("bench/lichess-samples/lichess_db_1000k.pgn", "a"),
    ("pgn/python-chess/kasparov-deep-blue-1997.pgn", "Deep Blue"),
    ("pgn/scalachess-fixtures/wcc2023.list.pgn", "Ding"),
    ("pgn/python-chess/cutechess-fischerrandom.pgn", "Stockfish"),
    ("pgn/hoover/parsertest-1.pgn", "player"),
]


def ensure_python_chess():
    try:
        import chess  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "chess"], check=True)
    import chess
    import chess.pgn

    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    return chess


def build_examples():
    """Builds the examples in release mode; their paths by name."""
    out = subprocess.run(
        ["cargo", "build", "--release", "-p", "pgn-examples", "--examples", "--message-format=json"],
        cwd=WORKSPACE,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    paths = {}
    for line in out.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message.get("executable"):
            if "example" in message["target"]["kind"]:
                paths[message["target"]["name"]] = message["executable"]
    return paths


def run_rust(exe, *args):
    """What an example prints; `<error>` for its error (its message is
    not compared: only whether each side fails)."""
    done = subprocess.run([exe, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    text = done.stdout.decode("utf-8", "replace")
    if done.returncode != 0:
        text += "<error>\n"
    return text


def pgn_text(path):
    """The text of a PGN file (decompressed if it is zstd)."""
    if path.suffix == ".zst":
        data = subprocess.run(["zstd", "-dc", str(path)], stdout=subprocess.PIPE, check=True).stdout
        return data.decode("utf-8", "replace")
    return path.read_bytes().decode("utf-8", "replace")


def games(chess, text):
    handle = io.StringIO(text)
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return
        yield game


# The python-chess versions.


def py_legal_moves(chess, fen):
    try:
        board = chess.Board(fen)
    except ValueError:
        return "<error>\n"
    sans = sorted(board.san(m) for m in board.legal_moves)
    out = " ".join(sans) + "\n"
    if not sans:
        return out + "<error>\n"  # sans[0]: IndexError
    board.push_san(sans[0])
    return out + board.fen() + "\n"


def py_final_positions(chess, text):
    out = []
    for game in games(chess, text):
        h = game.headers
        fen = "-" if game.errors else game.end().board().fen(en_passant="fen")
        out.append("%s\t%s\t%s\t%s\n" % (h["White"], h["Black"], h["Result"], fen))
    return "".join(out)


def py_annotated(chess, text):
    out = []
    for number, game in enumerate(games(chess, text), 1):
        # node.ply() and node.san() each replay the game from its root
        # (O(n) a node); the same values, kept up to date along the line:
        # node.ply() is game.ply() plus the node's depth, node.san() the
        # SAN of its move on its parent's board.
        try:
            board = game.board()
        except ValueError as error:  # node.san() raises it too
            out.append("%d\t<python-chess: %s>\n" % (number, error))
            continue
        ply = game.ply()
        for node in game.mainline():
            ply += 1
            san = board.san(node.move)
            board.push(node.move)
            nags = " ".join("$%d" % n for n in sorted(node.nags))
            comment = " ".join(node.comment.split())
            clock = node.clock()
            clock = "" if clock is None else ("%.9f" % clock).rstrip("0").rstrip(".")
            out.append("%d\t%d\t%s\t%s\t%s\t%s\t%s\n" % (number, ply, san, nags, comment, clock, py_eval(node)))
    return "".join(out)


def py_eval(node):
    """The evaluation of a node as the example writes it: pawns from
    White's view with two decimals, or a mate."""
    score = node.eval()
    if score is None:
        return ""
    white = score.white()
    if white.is_mate():
        return "#%d" % white.mate()
    return "%.2f" % (white.score() / 100)


def py_select_player(chess, text, name):
    out = []
    for game in games(chess, text):
        if name in game.headers.get("White", "") or name in game.headers.get("Black", ""):
            out.append(str(game) + "\n\n")
    return "".join(out)


ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


def normalise_export(text):
    """One line per game of PGN text: its roster tags, then its movetext
    tokens without move numbers, comments or the result."""
    lines = []
    for block in re.split(r"\n\n(?=\[)", text.strip()):
        tags, moves = {}, []
        head, _, movetext = block.partition("\n\n")
        for line in head.splitlines():
            match = TAG.match(line)
            if match:
                tags[match.group(1)] = match.group(2)
        movetext = re.sub(r"\{[^}]*\}", " ", movetext)
        for token in re.findall(r"\(|\)|\$\d+|[^\s()]+", movetext):
            if re.fullmatch(r"\d+\.+", token) or token in ("1-0", "0-1", "1/2-1/2", "*"):
                continue
            moves.append(re.sub(r"^\d+\.+", "", token))
        roster = "|".join(tags.get(t, "") for t in ROSTER)
        lines.append(roster + "\t" + " ".join(moves) + "\n")
    return "".join(lines) if text.strip() else ""


def kind_of(example, ours, theirs):
    """What differs between two lines."""
    if ours is None:
        return "game or line only python-chess gives"
    if theirs is None:
        return "game or line only ours gives"
    a, b = ours.rstrip("\n").split("\t"), theirs.rstrip("\n").split("\t")
    if example == "legal_moves":
        if a[0].startswith("<error") or b[0].startswith("<error"):
            return "one side rejects the FEN"
        return "moves or FEN"
    if example == "final_positions" and len(a) == 4 and len(b) == 4:
        if a[:2] != b[:2]:
            return "White/Black text"
        if a[3] != b[3]:
            if a[3] == "-" or b[3] == "-":
                return "replayable on one side only (- on the other)"
            return "final position"
        return "Result (ours by ruling E3, python-chess's the tag as written)"
    if example == "annotated" and len(a) == 7 and len(b) == 7:
        for field, name in ((1, "ply"), (2, "SAN"), (3, "NAGs"), (4, "comment"), (5, "clock"), (6, "eval")):
            if a[field] != b[field]:
                return name
    if example == "select_player" and len(a) == 2 and len(b) == 2:
        return "roster tags" if a[0] != b[0] else "moves"
    return "other"


class Tally:
    def __init__(self):
        self.lines = collections.Counter()
        self.kinds = collections.defaultdict(list)

    def compare(self, example, what, ours, theirs):
        a, b = ours.splitlines(keepends=True), theirs.splitlines(keepends=True)
        self.lines[example, "ours"] += len(a)
        self.lines[example, "python"] += len(b)
        # The common head and tail first: difflib is slow on millions of
        # lines, and most of them are alike.
        head = 0
        while head < min(len(a), len(b)) and a[head] == b[head]:
            head += 1
        tail = 0
        while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        self.lines[example, "identical"] += head + tail
        a, b = a[head : len(a) - tail], b[head : len(b) - tail]
        matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                self.lines[example, "identical"] += i2 - i1
                continue
            for k in range(max(i2 - i1, j2 - j1)):
                x = a[i1 + k] if i1 + k < i2 else None
                y = b[j1 + k] if j1 + k < j2 else None
                self.kinds[example, kind_of(example, x, y)].append((what, x, y))
                self.lines[example, "different"] += 1

    def report(self, show):
        for example in ["legal_moves", "final_positions", "annotated", "select_player"]:
            l = self.lines
            print(
                "%s: %d lines ours, %d python-chess, %d identical, %d differing"
                % (example, l[example, "ours"], l[example, "python"], l[example, "identical"], l[example, "different"])
            )
            for (ex, kind), cases in sorted(self.kinds.items()):
                if ex != example:
                    continue
                files = collections.Counter(what for what, _, _ in cases)
                print("  %6d  %s  (%s)" % (len(cases), kind, ", ".join("%s: %d" % f for f in files.most_common(4))))
                for what, x, y in cases[:show]:
                    print("          %s" % what)
                    print("            ours:   %r" % (x[:300] if x else x))
                    print("            python: %r" % (y[:300] if y else y))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.environ.get("PGN_CORPUS", str(WORKSPACE.parent / "shared" / "corpus")))
    parser.add_argument("--show", type=int, default=2, help="differences shown of each kind")
    parser.add_argument("--big", action="store_true", help="also the 145,716 games of the gnuchess book")
    parser.add_argument(
        "--edge", action="store_true", help="also the files of odd and broken PGN (final_positions, annotated)"
    )
    args = parser.parse_args()
    corpus = Path(args.corpus)
    chess = ensure_python_chess()
    exe = build_examples()
    tally = Tally()
    counts = collections.Counter()

    for name in FEN_FILES:
        for line in (corpus / name).read_text().splitlines():
            fen = line.split(";")[0].strip()
            if not fen:
                continue
            counts["fens"] += 1
            ours = run_rust(exe["legal_moves"], fen)
            tally.compare("legal_moves", name, ours, py_legal_moves(chess, fen))

    names = PGN_FILES + (BIG_FILES if args.big else [])
    if args.edge:
        for pattern in EDGE_GLOBS:
            names += sorted(str(p.relative_to(corpus)) for p in corpus.glob(pattern))
    for name in dict.fromkeys(names):  # each file once, in order
        path = corpus / name
        text = pgn_text(path)
        counts["files"] += 1
        if path.suffix == ".zst":
            tmp = Path(os.environ.get("TMPDIR", "/tmp")) / path.stem
            tmp.write_text(text)
            path = tmp
        ours = run_rust(exe["final_positions"], str(path))
        counts["games (ours)"] += len(ours.splitlines())
        theirs = py_final_positions(chess, text)
        counts["games (python-chess)"] += len(theirs.splitlines())
        tally.compare("final_positions", name, ours, theirs)
        tally.compare("annotated", name, run_rust(exe["annotated"], str(path)), py_annotated(chess, text))

    for name, player in SELECTIONS:
        path = corpus / name
        ours = normalise_export(run_rust(exe["select_player"], str(path), player))
        theirs = normalise_export(py_select_player(chess, pgn_text(path), player))
        tally.compare("select_player", "%s [%s]" % (name, player), ours, theirs)

    print("python-chess %s; %s" % (chess.__version__, ", ".join("%s %d" % c for c in counts.items())))
    tally.report(args.show)


if __name__ == "__main__":
    main()
