package ctlcheck

import (
	"slices"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/ctllegality"
	"github.com/pgnls/pgnls/syntax"
)

// knownTags lists the tag names of the CTL-PGN catalogue (§8.4).
var knownTags = []string{
	"Variant", "Event", "Site", "Date", "Round", "White", "Black", "WhiteNA", "BlackNA",
	"WhiteAlias", "BlackAlias", "Result", "Id", "Annotator", "AnnotatorId", "EventDate",
	"MatchDate", "Termination", "Lang", "Title", "Revisited", "Model", "Example", "Mode",
	"WhiteType", "BlackType", "TimeControl", "Redefine", "PDTL",
}

// canonicalName returns the catalogue spelling of a tag name written in
// another case ("model" → "Model"), or the name itself.
func canonicalName(name string) string {
	if slices.Contains(knownTags, name) {
		return name
	}
	for _, k := range knownTags {
		if strings.EqualFold(k, name) {
			return k
		}
	}
	return name
}

// record is the tag section of one record with canonical names.
type record struct {
	g     *syntax.Game
	tags  []*syntax.Tag
	names []string       // canonical name of each tag
	first map[string]int // index of the first tag of each canonical name
	kind  recordKind
	draft bool           // the Id has an annotator key (A0001-24)
	fixes []analysis.Fix // the reorder fix, see reorderFix
}

// recordKind tells the two kinds of records of §8.3 apart.
type recordKind uint8

const (
	unclassified  recordKind = iota // neither game-record tags nor an Id
	gameRecord                      // a real game: the PGN identification tags
	minimalRecord                   // an illustration, model or draft: Id, Annotator
)

func newRecord(g *syntax.Game) *record {
	r := &record{g: g, tags: g.Tags, first: map[string]int{}}
	for i, t := range g.Tags {
		name := canonicalName(t.Name)
		r.names = append(r.names, name)
		if _, seen := r.first[name]; !seen {
			r.first[name] = i
		}
	}
	switch {
	case r.hasAny("Site", "Round", "White", "Black", "WhiteNA", "BlackNA", "WhiteAlias", "BlackAlias"):
		r.kind = gameRecord
	case r.has("Id"):
		r.kind = minimalRecord
	case r.has("Event"):
		r.kind = gameRecord
	}
	if id := r.tag("Id"); id != nil {
		r.draft = parseID(id.Value).annotator
	}
	r.fixes = r.reorderFix()
	return r
}

// index returns the index of the first tag called name, or -1.
func (r *record) index(name string) int {
	if i, ok := r.first[name]; ok {
		return i
	}
	return -1
}

func (r *record) has(name string) bool { return r.index(name) >= 0 }

func (r *record) hasAny(names ...string) bool {
	for _, n := range names {
		if r.has(n) {
			return true
		}
	}
	return false
}

// tag returns the first tag called name, or nil.
func (r *record) tag(name string) *syntax.Tag {
	if i := r.index(name); i >= 0 {
		return r.tags[i]
	}
	return nil
}

func runTags(p *analysis.Pass) {
	g := p.Game
	r := newRecord(g)
	if !checkVariant(p, r) {
		return
	}
	checkNames(p, r)
	checkMissing(p, r)
	checkOrder(p, r)
	checkRepeats(p, r)
	checkValues(p, r)
}

// checkVariant reports a missing Variant tag; it returns false when the
// game has no tags, so there is nothing more to check.
func checkVariant(p *analysis.Pass, r *record) bool {
	g := r.g
	if r.has("Variant") {
		return true
	}
	var at syntax.Span
	if len(g.Tags) > 0 {
		at = g.Tags[0].Sp
	} else {
		// A record without tags: report at its first element, unless it
		// holds nothing but comments.
		elems := g.Elems()
		i := slices.IndexFunc(elems, func(e syntax.Elem) bool {
			_, ok := e.(*syntax.Comment)
			return !ok
		})
		if i < 0 {
			return false
		}
		at = elems[0].Span()
	}
	nl := newline(g.Text)
	insert := `[Variant "C'escacs"]` + nl
	if len(g.Tags) == 0 {
		insert += nl
	}
	p.Report(analysis.Diagnostic{
		Span: at, Severity: analysis.Error, Code: CodeVariantMissing,
		Message: "record has no [Variant \"C'escacs\"] tag; it must be the first tag of every CTL-PGN record",
		Fixes:   fix("Insert [Variant \"C'escacs\"]", syntax.Span{Start: lineStart(g.Text, at.Start), End: lineStart(g.Text, at.Start)}, insert),
	})
	return len(g.Tags) > 0
}

