//! Reading criteria never panics: every key with random values (made of
//! the characters the criteria grammars use and some they do not, or
//! valid values of every grammar with a few characters changed), and whole
//! random criteria files, give a criterion or an error.

use pgn_select::{Criterion, MaterialPattern, Selection};
use testkit::XorShift;

const KEYS: &[&str] = &[
    "tag",
    "player",
    "white",
    "black",
    "eco",
    "date",
    "result",
    "plies",
    "moves",
    "ending",
    "has",
    "result-contradicts",
    "opening",
    "opening-transposed",
    "fen",
    "placement",
    "material",
    "material-end",
    "nonsense",
];

/// Characters the grammars give meaning to, and a few they do not.
const ALPHABET: &[char] = &[
    '=', '*', '~', '<', '>', '!', '.', '-', '/', ',', '|', '+', ' ', '?', '0', '1', '2', '5', '9',
    'A', 'B', 'E', 'F', 'K', 'Q', 'R', 'N', 'P', 'v', 'e', 'x', 'w', 'b', 'k', 'q', '8', '/', 'é',
    '\t', '\n',
];

/// Valid values, mutated into near misses.
const SEEDS: &[&str] = &[
    "WhiteElo>=2500",
    "White~=Kas*",
    "B20-B99",
    "C4",
    "1990..1999",
    "2024.05",
    "..1900.02.29",
    "1-0,1/2-1/2",
    ">=80",
    "10..20",
    "checkmate",
    "variations",
    "1. e4 c5 2. Nf3",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | Nf3",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
    "KRPvKR",
    "Q+*vQ+*",
    "B1N0*vB0N1*",
];

/// A seed with a few characters replaced, inserted or removed.
fn mutated(rng: &mut XorShift) -> String {
    let mut chars: Vec<char> = SEEDS[rng.below(SEEDS.len())].chars().collect();
    for _ in 0..rng.below(4) {
        let at = rng.below(chars.len() + 1);
        let c = ALPHABET[rng.below(ALPHABET.len())];
        match rng.below(3) {
            0 if at < chars.len() => chars[at] = c,
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ => chars.insert(at, c),
        }
    }
    chars.into_iter().collect()
}

fn random_text(rng: &mut XorShift, max: usize) -> String {
    (0..rng.below(max + 1)).map(|_| ALPHABET[rng.below(ALPHABET.len())]).collect()
}

#[test]
fn random_criteria_give_a_value_or_an_error() {
    let mut rng = XorShift::new(0x0c21_7e51_a0de_2026);
    let mut parsed = std::collections::BTreeSet::new();
    for _ in 0..20_000 {
        let key = KEYS[rng.below(KEYS.len())];
        let value = if rng.below(2) == 0 { mutated(&mut rng) } else { random_text(&mut rng, 24) };
        for ignore_case in [false, true] {
            if Criterion::parse(key, &value, ignore_case).is_ok() {
                parsed.insert(key);
            }
        }
        let _ = value.parse::<MaterialPattern>();
        let file = format!("{key} {value}\n{}", random_text(&mut rng, 40));
        let _ = Selection::parse(&file);
    }
    // Not vacuous: random values reach the grammars' success paths too.
    for key in ["tag", "eco", "date", "plies", "moves", "material"] {
        assert!(parsed.contains(key), "no random {key} criterion was read: {parsed:?}");
    }
}
