// Package tags checks the tag sections of PGN games: the Seven Tag
// Roster, tag order, duplicates and the formats of well-known values.
// CTL-PGN records follow other rules (package ctltags).
package tags

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

// Codes reported by the Analyzer.
const (
	CodeMissingRoster = analysis.Code("missing-roster-tag")
	CodeOrder         = analysis.Code("tag-order")
	CodeSort          = analysis.Code("tag-sort")
	CodeDuplicate     = analysis.Code("duplicate-tag")
	CodeValue         = analysis.Code("bad-tag-value")
	CodeBackslash     = analysis.Code("unescaped-backslash")
	CodeSetUp         = analysis.Code("setup-fen-mismatch")
	CodePlyCount      = analysis.Code("plycount-mismatch")
)

// Roster is the Seven Tag Roster in export order.
var Roster = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// Analyzer checks PGN tag sections.
var Analyzer = &analysis.Analyzer{
	Name: "tags",
	Doc:  "Tag section checks for PGN: Seven Tag Roster, order, duplicates and value formats.",
	Codes: []analysis.CodeInfo{
		{Code: CodeMissingRoster, Severity: analysis.Warning, Doc: "A tag of the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing; export format requires all seven, with \"?\" for unknown values. The fix inserts each at its place in the roster; a game of moves without a tag section gets all seven before its movetext, as pgnls fmt writes them (a game without a move is not reported)."},
		{Code: CodeOrder, Severity: analysis.Warning, Doc: "The Seven Tag Roster tags are not first or not in their order Event, Site, Date, Round, White, Black, Result."},
		{Code: CodeSort, Severity: analysis.Hint, Layout: true, Doc: "Tags after the Seven Tag Roster are not in ASCII order as export format asks; most real files do not sort them."},
		{Code: CodeDuplicate, Severity: analysis.Warning, Doc: "A tag name appears twice in one game; readers keep either the first or the last value. The fix removes the second; pgnls fix does only when both have the same value."},
		{Code: CodeValue, Severity: analysis.Warning, Doc: "A tag value does not have the format the PGN standard gives for that tag (Date YYYY.MM.DD with ?, Round, Result, Elo, TimeControl, Termination, ECO, SetUp, Time). A date written with '-' or '/' gets a fix that writes the dots."},
		{Code: CodeBackslash, Severity: analysis.Warning, Doc: "A backslash in a tag value is not followed by '\"' or '\\'; export format escapes it as '\\\\'."},
		{Code: CodeSetUp, Severity: analysis.Warning, Doc: "SetUp and FEN disagree: SetUp \"1\" needs a FEN tag, and a FEN tag needs SetUp \"1\", which the fix writes."},
		{Code: CodePlyCount, Severity: analysis.Warning, Doc: "The PlyCount tag does not give the number of half-moves of the main line (moves of variations do not count; a null move does). The fix writes the count."},
	},
	Dialects: []syntax.Dialect{syntax.PGN},
	Run:      run,
}

func run(p *analysis.Pass) {
	g := p.Game
	if len(g.Tags) == 0 {
		checkNoTags(p, g)
		return
	}
	missing := missingRoster(g)
	// One rewrite of the tag section, offered by every finding it
	// repairs, so that bulk fixing applies it once.
	var rewrite []analysis.Fix
	out := outOfRoster(g)
	later, prev := unsorted(g)
	if out != nil || later != nil && p.Enabled(CodeSort, analysis.Hint) {
		rewrite = sortFix(g, p.Enabled(CodeSort, analysis.Hint), missing)
	}
	checkRoster(p, g, missing, rewrite)
	checkOrder(p, out, later, prev, rewrite)
	// The first tag of each name: a scan, not a map, since a game has a
	// dozen tags or so and this runs for every game of a file.
	firstOf := func(name string, before int) *syntax.Tag {
		for _, t := range g.Tags[:before] {
			if t.Name == name {
				return t
			}
		}
		return nil
	}
	for i, t := range g.Tags {
		if t.Name == "" {
			continue
		}
		if first := firstOf(t.Name, i); first != nil {
			fix := analysis.Fix{Title: "Remove this " + t.Name + " tag", Edits: []analysis.Edit{removeLine(g, t.Sp)}}
			if t.Value != first.Value {
				fix.Manual = "the tags have different values, and readers keep either"
			}
			p.Report(analysis.Diagnostic{
				Span: t.NameSpan, Severity: analysis.Warning, Code: CodeDuplicate,
				Message: "duplicate tag " + t.Name,
				Related: []analysis.Related{{Span: first.NameSpan, Msg: "first " + t.Name + " tag"}},
				Fixes:   []analysis.Fix{fix},
			})
			continue
		}
		checkValue(p, t)
		checkBackslash(p, g, t)
	}
	checkSetUp(p, g, firstOf("SetUp", len(g.Tags)), firstOf("FEN", len(g.Tags)))
	checkPlyCount(p, g, firstOf("PlyCount", len(g.Tags)))
}

