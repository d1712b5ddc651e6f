// Package checks is the registry of analyzers: the list that runs by
// default, the catalogue of diagnostic codes generated into
// docs/DIAGNOSTICS.md, and CheckStreamRepeats, which runs them over a stream of
// games with the checks across games (repeated games). It sits above the
// analyzer packages so that they can import package analysis.
package checks

import (
	"sort"
	"sync"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/commands"
	"github.com/pgnls/pgnls/analysis/ctlcheck"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/linelength"
	"github.com/pgnls/pgnls/analysis/localized"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/analysis/openings"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/syntax"
)

// All lists the analyzers that run by default, in a fixed order.
var All = []*analysis.Analyzer{
	analysis.Layout,
	tags.Analyzer,
	legality.Analyzer,
	localized.Analyzer,
	legality.Draws,
	openings.Analyzer,
	ctllegality.Analyzer,
	ctlcheck.Tags,
	ctlcheck.Movetext,
	ctlcheck.Chars,
	nag.Analyzer,
	commands.Analyzer,
	linelength.Analyzer,
}

// CodeEditorDecoding is the code of the language server's error that
// the editor decoded a Latin-1 file as UTF-8, so that a save would
// destroy its letters.
const CodeEditorDecoding = analysis.Code("editor-decoding")

// Editor lists the codes the language server reports itself, from what
// it knows of the editor's copy of a file.
var Editor = []analysis.CodeInfo{
	{Code: CodeEditorDecoding, Severity: analysis.Error, Minimal: true, Doc: "The editor decoded a Latin-1 (Windows-1252) file as UTF-8: its text holds U+FFFD where the file on disk has bytes that are not UTF-8, and saving would write U+FFFD instead of those letters (with auto-save, after any edit). Reported on the first line of the file, so that it is listed first, naming the first damaged line; the user is also told in a message, and pgnls computes no edit of the document (formatting, fixes, completion) until it is reopened with the Windows-1252 encoding (the VS Code extension reopens such a file by itself; the quick fix does too)."},
}

// CatalogueEntry is one code of the catalogue with the source reporting it.
type CatalogueEntry struct {
	analysis.CodeInfo
	Source string
}

// Catalogue returns every diagnostic code pgnls may report, from the
// parser, from each analyzer and from the checks across games, sorted by
// code.
func Catalogue() []CatalogueEntry {
	var out []CatalogueEntry
	for _, c := range syntax.Codes {
		// The minimal CTL-PGN reader keeps the parser's errors.
		minimal := c.Severity == syntax.SevError
		out = append(out, CatalogueEntry{analysis.CodeInfo{Code: analysis.Code(c.Code), Severity: c.Severity, Layout: c.Layout, Minimal: minimal, Doc: c.Doc}, "syntax"})
	}
	for _, a := range All {
		for _, c := range a.Codes {
			out = append(out, CatalogueEntry{c, a.Name})
		}
	}
	for _, c := range duplicates.Codes {
		out = append(out, CatalogueEntry{c, "duplicates"})
	}
	for _, c := range players.Codes {
		out = append(out, CatalogueEntry{c, players.Source})
	}
	for _, c := range Editor {
		out = append(out, CatalogueEntry{c, "pgnls"})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Lookup returns the catalogue's entry of code, if it has one.
func Lookup(code analysis.Code) (CatalogueEntry, bool) {
	e, ok := byCode()[code]
	return e, ok
}

// byCode is the catalogue by code, made once.
var byCode = sync.OnceValue(func() map[analysis.Code]CatalogueEntry {
	m := map[analysis.Code]CatalogueEntry{}
	for _, e := range Catalogue() {
		m[e.Code] = e
	}
	return m
})