// lineStart returns the offset of the first byte of the line holding p
// when only blanks precede p on it, and p otherwise.
func lineStart(text string, p syntax.Pos) syntax.Pos {
	i := p
	for i > 0 && isBlank(text[i-1]) {
		i--
	}
	if i == 0 || text[i-1] == '\n' || text[i-1] == '\r' {
		return i
	}
	return p
}

// checkNames reports misspelt tag names.
// dptlUse says what pgnls does with a DPTL tag t of g: it replays the
// record from the first one when there is no PDTL tag (§6.10). rename
// is false when a PDTL tag exists, which a renamed DPTL would repeat.
func dptlUse(g *syntax.Game, t *syntax.Tag) (use string, rename bool) {
	switch start := ctllegality.StartOf(g).PDTL; {
	case start == t:
		return "pgnls replays the record from it, but readers that follow the specification ignore it and start from the initial position", true
	case start != nil && start.Name == "PDTL":
		return "the PDTL tag gives the start position, and this one is ignored", false
	}
	return "the first DPTL tag gives the start position, and this one is ignored", true
}

func checkNames(p *analysis.Pass, r *record) {
	for i, t := range r.tags {
		switch {
		case t.Name == "DPTL":
			use, rename := dptlUse(r.g, t)
			d := analysis.Diagnostic{
				Span: t.NameSpan, Severity: analysis.Warning, Code: CodeTagName,
				Message: "unknown tag DPTL, probably PDTL misspelt; " + use,
			}
			if rename {
				d.Fixes = fix("Rename to PDTL", t.NameSpan, "PDTL")
			}
			p.Report(d)
		case r.names[i] != t.Name:
			p.Report(analysis.Diagnostic{
				Span: t.NameSpan, Severity: analysis.Warning, Code: CodeTagName,
				Message: "tag " + t.Name + " is read as " + r.names[i] + "; tag names are case-sensitive",
				Fixes:   fix("Rename to "+r.names[i], t.NameSpan, r.names[i]),
			})
		}
	}
}

// placeholders are the values of missing game-record tags (see
// Placeholder).
var placeholders = map[string]string{
	"Event": "?", "Site": "?", "Date": "????-??-??", "Round": "-", "White": "?", "Black": "?",
}

// Placeholder returns the value the fix that adds a missing game-record
// tag writes, as tag completion does: "?", "-" for Round, "????-??-??"
// for Date; ok is false for a tag without one.
func Placeholder(name string) (v string, ok bool) {
	v, ok = placeholders[name]
	return v, ok
}

// rosterSlot returns the place of a game-record identification tag after
// Variant (1 = Event … 9 = Result), or 0 for the other tags. WhiteNA and
// BlackNA take the player's slot when White or Black is absent.
func (r *record) rosterSlot(i int) int {
	switch name := r.names[i]; name {
	case "Event":
		return 1
	case "Site":
		return 2
	case "Date":
		return 3
	case "Round":
		return 4
	case "White":
		return 5
	case "WhiteNA":
		if !r.has("White") {
			return 5
		}
	case "WhiteAlias":
		return 6
	case "Black":
		return 7
	case "BlackNA":
		if !r.has("Black") {
			return 7
		}
	case "BlackAlias":
		return 8
	case "Result":
		return 9
	}
	return 0
}

