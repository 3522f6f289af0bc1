//! Conformance harness (in progress).
