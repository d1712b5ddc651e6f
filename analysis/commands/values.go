package commands

import (
	"math"
	"strconv"
	"strings"
)

// Remove returns text without the commands for which drop reports true,
// each with the blanks that follow it, and whether it removed any.
func Remove(text string, drop func(Command) bool) (string, bool) {
	var b strings.Builder
	at, removed := 0, false
	for c := range All(text) {
		if !drop(c) {
			continue
		}
		end := c.End
		for end < len(text) && strings.IndexByte(" \t\r\n", text[end]) >= 0 {
			end++
		}
		b.WriteString(text[at:c.Start])
		at, removed = end, true
	}
	if !removed {
		return text, false
	}
	b.WriteString(text[at:])
	return b.String(), true
}

// Seconds returns the seconds a clock value written H:MM:SS (with an
// optional fraction, see ValidClock) stands for.
func Seconds(s string) (float64, bool) {
	if !ValidClock(s) {
		return 0, false
	}
	h, rest, _ := strings.Cut(s, ":")
	m, sec, _ := strings.Cut(rest, ":")
	hours, err1 := strconv.ParseFloat(h, 64)
	mins, err2 := strconv.ParseFloat(m, 64)
	secs, err3 := strconv.ParseFloat(sec, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return 0, false
	}
	return hours*3600 + mins*60 + secs, true
}

// Eval reads the value of an [%eval] command as lichess and ChessBase
// write it: pawns from White's side ("0.35", "-1.2"), or a mate in so
// many moves ("#3", "#-2", the sign telling the side that mates), with an
// optional depth after a comma ("0.35,20"). It returns centipawns, or the
// moves to mate with mate set.
func Eval(s string) (value int, mate, ok bool) {
	s, _, _ = strings.Cut(s, ",")
	if rest, isMate := strings.CutPrefix(s, "#"); isMate {
		n, err := strconv.Atoi(rest)
		return n, true, err == nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1e6 {
		return 0, false, false
	}
	return int(math.Round(f * 100)), false, true
}