// checkMissing reports the tags a record of its kind needs.
func checkMissing(p *analysis.Pass, r *record) {
	g := r.g
	at := r.tags[0].NameSpan
	if v := r.tag("Variant"); v != nil {
		at = v.NameSpan
	}
	report := func(msg string, fixes []analysis.Fix) {
		p.Report(analysis.Diagnostic{Span: at, Severity: analysis.Warning, Code: CodeMissingTag, Message: msg, Fixes: fixes})
	}
	switch r.kind {
	case unclassified:
		report("record has neither the game-record tags (Event, Site, Date, Round, White, Black, Result) nor the Id of a minimal record", nil)
	case gameRecord:
		var missing []string
		var edits []analysis.Edit
		nl := newline(g.Text)
		for slot, name := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"} {
			if r.has(name) || name == "White" && r.has("WhiteNA") || name == "Black" && r.has("BlackNA") {
				continue
			}
			missing = append(missing, name)
			value := placeholders[name]
			if name == "Result" {
				value = "*"
				if g.Result != nil {
					value = g.Result.Text
				}
			}
			edits = append(edits, r.insertTag(rosterSlots[slot], "["+name+` "`+value+`"]`, nl))
		}
		if len(missing) > 0 {
			msg := "game record lacks the " + missing[0] + " tag"
			if len(missing) > 1 {
				msg = "game record lacks the tags " + strings.Join(missing, ", ")
			}
			report(msg, []analysis.Fix{{Title: "Insert the missing tags", Edits: mergeInserts(edits)}})
		}
		for _, side := range []string{"White", "Black"} {
			if r.has(side+"NA") && !r.has(side+"Alias") {
				report(side+"NA needs a "+side+"Alias tag right after it", nil)
			}
		}
	case minimalRecord:
		if !r.has("Annotator") {
			report("a minimal record with an Id needs an Annotator tag (the publisher) as its third tag", nil)
		}
	}
	if r.draft {
		var missing []string
		for _, name := range []string{"Date", "AnnotatorId"} {
			if !r.has(name) {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 {
			verb := " is"
			if len(missing) > 1 {
				verb = " are"
			}
			report("an annotator draft (Id with the A prefix) needs the tags Date and AnnotatorId; "+strings.Join(missing, " and ")+verb+" missing", nil)
		}
	}
}

// rosterSlots gives the slot of each tag of the roster list used by
// checkMissing, in the same order.
var rosterSlots = []int{1, 2, 3, 4, 5, 7, 9}

// insertTag returns an edit inserting a tag line before the first tag
// after Variant whose slot is higher, or after the last identification
// tag when there is none.
func (r *record) insertTag(slot int, text, nl string) analysis.Edit {
	for i, t := range r.tags {
		if r.names[i] == "Variant" {
			continue
		}
		s := r.rosterSlot(i)
		if s > slot || s == 0 {
			at := lineStart(r.g.Text, t.Sp.Start)
			if at == t.Sp.Start && at > 0 && r.g.Text[at-1] != '\n' && r.g.Text[at-1] != '\r' {
				return analysis.Edit{Span: syntax.Span{Start: at, End: at}, New: text + " "}
			}
			return analysis.Edit{Span: syntax.Span{Start: at, End: at}, New: text + nl}
		}
	}
	end := r.tags[len(r.tags)-1].Sp.End
	return analysis.Edit{Span: syntax.Span{Start: end, End: end}, New: nl + text}
}

// mergeInserts joins insertions at the same offset so that the edits of
// a fix do not overlap.
func mergeInserts(edits []analysis.Edit) []analysis.Edit {
	var out []analysis.Edit
	for _, e := range edits {
		if n := len(out); n > 0 && out[n-1].Span == e.Span {
			out[n-1].New += e.New
			continue
		}
		out = append(out, e)
	}
	return out
}

// checkOrder reports the first breach of each ordering rule of §8.3.
func checkOrder(p *analysis.Pass, r *record) {
	report := func(t *syntax.Tag, msg string) {
		p.Report(analysis.Diagnostic{Span: t.NameSpan, Severity: analysis.Warning, Code: CodeTagOrder, Message: msg, Fixes: r.fixes})
	}
	if i := r.index("Variant"); i > 0 {
		report(r.tags[i], "Variant must be the first tag of the record")
	}
	// The identification tags right after Variant.
	var rest []int // indices of the tags other than the first Variant
	variant := r.index("Variant")
	for i := range r.tags {
		if i != variant {
			rest = append(rest, i)
		}
	}
	var seq []int // the indices that must open rest, in order
	var rule string
	switch r.kind {
	case gameRecord:
		for slot := 1; slot <= 9; slot++ {
			for i := range r.tags {
				if r.rosterSlot(i) == slot {
					seq = append(seq, i)
					break
				}
			}
		}
		rule = "a game record starts Variant, Event, Site, Date, Round, White, [WhiteAlias], Black, [BlackAlias], Result; the other tags follow"
	case minimalRecord:
		seq = append(seq, r.index("Id"))
		rule = "a minimal record starts Variant, Id, Annotator"
		if r.draft {
			for _, name := range []string{"Date", "Result"} {
				if i := r.index(name); i >= 0 {
					seq = append(seq, i)
				}
			}
			rule = "an annotator draft starts Variant, Id, Date, [Result], Annotator (the author's own example Cescacs-A0001-24 puts Annotator and AnnotatorId before Date)"
		}
		if i := r.index("Annotator"); i >= 0 {
			seq = append(seq, i)
		}
	}
	for k, i := range seq {
		if k < len(rest) && rest[k] == i {
			continue
		}
		prev := "Variant"
		if k > 0 {
			prev = r.tags[seq[k-1]].Name
		}
		report(r.tags[i], r.tags[i].Name+" must come right after "+prev+": "+rule)
		break
	}
	if lang, title := r.index("Lang"), r.index("Title"); lang >= 0 && title >= 0 && title < lang {
		report(r.tags[title], "Title must come after Lang")
	}
	last := len(r.tags) - 1
	pdtl, redefine := r.index("PDTL"), r.index("Redefine")
	if pdtl >= 0 && pdtl != last {
		report(r.tags[pdtl], "PDTL must be the last tag")
	}
	switch {
	case redefine < 0:
	case pdtl >= 0 && redefine != pdtl-1:
		report(r.tags[redefine], "Redefine must come right before PDTL, which it applies to")
	case pdtl < 0 && redefine != last:
		report(r.tags[redefine], "Redefine must be the last tag (or come right before PDTL)")
	}
}

// rank orders the tags of a record for the reorder fix.
func (r *record) rank(i int) int {
	name := r.names[i]
	switch name {
	case "Variant":
		return 0
	case "Redefine":
		return 98
	case "PDTL":
		return 99
	}
	switch r.kind {
	case gameRecord:
		if s := r.rosterSlot(i); s > 0 {
			return s
		}
	case minimalRecord:
		switch {
		case name == "Id":
			return 1
		case r.draft && name == "Date":
			return 2
		case r.draft && name == "Result":
			return 3
		case name == "Annotator":
			return 4
		}
	}
	return 50
}

// reorderFix rewrites the tag section, one tag per line, in the order of
// §8.3: identification tags by rank, Annotator and Example tags grouped
// at their first place, Title after Lang, Redefine and PDTL last. The
// relative order of the other tags is kept. It offers nothing when
// anything but tags stands in the tag section.
func (r *record) reorderFix() []analysis.Fix {
	g := r.g
	if len(r.tags) == 0 {
		return nil
	}
	for _, e := range g.Header {
		if _, ok := e.(*syntax.Tag); !ok {
			return nil
		}
	}
	order := make([]int, len(r.tags))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return r.rank(a) - r.rank(b) })
	for _, name := range []string{"Annotator", "Example"} {
		order = group(order, func(i int) bool { return r.names[i] == name })
	}
	lang, title := slices.IndexFunc(order, func(i int) bool { return r.names[i] == "Lang" }), slices.IndexFunc(order, func(i int) bool { return r.names[i] == "Title" })
	if lang >= 0 && title >= 0 && title < lang {
		t := order[title]
		order = slices.Delete(order, title, title+1)
		order = slices.Insert(order, lang, t)
	}
	nl := newline(g.Text)
	var b strings.Builder
	for k, i := range order {
		if k > 0 {
			b.WriteString(nl)
		}
		b.WriteString(g.Slice(r.tags[i].Sp))
	}
	span := syntax.Span{Start: r.tags[0].Sp.Start, End: r.tags[len(r.tags)-1].Sp.End}
	if b.String() == g.Slice(span) {
		return nil
	}
	return fix("Rewrite the tags in CTL-PGN order", span, b.String())
}

