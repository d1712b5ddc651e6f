package cescacs

// valuations lists the valuation glyphs of §7.3 in NAG order ($1..$7).
var valuations = [...]string{"!", "?", "!!", "??", "!?", "?!", "◇"}

// ValuationNAG returns the NAG number (1..7) of a valuation glyph
// ("!", "?", "!!", "??", "!?", "?!", "◇"), or 0 if s is not one.
func ValuationNAG(s string) int {
	for i, v := range valuations {
		if v == s {
			return i + 1
		}
	}
	return 0
}

// ValuationGlyph returns the valuation glyph of NAG n (1..7), or "".
func ValuationGlyph(n int) string {
	if n < 1 || n > len(valuations) {
		return ""
	}
	return valuations[n-1]
}
