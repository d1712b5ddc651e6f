// Package annotate annotates games with a UCI engine, as lichess's
// computer analysis does: the engine evaluates the position after each
// move of the main line; each move gets the evaluation in its comment
// ("[%eval 0.35]", "[%eval #-3]", from White's point of view), the NAG
// of an inaccuracy, mistake or blunder ($6, $2, $4) by the drop of its
// player's winning chances (Judge), and, for a mistake or a blunder, the
// engine's better line as a variation. The engine of `pgnls annotate`
// and of the editor's "Analyse game".
//
// It only adds: existing comments, NAGs and variations stay as they are
// (the evaluation goes first in the move's first comment, or in a new
// comment after its NAGs; a move already assessed by a glyph or NAG gets
// none; the variation goes before the move's own), and a move whose
// comments hold an [%eval] is skipped unless Options.Force, so that
// annotating twice changes nothing. Edits follow the formatter's
// conventions: "{[%eval 0.35]}", "$2", "(12... Nf6 13. Bxf6 gxf6)".
//
// Engines are driven through package uci; an Analyst owns the engine
// processes of one worker. The package speaks in game-relative offsets
// and knows nothing of files or the protocol.
package annotate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/commands"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/legality"
	"github.com/pgnls/pgnls/analysis/nag"
	"github.com/pgnls/pgnls/analysis/uci"
	"github.com/pgnls/pgnls/syntax"
)

// Default engine programs, looked up on PATH and then in /usr/games,
// where Debian installs them.
const (
	DefaultEngine        = "stockfish"       // chess and Chess960
	DefaultVariantEngine = "fairy-stockfish" // the other variants lichess plays
)

// MaxLine is the most plies of a better line written as a variation,
// as lichess writes them.
const MaxLine = 20

// Options control an analysis.
type Options struct {
	// Engine is the program for every game when set; else
	// DefaultEngine plays chess and Chess960 and DefaultVariantEngine
	// the other variants.
	Engine string
	// Limits bound each search; the zero value means Depth 18.
	Limits uci.Limits
	// Threads, Hash (MiB) and MultiPV are set on the engine when not 0.
	// With MultiPV above 1 a mistake gets a variation per line the
	// engine gives that starts with another move than the one played.
	Threads, Hash, MultiPV int
	// Force re-evaluates moves that already have an [%eval].
	Force bool
	// Timeout bounds each exchange with the engine (uci.Config).
	Timeout time.Duration
	// Env is the engine's environment; nil: the current process's.
	Env []string
}

// DefaultDepth is the depth of a search without limits.
const DefaultDepth = 18

// ErrCTL is the error of a CTL-PGN record: no engine plays C'escacs.
var ErrCTL = errors.New("no engine for C'escacs: CTL-PGN records are not annotated")

// Result is the annotation of one game.
type Result struct {
	// Edits are the game-relative edits that annotate the game, in
	// order; none when Skipped or when every move has its evaluation.
	Edits []syntax.Edit
	Text  string // the game's text with Edits applied
	// Moves counts the moves given an evaluation; Judged the moves
	// judged, by judgement.
	Moves  int
	Judged [Blunder + 1]int
	// Skipped says why the game was left as it was: a syntax error, an
	// illegal move (Broken: a problem of the game), a variant no engine
	// plays. At is where, as an offset into the game's text.
	Skipped string
	Broken  bool
	At      syntax.Pos
}

// Joined returns r as the formatter's Joiner and Layout take it: the
// game's own text edited in place.
func (r Result) Joined() format.Result {
	return format.Result{Text: r.Text, Skipped: r.Skipped, Broken: r.Broken, At: r.At, Edited: true}
}

// Analyst annotates games with engines it starts when first needed and
// keeps for the next games. It is used by one goroutine at a time.
type Analyst struct {
	opts    Options
	engines map[string]*session
}

// session is a running engine and what was set on it.
type session struct {
	e        *uci.Engine
	variant  string // UCI_Variant set; "" for the engine's default
	chess960 bool
}

