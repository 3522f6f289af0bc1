#!/usr/bin/env python3
"""The final position of every game of a PGN file, by python-chess: one
line per game, `N ok|err PLIES FEN`, the line format of the peer program
(`peers finalfen`) and of pgn-tests' `finalfen`.

    python3 tests/differential/python_chess_final.py FILE...

Each game is read with `chess.pgn.read_game` and a visitor that skips the
variations, so only the main line is replayed: PLIES is the number of its
moves played, FEN the position after the last of them, written by
`Board.fen()` (X-FEN castling rights, the en passant square only where a
capture is legal). A game is `err` when python-chess reported an error in
it (`handle_error`: an illegal, ambiguous or unreadable main-line move, a
FEN or Variant tag it cannot use); the main line ends at its first illegal
move. A game whose start position could not be set up has FEN `-`.

The file is read as UTF-8 (a byte-order mark skipped, undecodable bytes
replaced), as python-chess's documentation advises. Each file's lines
end with a summary line, `games N`, so that a caller can tell the files
apart and a complete run from a crash. Several files are read by one
process, which saves python-chess's start for each (it takes longer than
reading most corpus files).
"""

import logging
import sys

import chess
import chess.pgn


class FinalPosition(chess.pgn.BaseVisitor):
    """The main line's final board, ply count and whether anything failed."""

    def begin_game(self):
        self.board = None
        self.plies = 0
        self.error = False

    def begin_variation(self):
        return chess.pgn.SKIP

    def visit_board(self, board):
        # Called with the start position, then after every main-line move:
        # the same board object, moved on.
        self.board = board

    def visit_move(self, board, move):
        self.plies += 1

    def handle_error(self, error):
        self.error = True

    def result(self):
        fen = "-" if self.board is None else self.board.fen()
        return "err" if self.error else "ok", self.plies, fen


def final_positions(path, out):
    games = 0
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while True:
            line = chess.pgn.read_game(handle, Visitor=FinalPosition)
            if line is None:
                break
            games += 1
            status, plies, fen = line
            out.write("%d %s %d %s\n" % (games, status, plies, fen))
    out.write("games %d\n" % games)


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: python_chess_final.py FILE...")
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    for path in sys.argv[1:]:
        final_positions(path, sys.stdout)


if __name__ == "__main__":
    main()
