//! File names for PGN data (§11).
