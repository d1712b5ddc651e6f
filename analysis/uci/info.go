package uci

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// Score is an engine's score of a position, from the point of view of
// the side to move.
type Score struct {
	// Mate tells a forced mate: Moves is then the number of moves to
	// it, positive when the side to move mates, negative when it is
	// mated (0: it is mated now). Else CP is the score in centipawns.
	Mate  bool
	Moves int
	CP    int
	// Lower and Upper mark a score that is only a bound: the true score
	// is at least (Lower) or at most (Upper) this one.
	Lower, Upper bool
}

// Bound reports whether s is a lower or an upper bound, not an exact
// score.
func (s Score) Bound() bool { return s.Lower || s.Upper }

// String writes s as UCI does: "cp 35", "mate -3", with "lowerbound"
// or "upperbound" after it.
func (s Score) String() string {
	out := "cp " + strconv.Itoa(s.CP)
	if s.Mate {
		out = "mate " + strconv.Itoa(s.Moves)
	}
	switch {
	case s.Lower:
		out += " lowerbound"
	case s.Upper:
		out += " upperbound"
	}
	return out
}

// Info is what an "info" line of a search says; the fields it does not
// give are zero.
type Info struct {
	Depth, SelDepth int
	MultiPV         int // the line's rank, 1 for the best (also when not given)
	HasScore        bool
	Score           Score
	Nodes, NPS      int64
	Time            time.Duration
	PV              []string // the principal variation, in the engine's coordinates
	String          string   // the text of "info string", which ends the line
}

// errInfo is the error of an info line that is not one.
var errInfo = errors.New("malformed info line")

// ParseInfo reads an "info" line. Unknown keywords are skipped with the
// one value that follows them (UCI gives each one value, but pv and
// string, which end the line); a known keyword without a valid value is
// an error, as is a line that does not start with "info".
func ParseInfo(line string) (Info, error) {
	f := strings.Fields(line)
	info := Info{MultiPV: 1}
	if len(f) == 0 || f[0] != "info" {
		return info, errInfo
	}
	num := func(i int) (int64, bool) {
		if i >= len(f) {
			return 0, false
		}
		n, err := strconv.ParseInt(f[i], 10, 64)
		return n, err == nil
	}
	for i := 1; i < len(f); i++ {
		var n int64
		ok := true
		switch f[i] {
		case "depth", "seldepth", "multipv", "nodes", "nps", "time":
			n, ok = num(i + 1)
			switch f[i] {
			case "depth":
				info.Depth = int(n)
			case "seldepth":
				info.SelDepth = int(n)
			case "multipv":
				ok = ok && n >= 1 && n <= 1000
				info.MultiPV = int(n)
			case "nodes":
				info.Nodes = n
			case "nps":
				info.NPS = n
			case "time":
				info.Time = time.Duration(n) * time.Millisecond
			}
			i++
		case "score":
			if i+2 >= len(f) {
				return info, errInfo
			}
			n, ok = num(i + 2)
			switch f[i+1] {
			case "cp":
				info.Score.CP = int(n)
			case "mate":
				info.Score.Mate, info.Score.Moves = true, int(n)
			default:
				ok = false
			}
			i += 2
			if i+1 < len(f) && (f[i+1] == "lowerbound" || f[i+1] == "upperbound") {
				info.Score.Lower, info.Score.Upper = f[i+1] == "lowerbound", f[i+1] == "upperbound"
				i++
			}
			info.HasScore = ok
		case "pv":
			info.PV = f[i+1:]
			if len(info.PV) == 0 {
				return info, errInfo
			}
			i = len(f)
		case "string":
			_, info.String, _ = strings.Cut(line, " string ")
			i = len(f)
		default:
			i++ // an unknown keyword and its value
		}
		if !ok {
			return Info{}, errInfo
		}
	}
	return info, nil
}

// parseOption reads the rest of an "option" line: "name N type T
// [default D] [min M] [max M] [var V]...", where the name and the
// values may hold blanks.
func parseOption(s string) (Option, bool) {
	f := strings.Fields(s)
	var o Option
	key := ""
	var val []string
	flush := func() {
		v := strings.Join(val, " ")
		switch key {
		case "name":
			o.Name = v
		case "type":
			o.Type = v
		case "default":
			if v != "<empty>" {
				o.Default = v
			}
		case "min":
			o.Min, _ = strconv.Atoi(v)
		case "max":
			o.Max, _ = strconv.Atoi(v)
		case "var":
			o.Vars = append(o.Vars, v)
		}
		val = val[:0]
	}
	for _, w := range f {
		switch w {
		case "name", "type", "default", "min", "max", "var":
			if key != "name" || w == "type" {
				flush()
				key = w
				continue
			}
		}
		val = append(val, w)
	}
	flush()
	return o, o.Name != "" && o.Type != ""
}

// Has reports whether the combo option o offers value v (compared
// without regard to case, as engines compare option values).
func (o Option) Has(v string) bool {
	for _, x := range o.Vars {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}
