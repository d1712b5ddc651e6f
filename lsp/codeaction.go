package lsp

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/duplicates"
	"github.com/pgnls/pgnls/analysis/fix"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/players"
	"github.com/pgnls/pgnls/analysis/session"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// Code actions:
//
//   - quickfix: one action per Fix alternative of each diagnostic that the
//     client lists in the request's context, matched to the server's own
//     diagnostics by range (in any position encoding, see
//     matchDiagnostic) and code; the client's diagnostic is attached
//     as it was sent. The fix bulk fixing would apply (fix.Chosen) is the
//     preferred one. For editor-decoding, in VS Code, the command of the
//     extension that reopens the file as Windows-1252; on a document
//     whose decoding the editor damaged (see decoding.go) only that
//     command, wherever the cursor is, and no edit. For duplicate-game
//     and near-duplicate-game, whose diagnostics are made at publication
//     rather than by the game's analysis, the removal of the less
//     complete copy (repeats.go).
//   - source.format.game: the game at the start of the range in export
//     form, when that changes it.
//   - source.addTags ("Add ECO, Opening, Variation, PlyCount"): the
//     tags of fix.Addable that game lacks, as pgnls fix --add adds them.
//   - source.sortTags: the tags of that game in export order, when they
//     are not (PGN; the fix the tags analyzer offers).
//   - source.filter ("Filter record"): that CTL-PGN record as the clean
//     input of a minimal reader (format.Filter), when that changes it.
//   - source.fix.game ("Fix all in game") and source.fixAll.pgnls ("Fix
//     all in file"): the chosen fixes of every diagnostic of that game,
//     or of the file, applied as pgnls fix applies them (package fix),
//     under the user's settings. The file's is worked out for a request
//     without a kind filter only up to fixAllMax bytes, since clients
//     ask for code actions at each move of the cursor.
//   - source.analyse.game ("Analyse game with the engine") and
//     source.analyse.file: commands that annotate the game, or the
//     file, with a UCI engine (see analyse.go).
//   - source.strip.comments ("Strip comments"), .commands, .clk, .eval,
//     .nags, .variations, .tags: the games the range touches as pgnls
//     fmt --strip writes them, when that strips something (strip.go).
//   - refactor.rewrite: the edits of a game at a move (see boardedit.go).

// codeActionParams is CodeActionParams with the context's diagnostics
// kept raw, to be returned exactly as the client sent them.
type codeActionParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
	Context      struct {
		Diagnostics []json.RawMessage         `json:"diagnostics"`
		Only        []protocol.CodeActionKind `json:"only"`
	} `json:"context"`
}

// clientDiagnostic is what matching reads of a client's diagnostic.
type clientDiagnostic struct {
	Range wire.Range `json:"range"`
	Code  any        `json:"code"`
}

// codeAction is protocol.CodeAction with raw diagnostics.
type codeAction struct {
	Title       string                  `json:"title"`
	Kind        protocol.CodeActionKind `json:"kind,omitempty"`
	Diagnostics []json.RawMessage       `json:"diagnostics,omitempty"`
	IsPreferred bool                    `json:"isPreferred,omitempty"`
	Edit        *protocol.WorkspaceEdit `json:"edit,omitempty"`
	Command     *protocol.Command       `json:"command,omitempty"`
}

// reopenCommand is the VS Code extension's command that reopens a file
// with an encoding (arguments: the URI and the encoding's VS Code name).
const reopenCommand = "pgnls.reopenWithEncoding"

