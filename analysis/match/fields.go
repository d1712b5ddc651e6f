package match

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pgnls/pgnls/analysis/chess"
	"github.com/pgnls/pgnls/analysis/openings"
	"github.com/pgnls/pgnls/analysis/players"
)

// fieldKind tells what a field of a comparison reads.
type fieldKind uint8

const (
	fTag         fieldKind = iota // a tag, by name
	fName                         // White or Black: a player's name
	fPlayer                       // White or Black, either
	fElo                          // WhiteElo or BlackElo, either
	fMinElo                       // the lower of the two
	fMaxElo                       // the higher of the two
	fEloDiff                      // |WhiteElo - BlackElo|
	fPlies                        // half-moves of the main line
	fMoves                        // moves of the main line, (plies+1)/2
	fResult                       // the Result tag, else the termination marker
	fEnd                          // how the main line ends
	fOpeningECO                   // the ECO code of the opening the moves reach
	fOpeningName                  // its name
	fVariant                      // the rules: the Variant tag, normalised
	fSpeed                        // the speed category of TimeControl
	fBaseTime                     // its base time in seconds
	fIncrement                    // its increment in seconds
)

// field is the left side of a comparison.
type field struct {
	kind fieldKind
	name string // the tag name, or the pseudo-tag as it is documented
	date bool   // a date tag: compared as dates when the value is one
}

// pseudo are the fields that are not tags, by lower-case name.
var pseudo = map[string]field{
	"player":            {kind: fPlayer, name: "Player"},
	"elo":               {kind: fElo, name: "Elo"},
	"minelo":            {kind: fMinElo, name: "MinElo"},
	"maxelo":            {kind: fMaxElo, name: "MaxElo"},
	"elodiff":           {kind: fEloDiff, name: "EloDiff"},
	"plies":             {kind: fPlies, name: "Plies"},
	"moves":             {kind: fMoves, name: "Moves"},
	"result":            {kind: fResult, name: "Result"},
	"end":               {kind: fEnd, name: "End"},
	"classifiedeco":     {kind: fOpeningECO, name: "ClassifiedECO"},
	"classifiedopening": {kind: fOpeningName, name: "ClassifiedOpening"},
	"variant":           {kind: fVariant, name: "Variant"},
	"speed":             {kind: fSpeed, name: "Speed"},
	"basetime":          {kind: fBaseTime, name: "BaseTime"},
	"increment":         {kind: fIncrement, name: "Increment"},
	"white":             {kind: fName, name: "White"},
	"black":             {kind: fName, name: "Black"},
}

// fieldOf returns the field a name in an expression stands for: a
// pseudo-tag, in any letter case, or else the tag of that name.
func fieldOf(name string) field {
	if f, ok := pseudo[strings.ToLower(name)]; ok {
		return f
	}
	return field{kind: fTag, name: name, date: strings.HasSuffix(strings.ToLower(name), "date")}
}

// numeric reports whether the field holds a number, whatever the tag
// says.
func (f field) numeric() bool {
	switch f.kind {
	case fElo, fMinElo, fMaxElo, fEloDiff, fPlies, fMoves, fBaseTime, fIncrement:
		return true
	}
	return false
}

// endKind is one way a game ends.
type endKind uint8

const (
	endNone endKind = 1 << iota
	endCheckmate
	endStalemate
	endInsufficient
	endRepetition
	endFifty
	endVariant
)

var endNames = map[string]endKind{
	"checkmate":    endCheckmate,
	"mate":         endCheckmate,
	"stalemate":    endStalemate,
	"insufficient": endInsufficient,
	"repetition":   endRepetition,
	"fifty":        endFifty,
	"variant":      endVariant,
	"none":         endNone,
}

// cmpExpr is a comparison: FIELD OP VALUE.
type cmpExpr struct {
	f      field
	o      op
	raw    string // the value as written (unquoted)
	val    scalar
	re     *regexp.Regexp
	reSrc  string // the pattern and flags as written, for String
	ranged bool   // val is lo, hi the range lo..hi
	lo, hi scalar
	key    string // players.Key of the value, for names
	// names is the names file the names compare with (Spec.Names), or
	// nil; rawCanon the canonical spelling it gives raw, if any.
	names    *players.Names
	rawCanon string

	result  resultQuery
	end     endKind
	openSet map[*openings.Opening]bool
	variant string
}

// resultQuery is a value compared with Result.
type resultQuery struct {
	text  string // a normalised result, or "" for an alias
	alias string // white, black, draw, decisive or unfinished
}