// group moves the elements satisfying in next to the first of them.
func group(order []int, in func(int) bool) []int {
	var out, members []int
	for _, i := range order {
		if in(i) {
			members = append(members, i)
		}
	}
	placed := false
	for _, i := range order {
		switch {
		case !in(i):
			out = append(out, i)
		case !placed:
			out = append(out, members...)
			placed = true
		}
	}
	return out
}

// checkRepeats reports non-consecutive Annotator and Example tags and
// other repeated tags.
func checkRepeats(p *analysis.Pass, r *record) {
	g := r.g
	seen := map[string]int{}
	for i, t := range r.tags {
		name := r.names[i]
		first, dup := seen[name]
		if !dup {
			seen[name] = i
			continue
		}
		if name == "Annotator" || name == "Example" {
			if r.names[i-1] != name {
				p.Report(analysis.Diagnostic{
					Span: t.NameSpan, Severity: analysis.Warning, Code: CodeNotConsecutive,
					Message: name + " tags must be consecutive",
					Related: []analysis.Related{{Span: r.tags[first].NameSpan, Msg: "first " + name + " tag"}},
					Fixes:   r.fixes,
				})
			}
			continue
		}
		var fx []analysis.Fix
		if t.Value == r.tags[first].Value && t.Name == r.tags[first].Name {
			fx = []analysis.Fix{{Title: "Remove this " + name + " tag", Edits: []analysis.Edit{removeLine(g, t.Sp)}}}
		}
		p.Report(analysis.Diagnostic{
			Span: t.NameSpan, Severity: analysis.Warning, Code: CodeDuplicate,
			Message: "duplicate tag " + name + "; only Annotator and Example may repeat",
			Related: []analysis.Related{{Span: r.tags[first].NameSpan, Msg: "first " + name + " tag"}},
			Fixes:   fx,
		})
	}
}

// removeLine returns an edit deleting span and, when it is alone on its
// line, the whole line.
func removeLine(g *syntax.Game, sp syntax.Span) analysis.Edit {
	start, end := sp.Start, sp.End
	for start > 0 && isBlank(g.Text[start-1]) {
		start--
	}
	for int(end) < len(g.Text) && isBlank(g.Text[end]) {
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
