#!/usr/bin/env bash
# Time is linear in input size: `pgn check` and `pgn export` on 1×, 2× and
# 4× copies of three inputs, the median of three runs each. Not a test (no
# bound is checked): run it by hand on a release build and read the
# seconds per copy, which should stay flat.
#
#   cargo build --release -p pgn-cli
#   tests/bench/linearity.sh [target/release/pgn]
#
# The inputs, made in a temporary folder removed at the end (about 700 MB
# at the largest):
#   book    the gnuchess book of the corpus (86 MB of PGN), decompressed;
#   line    a 50 MB line without a line end (games written on one line),
#           copied onto the same line;
#   nested  100,000 nested variations `( 1. d4 ( 1. d4 ...` in one game:
#           here 2× and 4× are 200,000 and 400,000 in one game, not copies.
# Needs zstd and the shared corpus (PGN_CORPUS, else ../shared/corpus).
set -euo pipefail
cd "$(dirname "$0")/../.."
pgn=${1:-target/release/pgn}
corpus=${PGN_CORPUS:-../shared/corpus}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

zstd -dc "$corpus/bench/gnuchess-book_1.02.pgn.zst" >"$tmp/book-1.pgn"
python3 - "$tmp" <<'PY'
import sys
tmp = sys.argv[1]
game = ('[Event "Line"] [Site "?"] [Date "2024.01.05"] [Round "1"] [White "A"] '
        '[Black "B"] [Result "1/2-1/2"] 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 '
        '5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 1/2-1/2 ')
with open(f"{tmp}/line-1.pgn", "w") as f:
    f.write(game * (50_000_000 // len(game)))
for n in (1, 2, 4):
    with open(f"{tmp}/nested-{n}.pgn", "w") as f:
        f.write('[Event "x"]\n\n1. e4 ' + "( 1. d4 " * (n * 100_000) + "*\n")
PY
for input in book line; do
    for n in 2 4; do
        for _ in $(seq "$n"); do cat "$tmp/$input-1.pgn"; done >"$tmp/$input-$n.pgn"
    done
done

# The median of three runs of "$@", in seconds.
median() {
    local times=()
    for _ in 1 2 3; do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc)")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}

printf '%-8s %-7s %6s %10s %10s %12s\n' input command copies MB seconds "s per copy"
for input in book line nested; do
    for command in check export; do
        for n in 1 2 4; do
            file="$tmp/$input-$n.pgn"
            mb=$(( $(stat -c %s "$file") / 1000000 ))
            case $command in
                check) s=$(median "$pgn" check "$file" --quiet) ;;
                export) s=$(median "$pgn" export "$file" --quiet -o "$tmp/out.pgn") ;;
            esac
            printf '%-8s %-7s %6s %10s %10.2f %12.2f\n' "$input" "$command" "$n" "$mb" "$s" \
                "$(echo "$s / $n" | bc -l)"
        done
    done
done
