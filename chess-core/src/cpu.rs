//! Which routines run that are compiled for particular processor
//! instructions, each beside a portable twin that is always compiled and
//! gives the same answers.
//!
//! In this crate they are the counts of moves by fills over 512-bit
//! vectors
//! ([`LegalGenerator::count_piece_moves`](crate::LegalGenerator::count_piece_moves)
//! and its kin), which run with AVX-512 where the processor has it
//! ([`wide_vectors`]). Crates above with copies of their own (PGC's move
//! ordinals, for `POPCNT`) ask [`portable`], so that one switch serves
//! them all.
//!
//! The switch is the environment variable [`PORTABLE_VARIABLE`]: with
//! `PGN_PORTABLE=1`, every such routine runs its portable twin, so that
//! the tests check the twins on machines that have the instructions too.
//! It is read once, at the first question.

use std::ffi::OsStr;
use std::sync::atomic::{AtomicU8, Ordering};

/// The environment variable that makes every routine run its portable
/// twin: set to anything but nothing or `0`.
pub const PORTABLE_VARIABLE: &str = "PGN_PORTABLE";

/// True if [`PORTABLE_VARIABLE`] is set (to anything but nothing or `0`):
/// no routine compiled for particular instructions runs. Read once.
///
/// ```
/// // With PGN_PORTABLE=1, nothing compiled for AVX-512 runs.
/// if chess_core::cpu::portable() {
///     assert!(!chess_core::cpu::wide_vectors());
/// }
/// ```
#[inline]
pub fn portable() -> bool {
    state() & PORTABLE != 0
}

/// Whether the AVX-512 routines are in use: false when
/// [`PORTABLE_VARIABLE`] is set or the processor lacks them (the
/// AVX-512 foundation and `VPOPCNTDQ`, with `POPCNT`, `BMI1` and
/// `BMI2`). Found once and kept.
///
/// Where it is false, the counts of
/// [`LegalGenerator::count_piece_moves`](crate::LegalGenerator::count_piece_moves)
/// and its kin come from the move generator: right, but no cheaper than
/// generating the moves, so a caller that can do with fewer counts
/// should ask first.
///
/// ```
/// use chess_core::{Position, Role};
///
/// let start = Position::new();
/// let counts = start.legal_generator().expect("a king").piece_move_counts();
/// // The same counts either way.
/// assert_eq!(counts[Role::Knight.index()], 4);
/// println!("by fills: {}", chess_core::cpu::wide_vectors());
/// ```
#[inline]
pub fn wide_vectors() -> bool {
    state() & WIDE != 0
}

/// The bits of [`STATE`]: found, [`portable`], [`wide_vectors`],
/// [`avx512_detected`].
const KNOWN: u8 = 1;
const PORTABLE: u8 = 2;
const WIDE: u8 = 4;
const AVX512: u8 = 8;

/// What [`detect`] found, with [`KNOWN`] set; 0 before the first call.
/// One load a question, where asking for each processor feature is five.
static STATE: AtomicU8 = AtomicU8::new(0);

#[inline]
fn state() -> u8 {
    match STATE.load(Ordering::Relaxed) {
        0 => {
            let state = detect();
            STATE.store(state, Ordering::Relaxed);
            state
        }
        known => known,
    }
}

/// True if the processor has every feature the AVX-512 routines are
/// compiled for, whatever [`PORTABLE_VARIABLE`] says: what makes calling
/// them safe, and what lets the tests compare them with their portable
/// twins.
#[inline]
pub(crate) fn avx512_detected() -> bool {
    state() & AVX512 != 0
}

/// Reads [`PORTABLE_VARIABLE`] and the processor's features.
#[cold]
fn detect() -> u8 {
    let portable = switched_on(std::env::var_os(PORTABLE_VARIABLE).as_deref());
    let avx512 = has_avx512();
    let flag = |set: bool, bit: u8| if set { bit } else { 0 };
    KNOWN | flag(portable, PORTABLE) | flag(avx512 && !portable, WIDE) | flag(avx512, AVX512)
}

/// True if the value of [`PORTABLE_VARIABLE`] asks for the portable
/// twins: it is set, to anything but nothing or `0`.
fn switched_on(value: Option<&OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != "0")
}

/// True if the processor has the AVX-512 foundation and `VPOPCNTDQ`, and
/// `POPCNT`, `BMI1` and `BMI2` (which AVX-512 implies).
fn has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        has!("avx512f") && has!("avx512vpopcntdq") && has!("popcnt") && has!("bmi1") && has!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_is_on_unless_unset_empty_or_zero() {
        for (value, on) in [(None, false), (Some(""), false), (Some("0"), false)]
            .into_iter()
            .chain([(Some("1"), true), (Some("yes"), true), (Some("00"), true)])
        {
            assert_eq!(switched_on(value.map(OsStr::new)), on, "{value:?}");
        }
    }

    #[test]
    fn the_answers_follow_the_variable_and_the_processor() {
        let on = switched_on(std::env::var_os(PORTABLE_VARIABLE).as_deref());
        assert_eq!(portable(), on);
        assert_eq!(wide_vectors(), !on && has_avx512());
        assert_eq!(avx512_detected(), has_avx512());
    }
}
