package lsp

import (
	"net/url"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/syntax"
)

// lostCharacters reports how many characters of the file behind uri a
// save would destroy, when text, the editor's copy, holds U+FFFD and the
// file on disk is not valid UTF-8: the editor decoded a Latin-1
// (Windows-1252) file as UTF-8, each byte it could not read became
// U+FFFD, and saving writes those instead of the letters. 0 otherwise.
// Only file: URIs are read, and only when text holds U+FFFD.
func lostCharacters(uri protocol.DocumentURI, text string) int {
	if !strings.Contains(text, "\uFFFD") {
		return 0
	}
	u, err := url.Parse(string(uri))
	if err != nil || u.Scheme != "file" {
		return 0
	}
	data, err := os.ReadFile(u.Path)
	if err != nil || utf8.Valid(data) {
		return 0
	}
	n := 0
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		if r == utf8.RuneError && size == 1 {
			n++
		}
		data = data[size:]
	}
	return n
}

// decodingDiagnostic returns the editor-decoding warning of f, at its first
// U+FFFD, when lost characters would be destroyed by a save, as cfg sets
// its severity.
func decodingDiagnostic(f *syntax.File, lost int, cfg *analysis.Config) []analysis.Diagnostic {
	if lost == 0 {
		return nil
	}
	sev, ok := cfg.Resolve(nil, checks.CodeEditorDecoding, analysis.Warning)
	at := f.FirstReplacement()
	if !ok || at < 0 {
		return nil
	}
	chars := "1 character"
	if lost > 1 {
		chars = strconv.Itoa(lost) + " characters"
	}
	return []analysis.Diagnostic{{
		Span:     syntax.Span{Start: at, End: at + syntax.Pos(len("\uFFFD"))},
		Severity: sev,
		Code:     checks.CodeEditorDecoding,
		Source:   "pgnls",
		Message: "this file is Latin-1 (Windows-1252) but the editor decoded it as UTF-8; saving will destroy " + chars +
			": reopen it with that encoding",
	}}
}
