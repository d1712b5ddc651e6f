package duplicates

import (
	"strconv"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// File returns the diagnostics of the games of f that repeat earlier
// games of f, file-absolute, under cfg, in file order. fingerprint
// returns the fingerprint of game i (Of, or one kept from an earlier
// analysis of the same game), and false for a game without one; it is
// asked for the games in order, and again for the earlier games found
// repeated. (A document that changes keeps a Live index instead.)
func File(f *syntax.File, cfg *analysis.Config, fingerprint func(i int) (Fingerprint, bool)) []analysis.Diagnostic {
	if !Enabled(cfg, f.Dialect) {
		return nil
	}
	// Only the rare confirmation of a near-duplicate reads a game's tree.
	x := Index{Line: func(i Ref, fp Fingerprint) ([]uint64, bool) { return Line(f.Game(i).Game, f.Dialect), true }}
	x.Grow(f.NumGames())
	var out []analysis.Diagnostic
	for i := range f.NumGames() {
		fp, ok := fingerprint(i)
		if !ok {
			continue
		}
		found := x.Add(i, fp)
		if found.Kind == None {
			continue
		}
		ofp, _ := fingerprint(found.Other)
		sp := ofp.Mark.Shift(f.GameSpan(found.Other).Start)
		where := Where(found.Other, f.Position(sp.Start).Line)
		if d, ok := found.Diagnostic(cfg, fp.Mark.Shift(f.GameSpan(i).Start), where, []analysis.Related{{Span: sp, Msg: EarlierGame}}); ok {
			out = append(out, d)
		}
	}
	return out
}

// EarlierGame is the message of the related information of a repeated
// game's diagnostic, which points at the game it repeats.
const EarlierGame = "the earlier game"

// Where names game i (from 0) of a file, whose diagnostic span starts on
// line (from 1), in messages: "game 13 (line 340)".
func Where(i, line int) string {
	return "game " + strconv.Itoa(i+1) + " (line " + strconv.Itoa(line) + ")"
}

// Messages makes the messages of findings for a document whose repeated
// games are published again and again, keeping those made from one
// round to the next: copies of one game mostly say the same of it, and
// an edit changes few of them.
type Messages struct {
	last, next map[messageKey]string
}

type messageKey struct {
	f     Finding
	where string
}

// Message returns f.Message(where), made when the last round or this one
// did not make it.
func (m *Messages) Message(f Finding, where string) string {
	k := messageKey{f, where}
	k.f.Other = 0 // where names the other game
	msg, ok := m.next[k]
	if ok {
		return msg
	}
	if msg, ok = m.last[k]; !ok {
		msg = f.Message(where)
	}
	if m.next == nil {
		m.next = make(map[messageKey]string, len(m.last))
	}
	m.next[k] = msg
	return msg
}

// Round ends a round: the next keeps only the messages this one made or
// used.
func (m *Messages) Round() {
	m.last, m.next = m.next, m.last
	clear(m.next)
}
