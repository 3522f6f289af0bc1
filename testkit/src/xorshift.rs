//! [`XorShift`]: a small fixed-seed pseudo-random generator for tests,
//! fuzzing and benchmarks across the workspace.

/// Marsaglia's xorshift64: reproducible from its seed, no dependency. Made
/// for random games and mutated inputs in tests (a failing case is found
/// again from the seed), not for anything that needs real randomness.
///
/// ```
/// use testkit::XorShift;
///
/// let mut rng = XorShift::new(7);
/// let roll = rng.below(6);
/// assert!(roll < 6);
/// assert_eq!(XorShift::new(7).below(6), roll);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XorShift(u64);

impl XorShift {
    /// A generator from `seed` (0, which would stay 0, is replaced by a
    /// fixed non-zero seed).
    pub fn new(seed: u64) -> XorShift {
        XorShift(if seed == 0 { 0x9e37_79b9_7f4a_7c15 } else { seed })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}