// checkPlyCount reports a PlyCount tag that does not count the
// half-moves of the main line. A value that is not a number is
// bad-tag-value's.
func checkPlyCount(p *analysis.Pass, g *syntax.Game, t *syntax.Tag) {
	if t == nil || t.ValueSpan == (syntax.Span{}) || !analysis.Digits(t.Value) || len(t.Value) > 6 {
		return
	}
	plies := Plies(g)
	if n, _ := strconv.Atoi(t.Value); n == plies {
		return
	}
	count := strconv.Itoa(plies)
	p.Report(analysis.Diagnostic{
		Span: t.ValueSpan, Severity: analysis.Warning, Code: CodePlyCount,
		Message: "PlyCount " + t.Value + " does not count the main line: it has " + count + " half-moves",
		Fixes:   []analysis.Fix{{Title: "Set PlyCount to " + count, Edits: []analysis.Edit{{Span: t.ValueSpan, New: `"` + count + `"`}}}},
	})
}

// removeLine returns an edit deleting span and, when it is alone on its
// line, the whole line.
func removeLine(g *syntax.Game, sp syntax.Span) analysis.Edit {
	start, end := sp.Start, sp.End
	for start > 0 && (g.Text[start-1] == ' ' || g.Text[start-1] == '\t') {
		start--
	}
	for int(end) < len(g.Text) && (g.Text[end] == ' ' || g.Text[end] == '\t') {
		end++
	}
	atLineStart := start == 0 || g.Text[start-1] == '\n' || g.Text[start-1] == '\r'
	if atLineStart && int(end) < len(g.Text) && (g.Text[end] == '\n' || g.Text[end] == '\r') {
		if g.Text[end] == '\r' && int(end)+1 < len(g.Text) && g.Text[end+1] == '\n' {
			end++
		}
		end++
		return analysis.Edit{Span: syntax.Span{Start: start, End: end}}
	}
	return analysis.Edit{Span: sp}
}

// missingRoster returns the names of the roster tags g lacks, in roster
// order.
func missingRoster(g *syntax.Game) []string {
	var have [7]bool // indexed like Roster
	for _, t := range g.Tags {
		if i := rank(t.Name); i < len(Roster) {
			have[i] = true
		}
	}
	var missing []string
	for i, name := range Roster {
		if !have[i] {
			missing = append(missing, name)
		}
	}
	return missing
}

// checkRoster reports the missing roster tags. The fix is rewrite when
// the tag section is rewritten in order anyway, else the insertion of
// each tag at its place in the roster.
func checkRoster(p *analysis.Pass, g *syntax.Game, missing []string, rewrite []analysis.Fix) {
	if len(missing) == 0 {
		return
	}
	msg := "missing Seven Tag Roster tag " + missing[0]
	if len(missing) > 1 {
		msg = "missing Seven Tag Roster tags " + strings.Join(missing, ", ")
	}
	fixes := rewrite
	if fixes == nil {
		fixes = []analysis.Fix{{Title: "Add the missing tags", Edits: insertRoster(g, missing)}}
	}
	p.Report(analysis.Diagnostic{Span: g.Tags[0].Sp, Severity: analysis.Warning, Code: CodeMissingRoster, Message: msg, Fixes: fixes})
}

// checkNoTags reports a game of moves without a tag section: the whole
// roster is missing, and the fix writes it before the movetext, as
// pgnls fmt does. A game without a move (comments, a lone result) is
// left alone: there is no game to name.
func checkNoTags(p *analysis.Pass, g *syntax.Game) {
	var at syntax.Span
	for _, e := range g.Moves {
		if m, ok := e.(*syntax.Move); ok {
			at = m.Sp
			break
		}
	}
	if at == (syntax.Span{}) {
		return
	}
	pairs := make([]string, len(Roster))
	for i, name := range Roster {
		pairs[i] = "[" + name + ` "` + Placeholder(g, name) + `"]`
	}
	p.Report(analysis.Diagnostic{
		Span: at, Severity: analysis.Warning, Code: CodeMissingRoster,
		Message: "missing Seven Tag Roster tags " + strings.Join(Roster, ", ") + ": the game has no tag section",
		Fixes:   []analysis.Fix{{Title: "Add the missing tags", Edits: Append(g, pairs)}},
	})
}

