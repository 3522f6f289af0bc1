#!/usr/bin/env python3
"""PGN files to Parquet on a Dask cluster, then questions to DuckDB.

Each file is cut into byte ranges at game starts (`pgn ranges`); a Dask
distributed cluster (local here: the same code runs on a real one, with
the files on a shared file system) maps `pgn table --range` over the
parts, each writing a games and a moves Parquet file; DuckDB then answers
over all the parts:

- games per ECO family (A to E, and none);
- average game length in plies per Elo band of 200 (the mean of the two
  ratings, games where both are known);
- share of games decided on time (Termination "Time forfeit" and a
  decisive result);
- average clock left after move 40 (both players' clocks after their
  40th move, plies 79 and 80).

With --check, each answer is computed once more by one `pgn` process on
the whole file, with no table (`pgn select --count` for the counts,
`pgn select --columns` and `pgn moves` for the averages), and the run
fails if any differs. Only games that replay cleanly count, on both
sides (`clean` in the table; `pgn select` selects no game that cannot be
replayed).

    pip install dask distributed duckdb pyarrow
    python3 examples/distributed/tables_on_dask.py --pgn target/release/pgn \\
        --parts 8 --workers 2 --check games.pgn
"""

import argparse
import csv
import io
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

FAMILIES = ["A", "B", "C", "D", "E"]


def run(cmd):
    """Runs `cmd`, returns its standard output; fails loudly on exit 2."""
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)}: exit {done.returncode}\n{done.stderr}")
    return done.stdout


def table_part(pgn, path, byte_range, out_dir, index):
    """One task on a worker: the tables of the games of one range."""
    games = os.path.join(out_dir, f"games-{index:05}.parquet")
    moves = os.path.join(out_dir, f"moves-{index:05}.parquet")
    start = time.monotonic()
    run([pgn, "table", path, "--range", byte_range, "--games", games,
         "--moves", moves, "--threads", "1", "-q"])
    return {"range": byte_range, "seconds": time.monotonic() - start}


def convert(pgn, files, parts, workers, out_dir):
    """Cuts the files into ranges and converts them on a local cluster."""
    from dask.distributed import Client, LocalCluster

    tasks = []
    for path in files:
        for byte_range in run([pgn, "ranges", path, "--parts", str(parts)]).split():
            tasks.append((path, byte_range))
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        futures = [client.submit(table_part, pgn, path, r, out_dir, i, pure=False)
                   for i, (path, r) in enumerate(tasks)]
        results = client.gather(futures)
    return results


def duckdb_answers(out_dir, path):
    """The four answers for the games of `path`, from the Parquet parts."""
    import duckdb

    con = duckdb.connect()
    games = f"read_parquet('{out_dir}/games-*.parquet')"
    moves = f"read_parquet('{out_dir}/moves-*.parquet')"
    name = path.replace("'", "''")
    con.execute(f"CREATE VIEW g AS SELECT * FROM {games} WHERE file = '{name}' AND clean")
    con.execute(f"CREATE VIEW m AS SELECT m.* FROM {moves} m JOIN g USING (file, \"offset\")")
    answers = {}
    rows = con.execute("SELECT coalesce(substr(eco, 1, 1), 'none') f, count(*) FROM g "
                       "GROUP BY f ORDER BY f").fetchall()
    answers["games per ECO family"] = {f: n for f, n in rows}
    rows = con.execute("SELECT CAST(floor((white_elo + black_elo) / 2 / 200) * 200 AS INTEGER) b, "
                       "avg(plies) FROM g WHERE white_elo IS NOT NULL AND black_elo IS NOT NULL "
                       "GROUP BY b ORDER BY b").fetchall()
    answers["average plies per Elo band"] = {str(b): a for b, a in rows}
    answers["share decided on time"] = con.execute(
        "SELECT avg(CASE WHEN termination = 'Time forfeit' AND result IN ('1-0', '0-1') "
        "THEN 1.0 ELSE 0.0 END) FROM g").fetchone()[0]
    answers["average clock after move 40"] = con.execute(
        "SELECT avg(clock_seconds) FROM m WHERE ply IN (79, 80) AND clock_seconds IS NOT NULL"
    ).fetchone()[0]
    answers["games"] = con.execute("SELECT count(*) FROM g").fetchone()[0]
    return answers


