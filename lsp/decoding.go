package lsp

import (
	"net/url"
	"os"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/syntax"
)

// A document is damaged when the editor decoded a file that is not UTF-8
// (a Latin-1 / Windows-1252 database) as UTF-8: each byte it could not
// read became U+FFFD, and a save, which code-server and VS Code make by
// themselves after any edit with auto-save on, writes U+FFFD for good.
// The server then reports editor-decoding as an error at the start of
// the file (so that it sorts first in every client's list), tells the
// user once per open in a window message, and computes no edit of the
// document (formatting, fixes, source actions, completion) until the
// text holds no U+FFFD: each would be written back with the damage.

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

// damage is what a save of a damaged document would destroy: lost
// characters, the first at offset at (the first U+FFFD). The zero value
// is an undamaged document.
type damage struct {
	lost int
	at   syntax.Pos
}

// damageOf returns the damage of f, whose file on disk has lost
// characters that its text cannot hold: none once the text holds no
// U+FFFD (the editor reopened it with the right encoding).
func damageOf(f *syntax.File, lost int) damage {
	if lost == 0 {
		return damage{}
	}
	at := f.FirstReplacement()
	if at < 0 {
		return damage{}
	}
	return damage{lost: lost, at: at}
}

// characters says "1 character" or "n characters".
func (d damage) characters() string {
	if d.lost == 1 {
		return "1 character"
	}
	return strconv.Itoa(d.lost) + " characters"
}

// message is the window message telling the user of the damage of f.
func (d damage) message(f *syntax.File) string {
	return "pgnls: " + path.Base(f.Name) + " is not UTF-8 on disk but the editor decoded it as UTF-8: line " +
		strconv.Itoa(f.Position(d.at).Line) + " shows U+FFFD where the file has a Latin-1 (Windows-1252) letter, and saving it would destroy " +
		d.characters() + ". Reopen it with the Windows-1252 encoding; until then pgnls does not format or fix it."
}

// decodingDiagnostic returns the editor-decoding diagnostic of f, an
// error by default, when the editor's decoding damaged it: on the first
// line of the file, so that every client lists it first, naming the
// first damaged line, which its related information points at.
func decodingDiagnostic(f *syntax.File, lost int, cfg *analysis.Config) []analysis.Diagnostic {
	d := damageOf(f, lost)
	if d.lost == 0 {
		return nil
	}
	sev, ok := cfg.Resolve(nil, checks.CodeEditorDecoding, analysis.Error)
	if !ok {
		return nil
	}
	first := syntax.Span{End: syntax.Pos(strings.IndexAny(f.Text(), "\r\n"))}
	if first.End < 0 {
		first.End = syntax.Pos(f.Len())
	}
	line := strconv.Itoa(f.Position(d.at).Line)
	return []analysis.Diagnostic{{
		Span:     first,
		Severity: sev,
		Code:     checks.CodeEditorDecoding,
		Source:   "pgnls",
		Message: "this file is Latin-1 (Windows-1252) but the editor decoded it as UTF-8: line " + line +
			" shows U+FFFD, and saving will destroy " + d.characters() + ": reopen it with that encoding (pgnls does not format or fix it until then)",
		Related: []analysis.Related{{
			Span: syntax.Span{Start: d.at, End: d.at + syntax.Pos(len("\uFFFD"))},
			Msg:  "the first character the editor could not decode",
		}},
	}}
}

// damageOf returns the damage of doc, the current version of its URI.
func (s *server) damageOf(doc *session.Document) damage {
	return damageOf(doc.File, s.diags.lostIn(doc))
}

// declineEdits tells the user that pgnls computes no edit of doc (what is
// an action the user asked for, as "formatting") when its decoding is
// damaged, and reports whether it is.
func (s *server) declineEdits(doc *session.Document, what string) bool {
	d := s.damageOf(doc)
	if d.lost == 0 {
		return false
	}
	s.notify(protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
		Type:    protocol.MessageTypeError,
		Message: "pgnls: no " + what + " of " + path.Base(doc.File.Name) + ": " + strings.TrimPrefix(d.message(doc.File), "pgnls: "),
	})
	return true
}

// tellDamage shows the window message of doc's damage, once each time
// the document is opened or damaged anew (see diagnoser.setLost).
func (s *server) tellDamage(doc *session.Document) {
	if d := s.damageOf(doc); d.lost > 0 && s.diags.tell(doc) {
		s.notify(protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: d.message(doc.File)})
	}
}