// insertRoster returns the edits that insert the missing roster tags of
// g, each on a line of its own before the first tag that comes after it
// in export order (or after the last tag), so that tags in order stay in
// order. Tags sharing a line get the new tag on that line.
func insertRoster(g *syntax.Game, missing []string) []analysis.Edit {
	nl := analysis.LineEnd(g)
	var edits []analysis.Edit
	for _, name := range missing {
		text := "[" + name + " \"" + Placeholder(g, name) + "\"]"
		e := analysis.Edit{Span: syntax.Span{Start: g.Tags[len(g.Tags)-1].Sp.End, End: g.Tags[len(g.Tags)-1].Sp.End}, New: nl + text}
		for _, t := range g.Tags {
			if rank(t.Name) > slices.Index(Roster, name) {
				e = insertBefore(g, t, text)
				break
			}
		}
		if n := len(edits); n > 0 && edits[n-1].Span == e.Span {
			edits[n-1].New += e.New
			continue
		}
		edits = append(edits, e)
	}
	return edits
}

// rank is the place of a tag name in export order: its index in the
// roster, or len(Roster) for the other tags.
func rank(name string) int {
	// A switch, not a search of Roster: this runs for every tag of every
	// game, several times (TestRank holds it to Roster).
	switch name {
	case "Event":
		return 0
	case "Site":
		return 1
	case "Date":
		return 2
	case "Round":
		return 3
	case "White":
		return 4
	case "Black":
		return 5
	case "Result":
		return 6
	}
	return len(Roster)
}

// Placeholder is the export-format value of a missing roster tag of g:
// "?", "????.??.??" for Date, and for Result the game's termination
// marker, or "*". The fix that adds missing tags, the formatter and tag
// completion write it.
func Placeholder(g *syntax.Game, name string) string {
	switch name {
	case "Date":
		return "????.??.??"
	case "Result":
		if g.Result != nil {
			return g.Result.Text
		}
		return "*"
	}
	return "?"
}

// outOfRoster returns the first tag out of roster order: a roster tag
// after a tag that comes later in export order; nil when there is none.
func outOfRoster(g *syntax.Game) *syntax.Tag {
	best := -1
	for _, t := range g.Tags {
		r := rank(t.Name)
		if r < best {
			return t
		}
		best = max(best, r)
	}
	return nil
}

// unsorted returns the first tag after the roster that is not in ASCII
// order with the one before it, and that one; nil when there is none.
func unsorted(g *syntax.Game) (t, prev *syntax.Tag) {
	for _, t := range g.Tags {
		if rank(t.Name) < len(Roster) {
			continue
		}
		if prev != nil && t.Name < prev.Name {
			return t, prev
		}
		prev = t
	}
	return nil, nil
}

// checkOrder reports t, the first tag out of roster order (outOfRoster),
// and later, the first tag after the roster out of ASCII order with prev
// (unsorted), with rewrite, the fix that rewrites the tag lines in order.
func checkOrder(p *analysis.Pass, t, later, prev *syntax.Tag, rewrite []analysis.Fix) {
	if t != nil {
		p.Report(analysis.Diagnostic{
			Span: t.NameSpan, Severity: analysis.Warning, Code: CodeOrder,
			Message: t.Name + " must come before the other tags: export order starts Event, Site, Date, Round, White, Black, Result",
			Fixes:   rewrite,
		})
	}
	if later != nil {
		p.Report(analysis.Diagnostic{
			Span: later.NameSpan, Severity: analysis.Hint, Code: CodeSort,
			Message: later.Name + " should come before " + prev.Name + ": export format sorts the tags after the Seven Tag Roster in ASCII order",
			Fixes:   rewrite,
		})
	}
}

// sortFix rewrites the tag section one tag per line in export order,
// with the missing roster tags added; the other tags keep their order
// unless ascii is set. It offers nothing when comments sit between the
// tags, since moving them could change meaning.
func sortFix(g *syntax.Game, ascii bool, missing []string) []analysis.Fix {
	for _, e := range g.Header {
		if _, ok := e.(*syntax.Tag); !ok {
			return nil
		}
	}
	type line struct {
		name, text string
	}
	var lines []line
	for _, t := range g.Tags {
		lines = append(lines, line{t.Name, g.Slice(t.Sp)})
	}
	for _, name := range missing {
		lines = append(lines, line{name, "[" + name + " \"" + Placeholder(g, name) + "\"]"})
	}
	sort.SliceStable(lines, func(i, j int) bool {
		ri, rj := rank(lines[i].name), rank(lines[j].name)
		switch {
		case ri != rj:
			return ri < rj
		case ascii && ri == len(Roster):
			return lines[i].name < lines[j].name
		}
		return false
	})
	nl := analysis.LineEnd(g)
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteString(nl)
		}
		b.WriteString(l.text)
	}
	span := syntax.Span{Start: g.Tags[0].Sp.Start, End: g.Tags[len(g.Tags)-1].Sp.End}
	title := "Put the Seven Tag Roster first, in order"
	if ascii {
		title = "Sort the tags into export order"
	}
	if len(missing) > 0 {
		title = "Add the missing roster tags and " + strings.ToLower(title[:1]) + title[1:]
	}
	return []analysis.Fix{{Title: title, Edits: []analysis.Edit{{Span: span, New: b.String()}}}}
}

