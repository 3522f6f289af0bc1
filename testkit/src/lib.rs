//! Helpers for the tests of the workspace's crates, kept out of their
//! public APIs.
//!
//! `testkit` depends on nothing, so any crate can take it as a
//! dev-dependency without a cycle (even `chess-core`, the bottom layer).
//! It offers [`XorShift`], a seeded pseudo-random generator for random
//! games and mutated inputs (a failing case is found again from its seed),
//! and [`corpus`], the one place that says where the shared corpus is and
//! marks the tests that need it as ignored when it is missing.
//!
//! # Example
//!
//! ```
//! use testkit::XorShift;
//!
//! // Pick a few bytes of an input to flip, the same ones on every run.
//! let mut rng = XorShift::new(0x2545_f491_4f6c_dd1d);
//! let mut input = b"1. e4 e5 2. Nf3 *".to_vec();
//! for _ in 0..3 {
//!     let at = rng.below(input.len());
//!     input[at] ^= 0x20;
//! }
//! assert_ne!(input, b"1. e4 e5 2. Nf3 *");
//! ```
//!
//! # Feature flags
//!
//! None.

pub mod corpus;
mod xorshift;

pub use xorshift::XorShift;
