//! Movetext lines (rulings E6 and E9): tokens are joined into words (a
//! `(` sticks to the token after it, a `)` to the token before it), and
//! words are put on lines greedily, each line at most [`MAX_LINE`] bytes
//! (or another length, [`Filler::set_line_length`]).
//!
//! The [`Filler`] writes the whole movetext into a buffer it reuses from
//! game to game (no allocation per token), each word after a space; when
//! a word turns out whole (the next token is not a `)`) and its line is
//! then too long, that space becomes a line feed. So every byte is written
//! once, and the movetext reaches the sink in one piece.

/// The longest line export format writes, in bytes (§8.2.1: "less than 80
/// printing characters"; ruling E6 counts bytes).
pub const MAX_LINE: usize = 79;

/// Joins tokens into words and words into lines.
#[derive(Debug)]
pub(crate) struct Filler {
    /// The longest line, in bytes (`usize::MAX`: no limit).
    max_line: usize,
    /// The movetext so far.
    buf: Vec<u8>,
    /// Where the current line starts in `buf`.
    line_start: usize,
    /// Where the word being made starts in `buf` (after its separator).
    word_start: usize,
    /// A word is being made (it may still grow by a `)`).
    in_word: bool,
    /// The word ends with `(`: the next token joins it.
    glue: bool,
    /// The last word was a rest-of-line comment: the next word starts a
    /// new line (ruling E9).
    break_next: bool,
}

impl Default for Filler {
    fn default() -> Filler {
        Filler {
            max_line: MAX_LINE,
            buf: Vec::new(),
            line_start: 0,
            word_start: 0,
            in_word: false,
            glue: false,
            break_next: false,
        }
    }
}

impl Filler {
    /// Lines of at most `length` bytes from now on; 0 for no limit (the
    /// movetext on one line, but for the line a `;` comment ends). A word
    /// longer than a line still stands whole on a line of its own.
    pub(crate) fn set_line_length(&mut self, length: usize) {
        self.max_line = if length == 0 { usize::MAX } else { length };
    }

    /// Starts a movetext: nothing written yet.
    pub(crate) fn reset(&mut self) {
        self.buf.clear();
        self.line_start = 0;
        self.word_start = 0;
        self.in_word = false;
        self.glue = false;
        self.break_next = false;
    }

    /// The buffer to append a new token's bytes to: the token starts a
    /// word unless it follows a `(`.
    pub(crate) fn token(&mut self) -> &mut Vec<u8> {
        if !self.glue {
            self.end_word();
            self.start_word();
        }
        self.glue = false;
        &mut self.buf
    }

    /// A whole token of at most 7 bytes, given as the bytes of a `u64`
    /// (the first byte lowest; none past `len`): what [`Filler::push`]
    /// does, with the separating space and the token written in one
    /// 8-byte store (a move number, every other move).
    #[inline]
    pub(crate) fn push_short(&mut self, bytes: u64, len: usize) {
        debug_assert!(len <= 7 && bytes >> (8 * len) == 0);
        if self.glue {
            self.glue = false;
            let end = self.buf.len() + len;
            self.buf.extend_from_slice(&bytes.to_le_bytes());
            self.buf.truncate(end);
            return;
        }
        self.end_word();
        let start = self.buf.len();
        let space = usize::from(start > 0);
        let word = if space == 1 { bytes << 8 | u64::from(b' ') } else { bytes };
        self.buf.extend_from_slice(&word.to_le_bytes());
        self.buf.truncate(start + space + len);
        self.word_start = start + space;
        self.in_word = true;
    }

    /// A whole token.
    pub(crate) fn push(&mut self, bytes: &[u8]) {
        self.token().extend_from_slice(bytes);
    }

    /// `(`: it starts a word, and the next token joins it.
    pub(crate) fn open(&mut self) {
        self.push(b"(");
        self.glue = true;
    }

    /// `)`: it joins the token before it (which, after a rest-of-line
    /// comment, is none: then it starts the next line).
    pub(crate) fn close(&mut self) {
        if !self.in_word {
            self.start_word();
        }
        self.buf.push(b')');
        self.glue = false;
    }

    /// A comment (ruling E9): its text cut at white space into words, `{`
    /// glued to the first and `}` to the last, a word that starts with `[`
    /// glued to the one before it (no line of a comment starts like a tag
    /// pair); or, when the text holds a
    /// `}` (possible only in a rest-of-line comment), `;` and the text as
    /// one word that ends its line. Returns false, writing nothing, when
    /// the text is only white space.
    pub(crate) fn comment(&mut self, text: &[u8]) -> bool {
        let mut words = CommentWords::new(text).peekable();
        if words.peek().is_none() {
            return false;
        }
        if text.contains(&b'}') {
            let buf = self.token();
            buf.push(b';');
            for (i, w) in words.enumerate() {
                if i > 0 {
                    buf.push(b' ');
                }
                push_squeezed(buf, w);
            }
            self.end_word();
            self.break_next = true;
            return true;
        }
        let mut first = true;
        while let Some(w) = words.next() {
            let buf = if first || w[0] != b'[' {
                self.token()
            } else {
                // A line that starts with `[` (and a letter) ends a brace
                // comment for a reader recovering from a missing `}`:
                // such a word stays with the one before it (ruling E9).
                self.buf.push(b' ');
                &mut self.buf
            };
            if first {
                buf.push(b'{');
                first = false;
            }
            push_squeezed(buf, w);
            if words.peek().is_none() {
                buf.push(b'}');
            }
        }
        true
    }