var (
	timeRE        = regexp.MustCompile(`^([0-9?]{2}):([0-9?]{2}):([0-9?]{2})$`)
	timeControlRE = regexp.MustCompile(`^(\?|-|(([0-9]+/[0-9.]+)|([0-9.]+(\+[0-9.]+)?)|(\*[0-9.]+))(:(([0-9]+/[0-9.]+)|([0-9.]+(\+[0-9.]+)?)|(\*[0-9.]+)))*)$`)
)

var terminations = []string{"abandoned", "adjudication", "death", "emergency", "normal", "rules infraction", "time forfeit", "unterminated"}

// checkValue checks the format of well-known tag values.
func checkValue(p *analysis.Pass, t *syntax.Tag) {
	if t.ValueSpan == (syntax.Span{}) {
		return
	}
	v := t.Value
	var problem string
	var fixes []analysis.Fix
	switch t.Name {
	case "Date", "EventDate", "UTCDate":
		problem = checkDate(v)
		if y, m, d, sep, ok := dateFields(v); ok && sep != '.' && checkDate(y+"."+m+"."+d) == "" {
			fixes = []analysis.Fix{{Title: "Write " + y + "." + m + "." + d, Edits: []analysis.Edit{{Span: t.ValueSpan, New: strconv.Quote(y + "." + m + "." + d)}}}}
		}
	case "Round":
		if !validRound(v) {
			problem = "Round must be \"?\", \"-\" or numbers joined by dots, like \"3\" or \"2.1\""
		}
	case "Result":
		if !slices.Contains(analysis.PGNResults, v) {
			problem = "Result must be 1-0, 0-1, 1/2-1/2 or *"
		}
	case "WhiteElo", "BlackElo":
		if v != "" && v != "?" && v != "-" && (len(v) > 4 || !analysis.Digits(v)) {
			problem = t.Name + " must be a whole number (or \"-\" or \"?\")"
		}
	case "PlyCount", "WhiteFideId", "BlackFideId":
		if !analysis.Digits(v) && v != "?" && v != "-" {
			problem = t.Name + " must be a whole number"
		}
	case "ECO":
		if v != "?" && !ValidECO(v) {
			problem = "ECO must be a code from A00 to E99"
		}
	case "TimeControl":
		if !timeControlRE.MatchString(v) {
			problem = "TimeControl must be \"?\", \"-\" or periods like \"40/7200:3600\", \"300+2\" or \"*60\" joined by ':'"
		}
	case "Termination":
		if !slices.Contains(terminations, strings.ToLower(v)) {
			problem = "Termination must be one of " + strings.Join(terminations, ", ")
		}
	case "SetUp":
		if v != "0" && v != "1" {
			problem = "SetUp must be \"0\" or \"1\""
		}
	case "Time", "UTCTime":
		if m := timeRE.FindStringSubmatch(v); m == nil || outOfRange(m[1], 23) || outOfRange(m[2], 59) || outOfRange(m[3], 59) {
			problem = t.Name + " must be HH:MM:SS"
		}
	}
	if problem == "" {
		return
	}
	p.Report(analysis.Diagnostic{Span: t.ValueSpan, Severity: analysis.Warning, Code: CodeValue, Message: problem, Fixes: fixes})
}

func checkDate(v string) string {
	y, m, d, sep, ok := dateFields(v)
	switch {
	case !ok:
		return "date must be YYYY.MM.DD, with ? for unknown digits, like \"1992.??.??\""
	case sep != '.':
		return "date must be written YYYY.MM.DD with dots: " + y + "." + m + "." + d
	case outOfRange(m, 12) || m == "00":
		return "month " + m + " is not 01..12"
	case outOfRange(d, 31) || d == "00":
		return "day " + d + " is not 01..31"
	}
	return ""
}

