package ctlcheck

import (
	"regexp"
	"slices"
	"strings"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/syntax"
)

var (
	dateRE        = regexp.MustCompile(`^([0-9?]{4})[-‐]([0-9?]{2})[-‐]([0-9?]{2})$`)
	otherDateRE   = regexp.MustCompile(`^([0-9?]{4})[./ ]([0-9?]{2})[./ ]([0-9?]{2})$`)
	roundRE       = regexp.MustCompile(`^(-|‐|[0-9]+(\.[0-9]+)*)$`)
	langRE        = regexp.MustCompile(`^[a-z]{2,3}$`)
	timeControlRE = regexp.MustCompile(`^(\?|-|[0-9]+/[0-9]+|[0-9]+(\+[0-9]+)?|\*[0-9]+)$`)
	countryRE     = regexp.MustCompile(`^[A-Z]{3}$`)
	alpha2RE      = regexp.MustCompile(`^[A-Z]{2}$`)
)

// pgnResults maps PGN's results to those of CTL-PGN (§5.4).
var pgnResults = map[string]string{"1-0": "3-0", "0-1": "0-3", "1/2-1/2": "1-1"}

// Value lists of §8.4.
var (
	terminations = []string{"abandoned", "rules infraction", "time forfeit", "death", "emergency"}
	modes        = []string{"OTB", "ICS", "TC", "EM", "BBS"}
	playerTypes  = []string{"human", "program"}
)

// innerSpan returns the span of a tag value without its quotes.
func innerSpan(t *syntax.Tag, text string) syntax.Span {
	sp := t.ValueSpan
	if sp.Len() == 0 {
		return sp
	}
	sp.Start++
	if sp.End > sp.Start && text[sp.End-1] == '"' {
		sp.End--
	}
	return sp
}

// setValue returns a fix replacing the value of t by v.
func setValue(g *syntax.Game, t *syntax.Tag, v string) []analysis.Fix {
	return fix("Write \""+v+"\"", innerSpan(t, g.Text), syntax.Escape(v))
}

// checkValues checks the value formats of §8.4.
func checkValues(p *analysis.Pass, r *record) {
	g := r.g
	var id, lang *syntax.Tag
	for i, t := range r.tags {
		if t.ValueSpan.Len() == 0 {
			continue
		}
		name := r.names[i]
		// En dashes are reported with their fix by the Chars analyzer.
		v := strings.ReplaceAll(t.Value, "–", "-")
		report := func(sev analysis.Severity, code analysis.Code, msg string, fixes []analysis.Fix) {
			p.Report(analysis.Diagnostic{Span: t.ValueSpan, Severity: sev, Code: code, Message: msg, Fixes: fixes})
		}
		bad := func(msg string, fixes []analysis.Fix) { report(analysis.Warning, CodeTagValue, msg, fixes) }
		switch name {
		case "Variant":
			checkVariantValue(p, g, t)
		case "Date", "EventDate", "MatchDate":
			if msg, fixed := checkDate(v); msg != "" {
				var fx []analysis.Fix
				if fixed != "" {
					fx = setValue(g, t, fixed)
				}
				bad(name+": "+msg, fx)
			}
		case "Round":
			if !roundRE.MatchString(v) {
				bad("Round must be - (or ‐) when not applicable, otherwise numbers joined by dots such as 2.1", nil)
			}
		case "Result":
			checkResult(v, g, t, bad)
		case "Termination":
			checkChoice(v, terminations, g, t, bad, "Termination must be one of: "+strings.Join(terminations, ", ")+"; leave the tag out for a normal or unterminated game")
		case "Lang":
			lang = t
			switch {
			case langRE.MatchString(v):
			case langRE.MatchString(strings.ToLower(v)):
				bad("Lang is written in lower case", setValue(g, t, strings.ToLower(v)))
			default:
				bad("Lang must be an ISO 639-1 (two-letter) or ISO 639-3 (three-letter) code such as en or ca", nil)
			}
		case "Mode":
			checkChoice(v, modes, g, t, bad, "Mode must be one of: "+strings.Join(modes, ", "))
		case "WhiteType", "BlackType":
			checkChoice(v, playerTypes, g, t, bad, name+" must be human or program")
		case "TimeControl":
			if !timeControlRE.MatchString(v) {
				bad("TimeControl must be ?, -, moves/seconds (40/9000), seconds (4500), seconds+increment (4500+60) or *seconds (*180)", nil)
			}
		case "Id", "Revisited", "Model", "Example":
			info := parseID(v)
			if info.err != "" {
				bad(name+" "+quote(t.Value)+" does not follow the Id grammar: "+info.err, nil)
			}
			if name == "Id" && id == nil {
				id = t
			}
		case "Site":
			checkSite(v, g, t, report)
		}
	}
	if id == nil || lang == nil {
		return
	}
	if suffix := parseID(id.Value).lang; suffix != "" && langRE.MatchString(lang.Value) && suffix != lang.Value {
		p.Report(analysis.Diagnostic{
			Span: lang.ValueSpan, Severity: analysis.Warning, Code: CodeLangMismatch,
			Message: "Lang " + quote(lang.Value) + " differs from the language suffix -" + suffix + " of the Id",
			Related: []analysis.Related{{Span: id.ValueSpan, Msg: "the Id"}},
			Fixes:   manual(setValue(g, lang, suffix), "the Id's suffix may be the value that is wrong"),
		})
	}
}

