//! The PGN collating sequence (§12).