    /// A new word: a space first, unless it is the first of the movetext.
    fn start_word(&mut self) {
        if !self.buf.is_empty() {
            self.buf.push(b' ');
        }
        self.word_start = self.buf.len();
        self.in_word = true;
    }

    /// The word is whole: when it does not fit on its line (or must start
    /// a new one), the space before it becomes a line feed.
    fn end_word(&mut self) {
        if !self.in_word {
            return;
        }
        self.in_word = false;
        let at_line_start = self.word_start == self.line_start;
        if !at_line_start && (self.break_next || self.buf.len() - self.line_start > self.max_line) {
            self.buf[self.word_start - 1] = b'\n';
            self.line_start = self.word_start;
        }
        self.break_next = false;
    }

    /// Ends the last line and gives the movetext.
    pub(crate) fn finish(&mut self) -> &[u8] {
        self.end_word();
        if !self.buf.is_empty() {
            self.buf.push(b'\n');
        }
        &self.buf
    }
}

/// The words of a comment: runs of bytes between white space, but that
/// a comment command (`[%clk 0:25:59]`, ruling C1) is never cut, its white
/// space included: a command is one word for line filling, and like any
/// word longer than a line it stays whole.
struct CommentWords<'a> {
    text: &'a [u8],
    at: usize,
    /// The next command at or after `at`, as a range of `text`.
    command: Option<std::ops::Range<usize>>,
}

impl<'a> CommentWords<'a> {
    fn new(text: &'a [u8]) -> CommentWords<'a> {
        CommentWords { text, at: 0, command: next_command(text, 0) }
    }
}

/// The range of the first command of `text` at or after `from`.
fn next_command(text: &[u8], from: usize) -> Option<std::ops::Range<usize>> {
    let rest = text.get(from..)?;
    let span = pgn_commands::commands(rest).next()?.span();
    Some(from + span.start..from + span.end)
}

impl<'a> Iterator for CommentWords<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        let text = self.text;
        while text.get(self.at).is_some_and(|&b| is_space(b)) {
            self.at += 1;
        }
        let start = self.at;
        let mut i = start;
        while let Some(&b) = text.get(i) {
            match &self.command {
                Some(command) if command.start == i => {
                    i = command.end;
                    self.command = next_command(text, i);
                }
                _ if is_space(b) => break,
                _ => i += 1,
            }
        }
        self.at = i;
        (i > start).then(|| &text[start..i])
    }
}

/// Appends a word, each run of white space in it (inside a command) as
/// one space.
fn push_squeezed(buf: &mut Vec<u8>, word: &[u8]) {
    let mut space = false;
    for &b in word {
        if is_space(b) {
            space = true;
            continue;
        }
        if space {
            buf.push(b' ');
            space = false;
        }
        buf.push(b);
    }
}

