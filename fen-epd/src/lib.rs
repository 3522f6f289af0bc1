//! FEN and EPD (in progress).