func quote(s string) string { return "\"" + s + "\"" }

// checkVariantValue reports a Variant other than C'escacs.
func checkVariantValue(p *analysis.Pass, g *syntax.Game, t *syntax.Tag) {
	v := t.Value
	if v == "C'escacs" {
		return
	}
	report := func(msg string, fixes []analysis.Fix) {
		p.Report(analysis.Diagnostic{Span: t.ValueSpan, Severity: analysis.Error, Code: CodeVariantValue, Message: msg, Fixes: fixes})
	}
	norm := strings.ToLower(strings.NewReplacer("’", "'", "‘", "'", "`", "'", "´", "'").Replace(strings.TrimSpace(v)))
	switch {
	case strings.Contains(strings.ToLower(v), "grand"):
		report("Grand C'escacs is an experimental variant without records; CTL-PGN records are [Variant \"C'escacs\"]", nil)
	case norm == "c'escacs" || norm == "cescacs":
		report("the variant is written C'escacs, with an ASCII apostrophe", setValue(g, t, "C'escacs"))
	default:
		report("variant "+quote(v)+" is not C'escacs; CTL-PGN records are [Variant \"C'escacs\"]", nil)
	}
}

// checkDate returns a problem with a date value and, when the repair is
// obvious, the corrected value.
func checkDate(v string) (msg, fixed string) {
	m := dateRE.FindStringSubmatch(v)
	if m == nil {
		if alt := otherDateRE.FindStringSubmatch(v); alt != nil {
			return "dates are written YYYY-MM-DD with hyphens", alt[1] + "-" + alt[2] + "-" + alt[3]
		}
		return "dates are written YYYY-MM-DD, with ? for unknown digits, like 2023-09-08 or 201?-??-??", ""
	}
	if outOfRange(m[2], 12) || m[2] == "00" {
		return "month " + m[2] + " is not 01..12", ""
	}
	if outOfRange(m[3], 31) || m[3] == "00" {
		return "day " + m[3] + " is not 01..31", ""
	}
	return "", ""
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

// checkResult checks a Result value.
func checkResult(v string, g *syntax.Game, t *syntax.Tag, bad func(string, []analysis.Fix)) {
	if slices.Contains(analysis.CTLResults, v) {
		return
	}
	const want = "Result must be 3-0, 0-3, 1-1, 2-1, 1-2 or *"
	if r, ok := pgnResults[v]; ok {
		fx := setValue(g, t, r)
		if r != "1-1" {
			fx[0].Manual = "a win is 3-0, or 2-1 by stalemate"
		}
		bad(v+" is a PGN result; "+want, fx)
		return
	}
	if r := strings.Join(strings.Fields(v), ""); r != v && slices.Contains(analysis.CTLResults, r) {
		bad("no spaces inside a result; "+want, setValue(g, t, r))
		return
	}
	bad(want, nil)
}

// checkChoice checks a value against a closed list, offering the listed
// spelling when only the case differs.
func checkChoice(v string, list []string, g *syntax.Game, t *syntax.Tag, bad func(string, []analysis.Fix), msg string) {
	if slices.Contains(list, v) {
		return
	}
	for _, w := range list {
		if strings.EqualFold(w, v) {
			bad(msg, setValue(g, t, w))
			return
		}
	}
	bad(msg, nil)
}

// checkSite applies the Site heuristics: only clearly wrong values are
// warnings.
func checkSite(v string, g *syntax.Game, t *syntax.Tag, report func(analysis.Severity, analysis.Code, string, []analysis.Fix)) {
	v = strings.TrimSpace(v)
	if v == "?" {
		return
	}
	if v == "" {
		report(analysis.Warning, CodeSite, "Site is empty; write ? when it is unknown", setValue(g, t, "?"))
		return
	}
	last := v[strings.LastIndexAny(v, " ,")+1:]
	switch {
	case countryRE.MatchString(last):
	case alpha2RE.MatchString(last):
		report(analysis.Warning, CodeSite, "Site ends with the two-letter code "+last+"; CTL-PGN uses ISO 3166 three-letter country codes (ESP, RUS)", nil)
	default:
		report(analysis.Hint, CodeSite, "Site should end with an ISO 3166 three-letter country code, like \"Barcelona, Catalunya ESP\"", nil)
	}
}

// idInfo is what parseID makes of an Id value (§8.4.1).
type idInfo struct {
	err       string // why the value does not follow the grammar, or ""
	annotator bool   // the key is an annotator key: the record is a draft
	lang      string // the language suffix, or ""
}

var (
	alnumRE      = regexp.MustCompile(`^[A-Za-z0-9]+$`)
	annotatorRE  = regexp.MustCompile(`^A[0-9]+$`)
	modelKeyRE   = regexp.MustCompile(`^[B-Z][0-9]+$`)
	digitsRE     = regexp.MustCompile(`^[0-9]+$`)
	lastRE       = regexp.MustCompile(`^O[0-9]+w?$`)
	middleRE     = regexp.MustCompile(`^[CM]([0-9]+|\?)b?$`)
	endRE        = regexp.MustCompile(`^[0-9]+w?$`)
	extractRE    = regexp.MustCompile(`^E([0-9]+|\?)b?$`)
	romanRE      = regexp.MustCompile(`^[IVXLCDM]+$`)
	selectionRE  = regexp.MustCompile(`^S(:[0-9]+)+$`)
	allZeroSelRE = regexp.MustCompile(`^S(:0+)+$`)
)

// parseID reads an Id value with the best-effort grammar of §8.4.1:
// Publisher-Key{-Suffix}, hyphens "-" or "‐".
func parseID(v string) idInfo {
	parts := strings.Split(strings.ReplaceAll(v, "‐", "-"), "-")
	var info idInfo
	if len(parts) < 2 {
		info.err = "expected Publisher-Key, like Cescacs-X01 or Cescacs-A0001-24"
		return info
	}
	if !alnumRE.MatchString(parts[0]) {
		info.err = "the publisher " + quote(parts[0]) + " must be letters and digits"
		return info
	}
	k := 2
	switch key := parts[1]; {
	case annotatorRE.MatchString(key):
		info.annotator = true
		if len(parts) < 3 || !alnumRE.MatchString(parts[2]) {
			info.err = "an annotator key is A, the annotator's number, a hyphen and the item, like A0001-24"
			return info
		}
		k = 3
	case modelKeyRE.MatchString(key):
	case digitsRE.MatchString(key):
		if k < len(parts) {
			switch f := parts[k]; {
			case lastRE.MatchString(f), extractRE.MatchString(f):
				k++
			case middleRE.MatchString(f):
				if k+1 >= len(parts) || !endRE.MatchString(parts[k+1]) {
					info.err = "a fragment " + f + " needs its last move number after a hyphen"
					return info
				}
				k += 2
			}
		}
	default:
		info.err = "the key " + quote(key) + " is neither a model key (X01), an annotator key (A0001-24) nor a game number"
		return info
	}
	for k < len(parts) {
		s := parts[k]
		k++
		switch {
		case s == "V":
			if k < len(parts) && romanRE.MatchString(parts[k]) {
				k++
			}
			if k < len(parts) && selectionRE.MatchString(parts[k]) {
				if allZeroSelRE.MatchString(parts[k]) {
					info.err = "the selection " + parts[k] + " selects nothing"
					return info
				}
				k++
			}
		case langRE.MatchString(s):
			if k < len(parts) {
				info.err = "the language suffix -" + s + " must be last"
				return info
			}
			info.lang = s
		default:
			info.err = "unexpected part " + quote(s) + " (suffixes are V, V-II, V-S:0:1 and a language such as en)"
			return info
		}
	}
	return info
}