// dateFields splits a date YYYY.MM.DD (digits or ?), or one written with
// "-" or "/" instead of each dot, into its fields and its first separator.
func dateFields(v string) (y, m, d string, sep byte, ok bool) {
	other := func(c byte) bool { return c == '-' || c == '/' }
	if len(v) != 10 || !(v[4] == '.' && v[7] == '.' || other(v[4]) && other(v[7])) {
		return "", "", "", 0, false
	}
	for i := range len(v) {
		if i != 4 && i != 7 && v[i] != '?' && (v[i] < '0' || v[i] > '9') {
			return "", "", "", 0, false
		}
	}
	return v[:4], v[5:7], v[8:], v[4], true
}

// ValidECO reports whether v is an ECO code, A00 to E99.
func ValidECO(v string) bool {
	return len(v) == 3 && v[0] >= 'A' && v[0] <= 'E' && analysis.Digits(v[1:])
}

// validRound reports whether s is a Round value: "?", "-", or numbers
// separated by dots ("3", "3.1", "1.2.3").
func validRound(s string) bool {
	if s == "?" || s == "-" {
		return true
	}
	for part := range strings.SplitSeq(s, ".") {
		if !analysis.Digits(part) {
			return false
		}
	}
	return true
}

// outOfRange reports whether a two-digit field without '?' exceeds max.
func outOfRange(s string, max int) bool {
	if strings.Contains(s, "?") {
		return false
	}
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n > max
}

// checkBackslash reports a backslash that escapes nothing.
func checkBackslash(p *analysis.Pass, g *syntax.Game, t *syntax.Tag) {
	if t.ValueSpan.Len() < 2 {
		return
	}
	raw := g.Slice(t.ValueSpan)
	for i := 1; i < len(raw)-1; i++ {
		j := strings.IndexByte(raw[i:len(raw)-1], '\\')
		if j < 0 {
			return
		}
		i += j
		if raw[i+1] == '"' || raw[i+1] == '\\' {
			if i+1 < len(raw)-1 {
				i++
				continue
			}
		}
		at := t.ValueSpan.Start + syntax.Pos(i)
		p.Report(analysis.Diagnostic{
			Span: syntax.Span{Start: at, End: at + 1}, Severity: analysis.Warning, Code: CodeBackslash,
			Message: "backslash escapes nothing; write \\\\ for a backslash",
			Fixes:   []analysis.Fix{{Title: "Escape the backslash", Edits: []analysis.Edit{{Span: syntax.Span{Start: at, End: at + 1}, New: "\\\\"}}}},
		})
	}
}

// checkSetUp compares the SetUp and FEN tags. A FEN tag gives the start
// position, so the fix of a FEN without SetUp "1" writes that SetUp.
func checkSetUp(p *analysis.Pass, g *syntax.Game, setup, fen *syntax.Tag) {
	switch {
	case setup != nil && setup.Value == "1" && fen == nil:
		p.Report(analysis.Diagnostic{Span: setup.Sp, Severity: analysis.Warning, Code: CodeSetUp, Message: "SetUp \"1\" without a FEN tag: the start position is unknown"})
	case fen != nil && (setup == nil || setup.Value != "1"):
		msg := "FEN tag without SetUp \"1\""
		var edit analysis.Edit
		if setup != nil {
			msg = "FEN tag with SetUp \"" + setup.Value + "\"; it must be \"1\""
			edit = analysis.Edit{Span: setup.ValueSpan, New: `"1"`}
		} else {
			edit = insertBefore(g, fen, `[SetUp "1"]`)
		}
		p.Report(analysis.Diagnostic{Span: fen.NameSpan, Severity: analysis.Warning, Code: CodeSetUp, Message: msg,
			Fixes: []analysis.Fix{{Title: `Write [SetUp "1"]`, Edits: []analysis.Edit{edit}}}})
	}
}

// insertBefore returns the edit that inserts the tag text before tag t
// of g: on a line of its own when t starts its line (after a byte-order
// mark, if the file has one), else on t's line.
func insertBefore(g *syntax.Game, t *syntax.Tag, text string) analysis.Edit {
	at := t.Sp.Start
	for at > 0 && (g.Text[at-1] == ' ' || g.Text[at-1] == '\t') {
		at--
	}
	if at > 0 && g.Text[at-1] != '\n' && g.Text[at-1] != '\r' && g.Text[:at] != "\uFEFF" {
		return analysis.Edit{Span: syntax.Span{Start: t.Sp.Start, End: t.Sp.Start}, New: text + " "}
	}
	return analysis.Edit{Span: syntax.Span{Start: at, End: at}, New: text + analysis.LineEnd(g)}
}
