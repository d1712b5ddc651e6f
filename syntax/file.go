package syntax

// FileErrors returns the diagnostics that concern the whole file rather
// than one game (line endings, encoding), with file-absolute spans. They are
// derived from per-game facts, so the cost is one step per game.
func (f *File) FileErrors() []Error {
	var facts FileFacts
	for c, ch := range f.chunks {
		facts.addChunk(f.refs[c].Start, ch.facts)
	}
	return facts.Errors()
}

// FirstReplacement returns the file-absolute offset of the first U+FFFD
// (the replacement character, which a text decoded with the wrong
// encoding holds where it had bytes it could not read), or -1, without
// parsing anything.
func (f *File) FirstReplacement() Pos {
	for c, ch := range f.chunks {
		if ch.facts.fffd >= 0 {
			return f.refs[c].Start + ch.facts.fffd
		}
	}
	return -1
}

// FileFacts gathers, game by game, what the file-level diagnostics are
// made of, so that a stream of games can report them too. The zero value
// is ready to use.
type FileFacts struct {
	first   [3]Pos // lf, crlf, cr: first absolute offset, +1 (0: none yet)
	invalid Pos    // first byte that is not UTF-8, +1
}

// Add records the facts of one game; games must come in file order.
func (ff *FileFacts) Add(r GameRef) {
	le := r.Game.lineEnd
	for i, p := range [3]Pos{le.lf, le.crlf, le.cr} {
		if p >= 0 && ff.first[i] == 0 {
			ff.first[i] = r.Start + p + 1
		}
	}
	if ff.invalid == 0 {
		if i := r.Game.invalidUTF8(); i >= 0 {
			ff.invalid = r.Start + Pos(i) + 1
		}
	}
}

// addChunk records the facts of a chunk starting at start; chunks must
// come in file order.
func (ff *FileFacts) addChunk(start Pos, cf chunkFacts) {
	for i, p := range cf.first {
		if p >= 0 && ff.first[i] == 0 {
			ff.first[i] = start + p + 1
		}
	}
	if ff.invalid == 0 && cf.invalid >= 0 {
		ff.invalid = start + cf.invalid + 1
	}
}

// Errors returns the file-level diagnostics for the games added so far.
func (ff *FileFacts) Errors() []Error {
	var errs []Error
	first := [3]Pos{ff.first[0] - 1, ff.first[1] - 1, ff.first[2] - 1}
	if p := first[1]; p >= 0 {
		errs = append(errs, Error{Span{p, p + 2}, SevInfo, CodeCRLF, "the file uses CRLF line endings"})
	}
	if kinds, at := mixedEndings(first); kinds > 1 {
		errs = append(errs, Error{Span{at, at + 1}, SevWarning, CodeMixedLineEndings, "line endings are mixed (LF, CRLF or CR); this is the first that differs from the first line's"})
	}
	if p := ff.invalid - 1; p >= 0 {
		errs = append(errs, Error{Span{p, p + 1}, SevInfo, CodeInvalidUTF8, "the file is not valid UTF-8; such bytes are read as Windows-1252"})
	}
	return errs
}

// mixedEndings counts the kinds of line endings used and returns the first
// offset of a kind other than the earliest one.
func mixedEndings(first [3]Pos) (kinds int, at Pos) {
	earliest := Pos(-1)
	for _, p := range first {
		if p >= 0 {
			kinds++
			if earliest < 0 || p < earliest {
				earliest = p
			}
		}
	}
	at = -1
	for _, p := range first {
		if p >= 0 && p != earliest && (at < 0 || p < at) {
			at = p
		}
	}
	return kinds, at
}

// Errors returns every syntax diagnostic of f with file-absolute spans,
// sorted by position.
func (f *File) Errors() []Error {
	var errs []Error
	for i := range f.n {
		start := f.GameSpan(i).Start
		for _, e := range f.GameErrors(i) {
			e.Span = e.Span.Shift(start)
			errs = append(errs, e)
		}
	}
	fe := f.FileErrors()
	if len(fe) == 0 {
		return errs
	}
	errs = append(errs, fe...)
	sortErrors(errs)
	return errs
}