// NewAnalyst returns an Analyst with opts.
func NewAnalyst(opts Options) *Analyst {
	if opts.Limits == (uci.Limits{}) {
		opts.Limits.Depth = DefaultDepth
	}
	return &Analyst{opts: opts, engines: map[string]*session{}}
}

// Close quits the engines.
func (a *Analyst) Close() {
	for _, s := range a.engines {
		s.e.Quit()
	}
	clear(a.engines)
}

// program returns the path of the program for variant v.
func (a *Analyst) program(v chess.Variant) (string, error) {
	name := a.opts.Engine
	if name == "" {
		name = DefaultEngine
		if v != chess.Standard && v != chess.Chess960 {
			name = DefaultVariantEngine
		}
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
		if path := "/usr/games/" + name; isFile(path) {
			return path, nil
		}
		return "", fmt.Errorf("engine %s not found on PATH nor in /usr/games (apt-get install %s, or --engine PATH)", name, name)
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("engine %s: %w", name, err)
	}
	return path, nil
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// engine returns the engine for variant v, started and set up for a new
// game of it.
func (a *Analyst) engine(ctx context.Context, v chess.Variant) (*uci.Engine, error) {
	path, err := a.program(v)
	if err != nil {
		return nil, err
	}
	s := a.engines[path]
	if s == nil {
		e, err := uci.Start(ctx, path, uci.Config{Env: a.opts.Env, Timeout: a.opts.Timeout})
		if err != nil {
			return nil, err
		}
		s = &session{e: e}
		a.engines[path] = s
		for _, o := range []struct {
			name string
			v    int
		}{{"Threads", a.opts.Threads}, {"Hash", a.opts.Hash}, {"MultiPV", a.opts.MultiPV}} {
			if o.v == 0 {
				continue
			}
			if err := e.SetOption(ctx, o.name, strconv.Itoa(o.v)); err != nil {
				a.drop(path)
				return nil, err
			}
		}
	}
	e := s.e
	variant := ""
	if v != chess.Standard && v != chess.Chess960 {
		variant = v.String()
	}
	if variant != s.variant {
		o, ok := e.Options["UCI_Variant"]
		want := variant
		if want == "" {
			want = o.Default
		}
		if !ok || !o.Has(want) {
			return nil, fmt.Errorf("engine %s does not play %s (its UCI_Variant option does not offer %q)", e.Name, v.Name(), variant)
		}
		if err := e.SetOption(ctx, "UCI_Variant", want); err != nil {
			a.drop(path)
			return nil, err
		}
		s.variant = variant
	}
	if chess960 := v == chess.Chess960; chess960 != s.chess960 {
		if _, ok := e.Options["UCI_Chess960"]; !ok {
			return nil, fmt.Errorf("engine %s does not play Chess960 (it has no UCI_Chess960 option)", e.Name)
		}
		if err := e.SetOption(ctx, "UCI_Chess960", strconv.FormatBool(chess960)); err != nil {
			a.drop(path)
			return nil, err
		}
		s.chess960 = chess960
	}
	if err := e.NewGame(ctx); err != nil {
		a.drop(path)
		return nil, err
	}
	return e, nil
}

// drop forgets the engine of path, killing it: the next game starts it
// anew.
func (a *Analyst) drop(path string) {
	if s := a.engines[path]; s != nil {
		s.e.Close()
		delete(a.engines, path)
	}
}

// ply is a move of the main line with the positions around it.
type ply struct {
	node          *syntax.Move
	index         int // in g.Moves
	uci           string
	before, after chess.Position
	over          bool // the game ends after it
	wanted        bool // it gets an evaluation
}

// analysed is what the engine said of a position.
type analysed struct {
	eval  Eval
	lines []uci.Info // the engine's lines, best first
	ok    bool
}

// Game annotates the main line of g, a game of dialect d. A game it
// leaves as it was says why in Result.Skipped; an error is the engine's
// (it failed to start, crashed or timed out; the engine is then
// restarted for the next game) or ctx's, and the game gets no edit.
func (a *Analyst) Game(ctx context.Context, g *syntax.Game, d syntax.Dialect) (Result, error) {
	res := Result{Text: g.Text}
	if d == syntax.CTLPGN {
		return res, ErrCTL
	}
	for _, x := range g.Errs {
		if x.Severity == syntax.SevError {
			res.Skipped, res.Broken, res.At = "syntax error: "+x.Msg, true, x.Span.Start
			return res, nil
		}
	}
	start := legality.StartOf(g)
	if !start.Known {
		v, _ := g.TagValue("Variant")
		res.Skipped = "no engine plays the variant " + strconv.Quote(v)
		return res, nil
	}
	if !start.OK {
		res.Skipped, res.Broken, res.At = "the FEN tag is not a position the engine can be given", true, start.FEN.Sp.Start
		return res, nil
	}
	plies, skipped, at := a.mainLine(g, start)
	if skipped != "" {
		res.Skipped, res.Broken, res.At = skipped, true, at
		return res, nil
	}
	// The positions to evaluate: around each move wanted.
	need := make([]bool, len(plies)+1)
	for i, p := range plies {
		if p.wanted {
			need[i], need[i+1] = true, !p.over
		}
	}
	if !slices.Contains(need, true) {
		return res, nil
	}
	e, err := a.engine(ctx, start.Variant)
	if err != nil {
		return res, err
	}
	fen := ""
	if start.FEN != nil {
		fen = start.Pos.FEN()
	}
	evals := make([]analysed, len(plies)+1)
	moves := make([]string, 0, len(plies))
	for i := range need {
		if i > 0 {
			moves = append(moves, plies[i-1].uci)
		}
		if !need[i] {
			continue
		}
		if err := e.Position(fen, moves); err != nil {
			a.dropEngine(e)
			return res, err
		}
		r, err := e.Go(ctx, a.opts.Limits)
		if err != nil {
			if ctx.Err() == nil {
				a.dropEngine(e)
			}
			return res, err
		}
		if len(r.Lines) == 0 || !r.Lines[0].HasScore {
			a.dropEngine(e)
			return res, &uci.Error{Engine: e.Name, Op: "go", Err: errors.New("the engine gave no score")}
		}
		pos := start.Pos
		if i > 0 {
			pos = plies[i-1].after
		}
		evals[i] = analysed{eval: whiteEval(r.Lines[0].Score, pos.SideToMove() == chess.White), lines: r.Lines, ok: true}
	}
	res.Edits = a.edits(g, plies, evals, &res)
	res.Text = syntax.ApplyEdits(g.Text, res.Edits)
	if why := sameMeaning(g, res.Text, d); why != "" {
		// Never happens: the edits only add.
		return Result{Text: g.Text, Skipped: "annotating would change the game: " + why, Broken: true}, nil
	}
	return res, nil
}

// dropEngine forgets the engine e after an error.
func (a *Analyst) dropEngine(e *uci.Engine) {
	for path, s := range a.engines {
		if s.e == e {
			a.drop(path)
		}
	}
}

// whiteEval turns a score of the side to move into an Eval.
func whiteEval(s uci.Score, whiteToMove bool) Eval {
	sign := 1
	if !whiteToMove {
		sign = -1
	}
	if s.Mate {
		return Eval{Mate: true, Moves: sign * s.Moves}
	}
	return Eval{CP: sign * s.CP}
}

// mainLine replays the main line of g and marks the moves to evaluate;
// it says why when a move cannot be played.
func (a *Analyst) mainLine(g *syntax.Game, start legality.Start) (plies []ply, skipped string, at syntax.Pos) {
	index := map[*syntax.Move]int{}
	for i, e := range g.Moves {
		if m, ok := e.(*syntax.Move); ok {
			index[m] = i
		}
	}
	legality.ReplayMainLine(g, start, func(st *legality.Step) bool {
		if st.After == nil {
			skipped, at = "the move "+st.Node.Text+" cannot be played", st.Node.Sp.Start
			if st.Err != nil {
				skipped += ": " + st.Err.Error()
			}
			return false
		}
		p := ply{node: st.Node, index: index[st.Node], uci: st.Before.UCI(st.Move), before: *st.Before, after: *st.After}
		p.over = p.after.Outcome().Result != ""
		p.wanted = !p.over && (a.opts.Force || !hasEval(g, p.index))
		plies = append(plies, p)
		return true
	})
	return plies, skipped, at
}

// following returns the elements that follow the move at g.Moves[i]
// up to the next move, number or result.
func following(g *syntax.Game, i int) []syntax.Elem {
	j := i + 1
	for j < len(g.Moves) {
		switch g.Moves[j].(type) {
		case *syntax.NAG, *syntax.Glyph, *syntax.Comment, *syntax.Variation:
			j++
			continue
		}
		break
	}
	return g.Moves[i+1 : j]
}

// hasEval reports whether a comment of the move at g.Moves[i] holds an
// [%eval].
func hasEval(g *syntax.Game, i int) bool {
	for _, e := range following(g, i) {
		if c, ok := e.(*syntax.Comment); ok && evalCommand(c) != nil {
			return true
		}
	}
	return false
}

// evalCommand returns the first [%eval] of c, or nil.
func evalCommand(c *syntax.Comment) *commands.Command {
	for cmd := range commands.All(c.Text) {
		if cmd.Name == "eval" {
			return &cmd
		}
	}
	return nil
}

// edits returns the edits that annotate the wanted moves of plies.
func (a *Analyst) edits(g *syntax.Game, plies []ply, evals []analysed, res *Result) []syntax.Edit {
	var edits []syntax.Edit
	for i, p := range plies {
		if !p.wanted || !evals[i].ok || !evals[i+1].ok {
			continue
		}
		res.Moves++
		after := following(g, p.index)
		// The NAG and a new comment go after the move's glyphs and NAGs
		// (before its first comment), the evaluation into its first
		// brace comment, a variation after its comments, before its own
		// variations.
		nagEnd := p.node.Sp.End
		assessed := false
		var comment *syntax.Comment
		for _, e := range after {
			if _, ok := e.(*syntax.Variation); ok {
				break
			}
			v := 0
			switch n := e.(type) {
			case *syntax.NAG:
				v = n.Value
			case *syntax.Glyph:
				v = nag.Glyphs[n.Text]
			case *syntax.Comment:
				if comment == nil && n.Kind == syntax.BraceKind && n.Closed {
					comment = n
				}
				continue
			}
			assessed = assessed || v >= 1 && v <= 6
			if comment == nil {
				nagEnd = e.Span().End
			}
		}
		varAt := variationPoint(p.node, after)
		eval := evals[i+1].eval
		j := Judge(evals[i].eval, eval, p.before.SideToMove() == chess.White)
		best := evals[i].lines
		if len(best) > 0 && len(best[0].PV) > 0 && best[0].PV[0] == p.uci {
			j = Good // the engine's own choice is no mistake by its verdict
		}
		if j != Good {
			res.Judged[j]++
		}
		var at []insert
		if j != Good && !assessed {
			at = append(at, insert{nagEnd, " $" + strconv.Itoa(j.NAG())})
		}
		cmdText := "[%eval " + eval.String() + "]"
		// With Force, an evaluation there is replaced where it is.
		var old *commands.Command
		var holder *syntax.Comment
		for _, e := range after {
			if c, ok := e.(*syntax.Comment); ok && old == nil {
				old, holder = evalCommand(c), c
			}
		}
		switch {
		case old != nil:
			base := holder.Sp.Start + 1
			edits = append(edits, syntax.Edit{Span: syntax.Span{Start: base + syntax.Pos(old.Start), End: base + syntax.Pos(old.End)}, New: cmdText})
		case comment != nil:
			text := comment.Text
			lead := len(text) - len(strings.TrimLeft(text, " \t\r\n"))
			sep := " "
			if strings.TrimSpace(text) == "" {
				sep = ""
			}
			at = append(at, insert{comment.Sp.Start + 1 + syntax.Pos(lead), cmdText + sep})
		default:
			at = append(at, insert{nagEnd, " {" + cmdText + "}"})
		}
		if j == Mistake || j == Blunder {
			for _, l := range best {
				if len(l.PV) == 0 || l.PV[0] == p.uci || startsVariation(after, p.before, l.PV[0]) {
					continue
				}
				if text := lineText(p.before, l.PV); text != "" {
					at = append(at, insert{varAt, " (" + text + ")"})
				}
			}
		}
		for _, x := range at {
			edits = append(edits, syntax.Edit{Span: syntax.Span{Start: x.at, End: x.at}, New: x.text})
		}
	}
	// Inserts at one offset keep their order: NAG, comment, variations.
	slices.SortStableFunc(edits, func(a, b syntax.Edit) int { return int(a.Start - b.Start) })
	return mergeInserts(edits)
}

// insert is text inserted at an offset.
type insert struct {
	at   syntax.Pos
	text string
}

// variationPoint returns where a new variation of the move goes: after
// its glyphs, NAGs and comments, before its first variation.
func variationPoint(m *syntax.Move, after []syntax.Elem) syntax.Pos {
	at := m.Sp.End
	for _, e := range after {
		if _, ok := e.(*syntax.Variation); ok {
			break
		}
		at = e.Span().End
	}
	return at
}

// startsVariation reports whether one of the move's variations (in
// after) starts with the move u of pos.
func startsVariation(after []syntax.Elem, pos chess.Position, u string) bool {
	for _, e := range after {
		v, ok := e.(*syntax.Variation)
		if !ok {
			continue
		}
		for _, x := range v.Elems {
			m, ok := x.(*syntax.Move)
			if !ok {
				continue
			}
			san, err := chess.ParseSAN(m.Text)
			if err == nil {
				if mv, rerr := pos.Resolve(san); rerr == nil && pos.UCI(mv) == u {
					return true
				}
			}
			break
		}
	}
	return false
}

// lineText writes at most MaxLine plies of the engine's line pv from
// pos in SAN, numbered as the formatter numbers a variation; it stops
// at a move that is not legal.
func lineText(pos chess.Position, pv []string) string {
	var b strings.Builder
	for i, u := range pv {
		if i == MaxLine {
			break
		}
		m, ok := parseUCI(&pos, u)
		if !ok {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		switch {
		case pos.SideToMove() == chess.White:
			b.WriteString(strconv.Itoa(pos.FullmoveNumber()) + ". ")
		case i == 0:
			b.WriteString(strconv.Itoa(pos.FullmoveNumber()) + "... ")
		}
		b.WriteString(pos.SAN(m))
		pos = pos.Make(m)
	}
	return b.String()
}

// parseUCI returns the legal move of p written u in UCI.
func parseUCI(p *chess.Position, u string) (chess.Move, bool) {
	for _, m := range p.LegalMoves() {
		if p.UCI(m) == u {
			return m, true
		}
	}
	return 0, false
}

// mergeInserts joins the insertions at one offset into one edit, in
// their order.
func mergeInserts(edits []syntax.Edit) []syntax.Edit {
	var out []syntax.Edit
	for _, e := range edits {
		if n := len(out); n > 0 && out[n-1].Start == e.Start && out[n-1].End == out[n-1].Start && e.End == e.Start {
			out[n-1].New += e.New
			continue
		}
		out = append(out, e)
	}
	return out
}

// sameMeaning checks that text, g's annotated text, is one game with
// the same main line and no new syntax error; it says what differs.
func sameMeaning(g *syntax.Game, text string, d syntax.Dialect) string {
	f := syntax.Parse("", text, d)
	if f.NumGames() != 1 {
		return "it would no longer read as one game"
	}
	h := f.Game(0).Game
	if len(h.Errs) > len(g.Errs) {
		return "a syntax error: " + h.Errs[0].Msg
	}
	var a, b []string
	for _, e := range g.Moves {
		if m, ok := e.(*syntax.Move); ok {
			a = append(a, m.Text)
		}
	}
	for _, e := range h.Moves {
		if m, ok := e.(*syntax.Move); ok {
			b = append(b, m.Text)
		}
	}
	if !slices.Equal(a, b) {
		return "its main line would change"
	}
	return ""
}