func (s *server) codeAction(ctx context.Context, params json.RawMessage) (any, error) {
	var p codeActionParams
	if err := wire.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	doc := s.docs.Get(string(p.TextDocument.URI))
	if doc == nil {
		return nil, errNotOpen(p.TextDocument.URI)
	}
	m := mapper{doc.File}
	actions := []codeAction{}
	if s.damageOf(doc).lost > 0 {
		// No edit: each would be saved with the damage. Only the
		// command that reopens the file, wherever the cursor is.
		if wantKind(p.Context.Only, protocol.QuickFix) && s.client.vscode {
			actions = append(actions, reopenAction(doc, decodingDiagnostics(p.Context.Diagnostics)))
		}
		return actions, nil
	}
	if wantKind(p.Context.Only, protocol.QuickFix) {
		actions = append(actions, s.quickFixes(doc, p.Context.Diagnostics)...)
	}
	if doc.File.NumGames() == 0 {
		return actions, nil
	}
	i := doc.File.GameAt(m.span(p.Range).Start)
	if wantKind(p.Context.Only, kindFormatGame) {
		if edits, _ := format.Edits(ctx, doc.File, s.settings.formatOptions(), i, i+1); len(edits) > 0 {
			actions = append(actions, codeAction{Title: "Format game", Kind: kindFormatGame, Edit: workspaceEdit(doc, edits)})
		}
	}
	if wantKind(p.Context.Only, kindFilter) && doc.File.Dialect == syntax.CTLPGN {
		if edits, _ := format.Edits(ctx, doc.File, format.Options{Filter: true}, i, i+1); len(edits) > 0 {
			actions = append(actions, codeAction{Title: "Filter record", Kind: kindFilter, Edit: workspaceEdit(doc, edits)})
		}
	}
	if wantKind(p.Context.Only, kindFixGame) {
		if edits := fix.Edits(ctx, doc.File, s.fixOptions(), i, i+1); len(edits) > 0 {
			actions = append(actions, codeAction{Title: "Fix all in game", Kind: kindFixGame, Edit: workspaceEdit(doc, edits)})
		}
	}
	if wantKind(p.Context.Only, kindFixAll) && (len(p.Context.Only) > 0 || doc.File.Len() <= fixAllMax) {
		if edits := fix.Edits(ctx, doc.File, s.fixOptions(), 0, doc.File.NumGames()); len(edits) > 0 && ctx.Err() == nil {
			actions = append(actions, codeAction{Title: "Fix all in file", Kind: kindFixAll, Edit: workspaceEdit(doc, edits)})
		}
	}
	actions = append(actions, analyseActions(doc, i, p.Context.Only)...)
	if wantKind(p.Context.Only, protocol.RefactorRewrite) {
		actions = append(actions, moveActions(doc, m.span(p.Range).Start, p.Range.Start)...)
	}
	actions = append(actions, s.stripActions(ctx, doc, m.span(p.Range), p.Context.Only)...)
	if wantKind(p.Context.Only, kindAddTags) {
		r := doc.File.Game(i)
		if edits, names := fix.AddTags(r.Game, doc.File.Dialect, fix.Addable); len(edits) > 0 {
			actions = append(actions, codeAction{Title: "Add " + strings.Join(names, ", "), Kind: kindAddTags, Edit: workspaceEdit(doc, syntax.ShiftEdits(edits, r.Start))})
		}
	}
	if wantKind(p.Context.Only, kindSortTags) {
		r := doc.File.Game(i)
		if edits := sortTags(r.Game, doc.File.Dialect); len(edits) > 0 {
			actions = append(actions, codeAction{Title: "Sort tags", Kind: kindSortTags, Edit: workspaceEdit(doc, syntax.ShiftEdits(edits, r.Start))})
		}
	}
	return actions, ctx.Err()
}

// fixAllMax is the size of the largest document whose "Fix all in
// file" is worked out for a code action request that does not ask for
// its kind: such requests come at every move of the cursor, and fixing
// 64 KB (some fifty games) takes a few tens of milliseconds.
const fixAllMax = 64 << 10

// fixOptions are the options of the fix-all actions: the analyzers and
// the user's settings decide what is reported, so what is fixed. That
// is what the client is shown, hints included, as the server publishes
// every severity (pgnls fix, like pgnls check, leaves hints out by
// default); a code the settings switch off is neither.
func (s *server) fixOptions() fix.Options {
	return fix.Options{Config: s.settings.config(), Analyzers: s.analyzers}
}