func (c *cmpExpr) String() string {
	var v string
	switch {
	case c.re != nil:
		v = "/" + strings.ReplaceAll(c.reSrc, "/", `\/`) + "/"
		if strings.HasPrefix(c.re.String(), "(?i)") && !strings.HasPrefix(c.reSrc, "(?i)") {
			v += "i"
		}
	case c.ranged:
		v = c.lo.text + ".." + c.hi.text
	default:
		v = quote(c.raw)
	}
	return c.f.name + " " + c.o.String() + " " + v
}

// quote writes a value in double quotes, escaping quotes and backslashes.
func quote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

func (c *cmpExpr) needs() need {
	switch c.f.kind {
	case fEnd:
		return needMoves | needFacts
	case fOpeningECO, fOpeningName:
		return needMoves | needOpening
	case fPlies, fMoves:
		return needMoves
	}
	return 0
}

// compileComparison checks and prepares FIELD OP VALUE; vt is the value's
// token in src.
func compileComparison(f field, o op, vt token, src string) (*cmpExpr, *Error) {
	bad := func(format string, args ...any) (*cmpExpr, *Error) {
		return nil, errorf("--where", src, vt.off, format, args...)
	}
	c := &cmpExpr{f: f, o: o, raw: vt.text}
	ordering := o == opLt || o == opLe || o == opGt || o == opGe
	contains := o == opHas || o == opNotHa
	if vt.kind == tRegex {
		if !contains {
			return bad("a regular expression goes with ~ or !~, not %s", o)
		}
		pat := vt.text
		for _, fl := range vt.flags {
			if fl != 'i' {
				return bad("unknown flag %q of a regular expression (only i, for any letter case)", fl)
			}
		}
		if strings.Contains(vt.flags, "i") {
			pat = "(?i)" + pat
		}
		re, err := regexp.Compile(pat)
		if err != nil {
			msg := err.Error()
			msg = strings.TrimPrefix(msg, "error parsing regexp: ")
			return bad("bad regular expression: %s", msg)
		}
		c.re, c.reSrc = re, vt.text
		return c, nil
	}
	if vt.kind == tWord {
		if lo, hi, ok := strings.Cut(vt.text, ".."); ok && !strings.Contains(hi, "..") {
			if o != opEq && o != opNe {
				return bad("a range %s goes with = or !=, not %s", quoteText(vt.text), o)
			}
			if lo == "" || hi == "" {
				return bad("a range needs both ends: LOW..HIGH")
			}
			c.ranged, c.lo, c.hi = true, newScalar(lo), newScalar(hi)
			if f.numeric() && (!c.lo.isNum || !c.hi.isNum) {
				return bad("%s is a number: the range needs numbers at both ends", f.name)
			}
			if c.lo.isNum != c.hi.isNum {
				return bad("the ends of a range must both be numbers, or neither")
			}
			switch f.kind {
			case fResult, fEnd, fVariant, fSpeed, fOpeningName, fName, fPlayer:
				return bad("%s has no order: a range does not apply", f.name)
			}
			return c, nil
		}
	}
	c.val = newScalar(vt.text)
	if f.numeric() && !contains && !c.val.isNum {
		return bad("%s is a number: %s is not one", f.name, quoteText(vt.text))
	}
	switch f.kind {
	case fName, fPlayer:
		if ordering {
			return bad("names have no order: %s compares with =, !=, ~ or !~", f.name)
		}
		c.key = players.Key(vt.text)
	case fResult:
		if ordering {
			return bad("results have no order: Result compares with =, != , ~ or !~")
		}
		if !contains {
			switch a := strings.ToLower(vt.text); a {
			case "white", "black", "draw", "decisive", "unfinished":
				c.result.alias = a
			default:
				c.result.text, _, _, _ = normalResult(vt.text)
			}
		}
	case fEnd:
		if ordering || contains {
			return bad("End compares with = or != only")
		}
		k, ok := endNames[strings.ToLower(vt.text)]
		if !ok {
			return bad("unknown end %s: want checkmate, stalemate, insufficient, repetition, fifty, variant or none", quoteText(vt.text))
		}
		c.end = k
	case fVariant:
		if ordering {
			return bad("variants have no order: Variant compares with =, !=, ~ or !~")
		}
		c.variant = normalVariant(vt.text)
	case fSpeed:
		if ordering {
			return bad("speeds compare with = or != (or ~): use BaseTime and Increment for numbers")
		}
		if !contains && !slices.Contains(speeds, strings.ToLower(vt.text)) {
			return bad("unknown speed %s: want %s", quoteText(vt.text), strings.Join(speeds, ", "))
		}
	case fOpeningName:
		if ordering {
			return bad("opening names have no order: ClassifiedOpening compares with =, !=, ~ or !~")
		}
		if !contains {
			set := openings.NameSet(vt.text, "")
			if set == nil {
				return bad("%s is not an opening of the lichess opening names (a family such as \"Sicilian Defense\" or a whole name such as \"Sicilian Defense: Najdorf Variation\"); use ~ for a part of a name", quoteText(vt.text))
			}
			c.openSet = make(map[*openings.Opening]bool, len(set.Openings))
			for _, o := range set.Openings {
				c.openSet[o] = true
			}
		}
	}
	return c, nil
}