def count(pgn, path, *criteria):
    """`pgn select --count` of `path` with `criteria`."""
    return int(run([pgn, "select", path, "--count", "-q", *criteria]).split()[-1])


def tsv(text):
    return list(csv.DictReader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE))


def pgn_answers(pgn, path):
    """The same answers from one `pgn` process each, on the whole file."""
    answers = {}
    total = count(pgn, path)
    families = {f: count(pgn, path, "--eco", f"{f}00-{f}99") for f in FAMILIES}
    families["none"] = total - sum(families.values())
    answers["games per ECO family"] = {f: n for f, n in sorted(families.items()) if n}
    plies = defaultdict(list)
    for row in tsv(run([pgn, "select", path, "--columns", "WhiteElo,BlackElo,PlyCount", "-q"])):
        white, black = row["WhiteElo"], row["BlackElo"]
        if white.isdigit() and black.isdigit():
            band = math.floor((int(white) + int(black)) / 2 / 200) * 200
            plies[str(band)].append(int(row["PlyCount"]))
    answers["average plies per Elo band"] = {
        b: sum(v) / len(v) for b, v in sorted(plies.items(), key=lambda kv: int(kv[0]))}
    on_time = count(pgn, path, "--tag", "Termination=Time forfeit", "--result", "1-0,0-1")
    answers["share decided on time"] = on_time / total if total else None
    playable = {r["game"] for r in tsv(run([pgn, "select", path, "--columns", "game", "-q"]))}
    clocks = [float(r["clock"]) for r in tsv(run([pgn, "moves", path, "-q"]))
              if r["ply"] in ("79", "80") and r["clock"] and r["game"] in playable]
    answers["average clock after move 40"] = sum(clocks) / len(clocks) if clocks else None
    answers["games"] = total
    return answers


def same(a, b):
    """Equal answers, floating point within rounding."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    return a == b


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="plain PGN files")
    parser.add_argument("--pgn", default="pgn", help="the pgn command")
    parser.add_argument("--parts", type=int, default=8, help="ranges a file")
    parser.add_argument("--workers", type=int, default=2, help="Dask worker processes")
    parser.add_argument("--out", help="where the Parquet parts go (default: a temporary folder)")
    parser.add_argument("--check", action="store_true", help="compare with one pgn process")
    args = parser.parse_args()
    files = [os.path.abspath(f) for f in args.files]
    pgn = os.path.abspath(args.pgn) if os.sep in args.pgn else args.pgn
    with tempfile.TemporaryDirectory() as temp:
        out_dir = args.out or temp
        os.makedirs(out_dir, exist_ok=True)
        # The parts of an earlier run would be read with this run's.
        for old in os.listdir(out_dir):
            if old.startswith(("games-", "moves-")) and old.endswith(".parquet"):
                os.remove(os.path.join(out_dir, old))
        start = time.monotonic()
        parts = convert(pgn, files, args.parts, args.workers, out_dir)
        print(f"{len(parts)} parts converted on {args.workers} workers "
              f"in {time.monotonic() - start:.1f} s")
        failed = False
        for path in files:
            ours = duckdb_answers(out_dir, path)
            print(f"\n{os.path.basename(path)} (DuckDB over the Parquet parts):")
            print(json.dumps(ours, indent=2))
            if args.check:
                theirs = pgn_answers(pgn, path)
                if same(ours, theirs):
                    print("the same from one pgn process on the whole file")
                else:
                    failed = True
                    print("DIFFERENT from one pgn process on the whole file:")
                    print(json.dumps(theirs, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
