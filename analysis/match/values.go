package match

import (
	"strconv"
	"strings"
)

// dateRange is the days a date may stand for, as yyyymmdd numbers,
// both ends included: "1990.??.??" is 19900101..19901231, and an unknown
// year any day at all.
type dateRange struct{ lo, hi int }

// parseDate reads a date as PGN writes it ("1990.05.17", with "??" or
// "?" for an unknown part) or shortened ("1990", "1990.05"); "-" and "/"
// separate the parts too. ok is false for anything else. A date of a
// tag is read leniently (lenient set): a month or day that is not one
// ("2012.16.6", day and month swapped) is taken as unknown, so that the
// year still counts.
func parseDate(s string, lenient bool) (d dateRange, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.Contains(s, "..") || strings.HasSuffix(s, ".") || strings.HasPrefix(s, ".") {
		return dateRange{}, false
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == '-' || r == '/' })
	if len(parts) == 0 || len(parts) > 3 {
		return dateRange{}, false
	}
	unknown := func(p string) bool { return strings.Trim(p, "?") == "" }
	num := func(p string, digits, lo, hi int) (int, bool) {
		if len(p) > digits || len(p) == 0 {
			return 0, false
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < lo || n > hi {
			return 0, false
		}
		return n, true
	}
	// part reads a month or a day: its value, or 0 when unknown.
	part := func(p string, hi int) (int, bool) {
		if unknown(p) {
			return 0, true
		}
		n, ok := num(p, 2, 1, hi)
		if !ok && lenient {
			return 0, true
		}
		return n, ok
	}
	const anyDay = 99999999
	m, day := 0, 0
	if len(parts) > 1 {
		if m, ok = part(parts[1], 12); !ok {
			return dateRange{}, false
		}
	}
	if len(parts) > 2 {
		if day, ok = part(parts[2], 31); !ok {
			return dateRange{}, false
		}
	}
	if unknown(parts[0]) {
		return dateRange{0, anyDay}, true
	}
	y, ok := num(parts[0], 4, 0, 9999)
	if !ok || len(parts[0]) != 4 {
		return dateRange{}, false
	}
	switch {
	case m == 0:
		return dateRange{y*10000 + 101, y*10000 + 1231}, true
	case day == 0:
		return dateRange{y*10000 + m*100 + 1, y*10000 + m*100 + daysIn(y, m)}, true
	case day > daysIn(y, m):
		if lenient {
			return dateRange{y*10000 + m*100 + 1, y*10000 + m*100 + daysIn(y, m)}, true
		}
		return dateRange{}, false
	}
	n := y*10000 + m*100 + day
	return dateRange{n, n}, true
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// parseNumber reads a number: an integer or a decimal fraction, with
// blanks around it allowed.
func parseNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" || !(s[0] >= '0' && s[0] <= '9' || s[0] == '-' || s[0] == '+' || s[0] == '.') {
		return 0, false
	}
	for i := range len(s) {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == '.' || i == 0 && (c == '-' || c == '+')) {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// scalar is one value of a comparison, read every way it may be
// compared.
type scalar struct {
	text   string
	lower  string
	num    float64
	isNum  bool
	date   dateRange
	isDate bool
}

func newScalar(text string) scalar {
	s := scalar{text: text, lower: strings.ToLower(text)}
	s.num, s.isNum = parseNumber(text)
	s.date, s.isDate = parseDate(text, false)
	return s
}

// score reads one side's score of a result: 0, 1, ½ (also 1/2 and 0.5),
// 2 or 3 (C'escacs).
func score(s string) (float64, bool) {
	switch s {
	case "1/2", "½", "0.5", ".5":
		return 0.5, true
	}
	return parseNumber(s)
}

// normalResult returns a result in its usual spelling ("1/2-1/2" for
// "1/2", "½-½" and "0.5-0.5"; "*" for an empty value) and the two
// scores when it has them.
func normalResult(s string) (text string, white, black float64, scored bool) {
	s = strings.TrimSpace(s)
	switch s {
	case "", "*", "?":
		return "*", 0, 0, false
	case "1/2", "½", "=", "draw":
		return "1/2-1/2", 0.5, 0.5, true
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return s, 0, 0, false
	}
	w, ok1 := score(strings.TrimSpace(a))
	bl, ok2 := score(strings.TrimSpace(b))
	if !ok1 || !ok2 {
		return s, 0, 0, false
	}
	if w == 0.5 && bl == 0.5 {
		return "1/2-1/2", w, bl, true
	}
	return strings.TrimSpace(a) + "-" + strings.TrimSpace(b), w, bl, true
}

// timeControl reads a TimeControl tag: "300+3" (seconds and increment),
// "180", "40/7200:3600" (the first period counts), "-" (no clock:
// correspondence). ok is false for "?" and anything unreadable.
func timeControl(s string) (base, inc float64, corr, ok bool) {
	s = strings.TrimSpace(s)
	if s == "-" {
		return 0, 0, true, true
	}
	period, _, _ := strings.Cut(s, ":")
	if _, after, found := strings.Cut(period, "/"); found {
		period = after // moves/seconds: the seconds of the period
	}
	period = strings.TrimPrefix(strings.TrimPrefix(period, "*"), "~")
	b, i, hasInc := strings.Cut(period, "+")
	base, ok = parseNumber(b)
	if !ok {
		return 0, 0, false, false
	}
	if hasInc {
		if inc, ok = parseNumber(i); !ok {
			return 0, 0, false, false
		}
	}
	return base, inc, false, true
}

// speeds are the speed categories lichess names, from the estimated
// duration base + 40 × increment in seconds.
var speeds = []string{"ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"}

// speedOf returns the category of a TimeControl value, or "".
func speedOf(tc string) string {
	base, inc, corr, ok := timeControl(tc)
	switch {
	case !ok:
		return ""
	case corr:
		return "correspondence"
	}
	switch t := base + 40*inc; {
	case t < 30:
		return "ultrabullet"
	case t < 180:
		return "bullet"
	case t < 480:
		return "blitz"
	case t < 1500:
		return "rapid"
	}
	return "classical"
}