// normalVariant returns the name of a variant as chess.Variant.String
// gives it ("chess", "chess960", "kingofthehill", ...), "cescacs" for
// C'escacs, or the name in lower case without blanks, dashes,
// underscores and apostrophes.
func normalVariant(s string) string {
	if v, ok := chess.ParseVariant(s); ok {
		return v.String()
	}
	n := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '\'', '’':
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(s)))
	if n == "cescacs" {
		return "cescacs"
	}
	return n
}

func (c *cmpExpr) eval(g *gameCtx) bool {
	switch c.f.kind {
	case fTag:
		v, ok := g.tag(c.f.name)
		if !ok {
			return c.o == opNe || c.o == opNotHa
		}
		return c.text(v, c.f.date)
	case fName:
		v, ok := g.tag(c.f.name)
		if !ok {
			return c.o == opNe || c.o == opNotHa
		}
		return c.name(v)
	case fPlayer:
		w, okw := g.tag("White")
		b, okb := g.tag("Black")
		if c.o == opNe || c.o == opNotHa {
			// Neither player: not (either = value).
			return !(c.positiveName(okw, w) || c.positiveName(okb, b))
		}
		return okw && c.name(w) || okb && c.name(b)
	case fElo:
		w, okw := g.tag("WhiteElo")
		b, okb := g.tag("BlackElo")
		if c.o == opNe || c.o == opNotHa {
			return !(c.positive(okw, w) || c.positive(okb, b))
		}
		return okw && c.text(w, false) || okb && c.text(b, false)
	case fMinElo, fMaxElo, fEloDiff:
		w, okw := g.number("WhiteElo")
		b, okb := g.number("BlackElo")
		if !okw || !okb {
			return c.o == opNe || c.o == opNotHa
		}
		switch c.f.kind {
		case fMinElo:
			return c.number(min(w, b))
		case fMaxElo:
			return c.number(max(w, b))
		}
		return c.number(math.Abs(w - b))
	case fPlies:
		return c.number(float64(g.plies()))
	case fMoves:
		return c.number(float64((g.plies() + 1) / 2))
	case fResult:
		return c.resultOf(g.result())
	case fEnd:
		f := g.facts()
		has := f.end&c.end != 0
		if c.o == opNe {
			return !has
		}
		return has
	case fOpeningECO:
		if o := g.opening(); o != nil {
			return c.text(o.ECO, false)
		}
		return c.o == opNe || c.o == opNotHa
	case fOpeningName:
		o := g.opening()
		if c.openSet != nil {
			in := o != nil && c.openSet[o]
			if c.o == opNe {
				return !in
			}
			return in
		}
		if o == nil {
			return c.o == opNotHa
		}
		return c.text(o.Name, false)
	case fVariant:
		v := g.variant()
		switch c.o {
		case opEq:
			return v == c.variant
		case opNe:
			return v != c.variant
		}
		return c.text(v, false)
	case fSpeed:
		tc, ok := g.tag("TimeControl")
		s := ""
		if ok {
			s = speedOf(tc)
		}
		if s == "" {
			return c.o == opNe || c.o == opNotHa
		}
		return c.text(s, false)
	case fBaseTime, fIncrement:
		tc, ok := g.tag("TimeControl")
		if !ok {
			return c.o == opNe || c.o == opNotHa
		}
		base, inc, corr, ok := timeControl(tc)
		if !ok || corr {
			return c.o == opNe || c.o == opNotHa
		}
		if c.f.kind == fBaseTime {
			return c.number(base)
		}
		return c.number(inc)
	}
	return false
}

// positive is the comparison without its negation (= for !=, ~ for !~)
// on a value that may be missing.
func (c *cmpExpr) positive(ok bool, v string) bool {
	if !ok {
		return false
	}
	d := *c
	switch c.o {
	case opNe:
		d.o = opEq
	case opNotHa:
		d.o = opHas
	}
	return d.text(v, false)
}

// positiveName is positive for a player's name.
func (c *cmpExpr) positiveName(ok bool, v string) bool {
	if !ok {
		return false
	}
	d := *c
	switch c.o {
	case opNe:
		d.o = opEq
	case opNotHa:
		d.o = opHas
	}
	return d.name(v)
}