/// White space inside a comment (ruling E9): space, tab, line feed,
/// vertical tab, form feed, carriage return, and every other control
/// byte (C0 and DEL), which export format does not hold (§4.1): a run of
/// them, a block of NUL bytes say, would read back as binary data.
pub(crate) fn is_space(b: u8) -> bool {
    b <= b' ' || b == 0x7f
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lays out `tokens`: `(` and `)` as parentheses, `{...}` as a brace
    /// comment, `;...` as a rest-of-line comment, anything else as a token.
    fn lay_out(tokens: &[&str]) -> String {
        lay_out_in(Filler::default().max_line, tokens)
    }

    /// [`lay_out`] in lines of at most `length` bytes.
    fn lay_out_in(length: usize, tokens: &[&str]) -> String {
        let mut filler = Filler::default();
        filler.set_line_length(length);
        for t in tokens {
            match *t {
                "(" => filler.open(),
                ")" => filler.close(),
                t if t.starts_with('{') => {
                    filler.comment(t.trim_matches(['{', '}']).as_bytes());
                }
                t if t.starts_with(';') => {
                    filler.comment(&t.as_bytes()[1..]);
                }
                t => filler.push(t.as_bytes()),
            }
        }
        String::from_utf8(filler.finish().to_vec()).unwrap()
    }

    #[test]
    fn short_tokens_are_laid_out_as_tokens() {
        // The same tokens through push and push_short: the same lines.
        let tokens: Vec<String> = (1..200).map(|i| format!("{i}.")).collect();
        let mut short = Filler::default();
        let mut long = Filler::default();
        for (i, t) in tokens.iter().enumerate() {
            if i % 7 == 3 {
                short.open();
                long.open();
            }
            let bytes = t.bytes().rev().fold(0u64, |x, b| x << 8 | u64::from(b));
            short.push_short(bytes, t.len());
            long.push(t.as_bytes());
            if i % 7 == 5 {
                short.close();
                long.close();
            }
        }
        assert_eq!(short.finish(), long.finish());
    }

    #[test]
    fn parentheses_stick_to_their_neighbours() {
        assert_eq!(
            lay_out(&["4.", "c4", "(", "4.", "d4", "(", "4.", "e4", ")", ")", "*"]),
            "4. c4 (4. d4 (4. e4)) *\n"
        );
    }

    #[test]
    fn lines_are_filled_greedily_up_to_79_bytes() {
        let words: Vec<String> = (0..40).map(|i| format!("w{i:02}")).collect();
        let tokens: Vec<&str> = words.iter().map(String::as_str).collect();
        let text = lay_out(&tokens);
        let lines: Vec<&str> = text.lines().collect();
        // "w00 " is 4 bytes: 20 words make 79 bytes, the 21st would make 83.
        assert_eq!(lines[0].len(), 79);
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|l| !l.starts_with(' ') && !l.ends_with(' ')));
    }

    /// Lays out `tokens` as [`lay_out`] does, in lines of `length`.

    #[test]
    fn lines_take_any_length() {
        let tokens = ["1.", "e4", "{a b}", "1...", "e5", "(", "1...", "c5", ")", "*"];
        assert_eq!(lay_out_in(MAX_LINE, &tokens), lay_out(&tokens));
        assert_eq!(lay_out_in(12, &tokens), "1. e4 {a b}\n1... e5\n(1... c5) *\n");
        // Too short for any word: each word whole on its own line.
        assert_eq!(lay_out_in(1, &tokens), "1.\ne4\n{a\nb}\n1...\ne5\n(1...\nc5)\n*\n");
        // No limit: one line, but after a `;` comment.
        let long: Vec<String> = (0..100).map(|i| format!("w{i}")).collect();
        let mut words: Vec<&str> = long.iter().map(String::as_str).collect();
        assert_eq!(lay_out_in(0, &words), words.join(" ") + "\n");
        words.insert(50, ";x}");
        let (before, after) = words.split_at(51);
        assert_eq!(lay_out_in(0, &words), format!("{}\n{}\n", before.join(" "), after.join(" ")));
        assert_eq!(lay_out_in(usize::MAX, &words), lay_out_in(0, &words));
    }

    #[test]
    fn a_word_longer_than_a_line_stands_alone() {
        let long = "x".repeat(100);
        assert_eq!(lay_out(&["a", &long, "b"]), format!("a\n{long}\nb\n"));
    }

    #[test]
    fn comments_are_cut_at_spaces_with_braces_glued() {
        assert_eq!(lay_out(&["e4", "{  a \t b\n c }", "e5"]), "e4 {a b c} e5\n");
        assert_eq!(lay_out(&["e4", "{x}", ")"]), "e4 {x})\n");
    }

    #[test]
    fn no_comment_line_starts_with_a_bracket() {
        // Found by the corpus round trip: `[Hochstrasser` at the start of a
        // line read back as a tag pair ending an unterminated comment.
        let b = "b".repeat(70);
        assert_eq!(
            lay_out(&["e4", &format!("{{a {b} [Hochstrasser - Papa, [ x}}")]),
            format!("e4 {{a\n{b} [Hochstrasser\n- Papa, [ x}}\n")
        );
        assert_eq!(lay_out(&["e4", "{[%cal Gh3h4]}"]), "e4 {[%cal Gh3h4]}\n");
        let long = "x".repeat(79);
        assert_eq!(lay_out(&["e4", &format!("{{a {long} [b}}")]), format!("e4 {{a\n{long} [b}}\n"));
    }

    #[test]
    fn a_command_is_one_word() {
        let a = "a".repeat(70);
        assert_eq!(
            lay_out(&["e4", &format!("{{{a} [%clk\n0:25:59]}}")]),
            format!("e4\n{{{a} [%clk 0:25:59]}}\n")
        );
        let b = "b".repeat(72);
        assert_eq!(
            lay_out(&["e4", &format!("{{{b} x[%csl  Rd4, Gd5]y z}}")]),
            format!("e4 {{{b}\nx[%csl Rd4, Gd5]y z}}\n")
        );
        assert_eq!(lay_out(&["e4", "{[%ts 1][%clk 0:00:01]}"]), "e4 {[%ts 1][%clk 0:00:01]}\n");
        let long = "[%tqu x".to_owned() + &" y".repeat(50) + "]";
        assert_eq!(lay_out(&["e4", &format!("{{ {long} }}")]), format!("e4\n{{{long}}}\n"));
    }

    #[test]
    fn an_empty_comment_writes_nothing() {
        assert_eq!(lay_out(&["e4", "{ \n }", "e5"]), "e4 e5\n");
    }

    #[test]
    fn a_comment_with_a_closing_brace_ends_its_line() {
        assert_eq!(lay_out(&["e4", ";  a}  b ", "e5"]), "e4 ;a} b\ne5\n");
        assert_eq!(lay_out(&["(", "e4", ";a}", ")", ")"]), "(e4 ;a}\n))\n");
    }
}