// quickFixes returns the fixes of the server's diagnostics that match the
// client's diagnostics by range and code.
func (s *server) quickFixes(doc *session.Document, client []json.RawMessage) []codeAction {
	m := mapper{doc.File}
	games := map[int][]analysis.Diagnostic{} // file-absolute, per game index
	var out []codeAction
	for _, raw := range client {
		var cd clientDiagnostic
		if json.Unmarshal(raw, &cd) != nil {
			continue
		}
		code, ok := cd.Code.(string)
		if !ok || doc.File.NumGames() == 0 {
			continue
		}
		r := protocol.Range{Start: cd.Range.Start.Protocol(), End: cd.Range.End.Protocol()}
		i := doc.File.GameAt(m.span(r).Start)
		if code == string(players.CodeVariant) {
			// Counted across the document's games, not in the game's
			// analysis.
			if x, ok := matchDiagnostic(m, s.docs.GameVariants(doc, i), code, r); ok {
				for _, f := range x.Fixes {
					out = append(out, codeAction{Title: f.Title, Kind: protocol.QuickFix, Diagnostics: []json.RawMessage{raw}, IsPreferred: true, Edit: workspaceEdit(doc, syntax.Normalize(slices.Clone(f.Edits)))})
				}
			}
			continue
		}
		if code == string(duplicates.CodeDuplicate) || code == string(duplicates.CodeNear) {
			if a, ok := repeatFix(doc, m, i, raw); ok {
				out = append(out, a)
			}
			continue
		}
		ds, ok := games[i]
		if !ok {
			start := doc.File.Game(i).Start
			for _, x := range s.docs.GameDiagnostics(doc, i) {
				ds = append(ds, x.Shift(start))
			}
			games[i] = ds
		}
		x, ok := matchDiagnostic(m, ds, code, r)
		if !ok {
			continue
		}
		chosen, hasChosen := fix.Chosen(x)
		for _, f := range x.Fixes {
			out = append(out, codeAction{
				Title:       f.Title,
				Kind:        protocol.QuickFix,
				Diagnostics: []json.RawMessage{raw},
				// The one pgnls fix applies, which an editor's
				// auto-fix applies too.
				IsPreferred: hasChosen && f.Title == chosen.Title && f.Manual == "",
				Edit:        workspaceEdit(doc, syntax.Normalize(slices.Clone(f.Edits))),
			})
		}
	}
	return out
}

// reopenAction is the action that has the VS Code extension reopen doc
// with the Windows-1252 encoding (not an edit: the editor must read the
// file again), for the client's editor-decoding diagnostics ds.
func reopenAction(doc *session.Document, ds []json.RawMessage) codeAction {
	return codeAction{
		Title: "Reopen with the Windows-1252 (Latin-1) encoding", Kind: protocol.QuickFix,
		Diagnostics: ds, IsPreferred: true,
		Command: &protocol.Command{Title: "Reopen with Windows-1252", Command: reopenCommand,
			Arguments: []any{doc.URI, "windows1252"}},
	}
}

// decodingDiagnostics returns the client's editor-decoding diagnostics
// among ds.
func decodingDiagnostics(ds []json.RawMessage) []json.RawMessage {
	var out []json.RawMessage
	for _, raw := range ds {
		var cd clientDiagnostic
		if json.Unmarshal(raw, &cd) == nil && cd.Code == string(checks.CodeEditorDecoding) {
			out = append(out, raw)
		}
	}
	return out
}

// matchDiagnostic returns the diagnostic of ds (file-absolute) with the
// code and the range r of a client's diagnostic. The range is read in
// UTF-16, which pgnls speaks, and failing that in the other position
// encodings, in which some clients send it back (see mapper).
func matchDiagnostic(m mapper, ds []analysis.Diagnostic, code string, r protocol.Range) (analysis.Diagnostic, bool) {
	for _, enc := range encodings {
		for _, x := range ds {
			if string(x.Code) == code && m.rangeIn(x.Span, enc) == r {
				return x, true
			}
		}
	}
	return analysis.Diagnostic{}, false
}

// sortTags returns the game-relative edits that put the tags of g in
// export order, or none when they are in order: the fix the tags analyzer
// offers for tag-sort (all tags) or else tag-order (the Seven Tag Roster),
// whatever the user's settings for those codes.
func sortTags(g *syntax.Game, d syntax.Dialect) []syntax.Edit {
	ds := analysis.Game(g, d, &analysis.Config{Profile: analysis.ExportProfile}, []*analysis.Analyzer{tags.Analyzer})
	for _, code := range []analysis.Code{tags.CodeSort, tags.CodeOrder} {
		for _, x := range ds {
			if x.Code == code && len(x.Fixes) > 0 {
				return syntax.Normalize(slices.Clone(x.Fixes[0].Edits))
			}
		}
	}
	return nil
}

// workspaceEdit wraps file-absolute edits of doc.
func workspaceEdit(doc *session.Document, edits []syntax.Edit) *protocol.WorkspaceEdit {
	return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{protocol.DocumentURI(doc.URI): textEdits(mapper{doc.File}, edits)}}
}

// wantKind reports whether an action of kind k is wanted by the client's
// context.only filter: no filter, or a filter entry that is k or a
// parent of k ("source" covers "source.sortTags").
func wantKind(only []protocol.CodeActionKind, k protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if o == k || strings.HasPrefix(string(k), string(o)+".") {
			return true
		}
	}
	return false
}