// name compares a player's name: = and != by players.Same (letter case,
// blanks, commas, periods and the initials of given names aside), ~ and
// !~ as a part of the name with case, blanks, commas and periods aside
// (or by the regular expression). With a names file, a name is also any
// other spelling the file gives its player: = holds when one of them is
// Same as the value or as the value's canonical spelling, ~ when one of
// them has the part.
func (c *cmpExpr) name(v string) bool {
	canon, listed := "", false
	if c.names != nil {
		canon, listed = c.names.Listed(v)
	}
	switch c.o {
	case opEq, opNe:
		same := c.sameName(v) || listed && slices.ContainsFunc(c.names.ListedSpellings(canon), c.sameName)
		return same == (c.o == opEq)
	case opHas, opNotHa:
		in := c.hasName(v)
		if listed && !in {
			in = slices.ContainsFunc(c.names.ListedSpellings(canon), c.hasName)
		}
		return in == (c.o == opHas)
	}
	return false
}

// sameName reports whether v is Same as the value compared with, or as
// the canonical spelling the names file gives it.
func (c *cmpExpr) sameName(v string) bool {
	return players.Same(v, c.raw) || c.rawCanon != "" && players.Same(v, c.rawCanon)
}

// hasName reports whether v has the part (or matches the regular
// expression) that ~ looks for.
func (c *cmpExpr) hasName(v string) bool {
	if c.re != nil {
		return c.re.MatchString(v)
	}
	return strings.Contains(players.Key(v), c.key)
}

// number compares a number the game has.
func (c *cmpExpr) number(n float64) bool {
	return c.text(strconv.FormatFloat(n, 'f', -1, 64), false)
}

// text compares the text of a value; date tells that it is a date tag.
func (c *cmpExpr) text(v string, date bool) bool {
	switch c.o {
	case opHas, opNotHa:
		var in bool
		if c.re != nil {
			in = c.re.MatchString(v)
		} else {
			in = containsFold(v, c.val.lower)
		}
		return in == (c.o == opHas)
	case opEq:
		return c.equal(v, date)
	case opNe:
		return !c.equal(v, date)
	}
	return order(v, c.o, c.val, date)
}

func (c *cmpExpr) equal(v string, date bool) bool {
	if c.ranged {
		return order(v, opGe, c.lo, date) && order(v, opLe, c.hi, date)
	}
	if date && c.val.isDate {
		d, ok := parseDate(v, true)
		return ok && c.val.date.lo <= d.lo && d.hi <= c.val.date.hi
	}
	if c.val.isNum {
		n, ok := parseNumber(v)
		return ok && n == c.val.num
	}
	return strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(c.val.text))
}

// order compares v with s by o (<, <=, > or >=): as numbers when s is
// one, as dates on date tags (a date compares only when it certainly
// does: "1990.??.??" < 1991 but not < 1990.06), else as text with letter
// case aside.
func order(v string, o op, s scalar, date bool) bool {
	if date && s.isDate {
		d, ok := parseDate(v, true)
		if !ok {
			return false
		}
		switch o {
		case opLt:
			return d.hi < s.date.lo
		case opLe:
			return d.hi <= s.date.hi
		case opGt:
			return d.lo > s.date.hi
		case opGe:
			return d.lo >= s.date.lo
		}
		return false
	}
	if s.isNum {
		n, ok := parseNumber(v)
		if !ok {
			return false
		}
		switch o {
		case opLt:
			return n < s.num
		case opLe:
			return n <= s.num
		case opGt:
			return n > s.num
		case opGe:
			return n >= s.num
		}
		return false
	}
	cmp := strings.Compare(strings.ToLower(strings.TrimSpace(v)), strings.TrimSpace(s.lower))
	switch o {
	case opLt:
		return cmp < 0
	case opLe:
		return cmp <= 0
	case opGt:
		return cmp > 0
	case opGe:
		return cmp >= 0
	}
	return false
}

// containsFold reports whether lower, in lower case, is in s with letter
// case aside.
func containsFold(s, lower string) bool {
	if lower == "" {
		return true
	}
	if len(s) < len(lower) {
		return false
	}
	return strings.Contains(strings.ToLower(s), lower)
}

// resultOf compares the game's result.
func (c *cmpExpr) resultOf(r string) bool {
	if c.o == opHas || c.o == opNotHa {
		return c.text(r, false)
	}
	text, w, b, scored := normalResult(r)
	var eq bool
	switch c.result.alias {
	case "white":
		eq = scored && w > b
	case "black":
		eq = scored && w < b
	case "draw":
		eq = scored && w == b
	case "decisive":
		eq = scored && w != b
	case "unfinished":
		eq = text == "*"
	default:
		eq = text == c.result.text
	}
	if c.o == opNe {
		return !eq
	}
	return eq
}
