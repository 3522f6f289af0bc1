#!/usr/bin/env bash
# generate.sh: writes the expected selections of the comparison of
# pgn-select with pgn-extract (tests/src/select_peers.rs), one file for
# each row of queries.tsv, from pgn-extract's answers on the corpus.
#
# Usage: tests/data/select-peers/generate.sh
#
# Needs pgn-extract (v19-04 made the committed files; $PGN_EXTRACT names
# the program, else `pgn-extract` on the PATH, else /usr/games/pgn-extract),
# zstd, awk, and the shared corpus ($PGN_CORPUS, else ../shared/corpus
# beside the workspace root). The test itself needs none of them but the
# corpus: it reads the files written here.
#
# How a selected game is known. pgn-extract writes the games it selects,
# re-formatted, which are not easy to match with the input's games. So
# each input is first copied to a temporary file with one tag added to
# every game, [PeerGame "N"] before its Event tag, N counting from 1 (every
# game of the three inputs starts with its Event tag; the test checks that
# our reader finds as many games). pgn-extract keeps tags it does not know,
# so the numbers of the games it writes are the numbers of the games it
# selected. A first run without criteria (--keepbroken, so that even games
# it cannot replay come out) must give back exactly 1..N in order, or the
# numbering is not pgn-extract's split of the input and the script stops.
# The extra tag changes no query: no criterion looks at it, and duplicates
# are told by their moves.
#
# The file of a row is QUERY.STEM.txt (STEM: the input's file name
# without .pgn and .zst), zstd-compressed (QUERY.STEM.txt.zst) when the
# input is: a header of `# key: value` lines (the command, query, input,
# games in the input, games selected), then the selected games as runs of
# consecutive numbers, one a line: how far the run's first game is past
# the last game of the run before (past 0 for the first run), and
# `,LENGTH` when the run has more than one game. So `3,3` then `4` are
# games 3, 4, 5 and 9. Runs of differences keep the book's files small:
# a third of its games are 1-0, say, which no list of ranges says briefly.
set -euo pipefail
set -f # the arguments of queries.tsv are split at spaces, never globbed

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
corpus=${PGN_CORPUS:-$root/../shared/corpus}
extract=${PGN_EXTRACT:-$(command -v pgn-extract || echo /usr/games/pgn-extract)}
version=$("$extract" --version 2>&1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The numbers of the games in a PGN text on standard input, one a line.
numbers() {
    grep -a '^\[PeerGame "' | sed 's/^\[PeerGame "\([0-9]*\)"\].*/\1/'
}

# A numbered copy of a corpus input: its path in $tmp.
numbered() {
    local input=$1
    local copy=$tmp/$(echo "$input" | tr / _)
    if [ ! -e "$copy" ]; then
        case $input in
        *.zst) zstd -q -d -c "$corpus/$input" ;;
        *) cat "$corpus/$input" ;;
        esac | awk '/^\[Event "/ { n++; printf "[PeerGame \"%d\"]\n", n } { print }' >"$copy"
        local games
        games=$(grep -ac '^\[PeerGame "' "$copy")
        "$extract" -s --quiet --keepbroken -o"$tmp/all.pgn" "$copy" 2>"$tmp/all.log"
        if ! numbers <"$tmp/all.pgn" | cmp -s - <(seq 1 "$games"); then
            echo "generate.sh: $input: pgn-extract does not read the $games games numbered" >&2
            exit 1
        fi
    fi
    echo "$copy"
}

# The runs of a sorted list of numbers on standard input (see above).
runs() {
    awk 'NR == 1 || $1 != end + 1 { if (NR > 1) put(); start = $1; gap = $1 - end }
         { end = $1 }
         END { if (NR > 0) put() }
         function put() { printf "%d", gap; if (end > start) printf ",%d", end - start + 1; printf "\n" }'
}

rows=0
while IFS=$'\t' read -r query input args select; do
    case $query in '' | '#'*) continue ;; esac
    copy=$(numbered "$input")
    stem=$(basename "$input" .zst)
    stem=${stem%.pgn}
    file=$query.$stem.txt
    # shellcheck disable=SC2086 # the arguments are split at spaces
    (cd "$here" && "$extract" -s --quiet $args -o"$tmp/out.pgn" "$copy" 2>"$tmp/out.log")
    numbers <"$tmp/out.pgn" | sort -n >"$tmp/selected"
    if [ -n "$(uniq -d "$tmp/selected")" ]; then
        echo "generate.sh: $query on $input: a game written twice" >&2
        exit 1
    fi
    {
        echo "# $version -s --quiet $args (written by generate.sh: do not edit)"
        echo "# query: $query"
        echo "# input: $input"
        echo "# games: $(grep -ac '^\[PeerGame "' "$copy")"
        echo "# selected: $(wc -l <"$tmp/selected")"
        runs <"$tmp/selected"
    } >"$tmp/$file"
    rm -f "$here/$file" "$here/$file.zst"
    case $input in
    *.zst) zstd -q -19 "$tmp/$file" -o "$here/$file.zst" ;;
    *) cp "$tmp/$file" "$here/$file" ;;
    esac
    echo "$query on $input (\`$select\`): $(wc -l <"$tmp/selected") selected"
    rows=$((rows + 1))
done <"$here/queries.tsv"
echo "generate.sh: $rows expected selections written to $here"
