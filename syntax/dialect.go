package syntax

import (
	"path/filepath"
	"strings"
)

// Dialect selects the notation a file is written in.
type Dialect uint8

// The supported dialects.
const (
	PGN    Dialect = iota // orthodox chess, PGN standard of 1994
	CTLPGN                // C'escacs records (CTL-PGN)
)

// String returns the dialect's name as used by flags and settings.
func (d Dialect) String() string {
	if d == CTLPGN {
		return "ctl-pgn"
	}
	return "pgn"
}

// ParseDialect maps a flag or setting value to a Dialect. The second result
// is false for "auto" and for unknown names.
func ParseDialect(s string) (Dialect, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "pgn":
		return PGN, true
	case "ctl-pgn", "ctlpgn", "cescacs":
		return CTLPGN, true
	}
	return PGN, false
}

// DetectDialect decides the dialect of a file: the ".ctl-pgn" extension or a
// first tag `[Variant "C'escacs"]` means CTL-PGN, anything else PGN.
func DetectDialect(name, text string) Dialect {
	if strings.EqualFold(filepath.Ext(name), ".ctl-pgn") {
		return CTLPGN
	}
	name, value, ok := firstTag(text)
	if ok && name == "Variant" && value == "C'escacs" {
		return CTLPGN
	}
	return PGN
}

// firstTag finds the first line that starts (after blanks) with "[" and
// extracts its name and raw value. Comment lines and a BOM before it are
// skipped.
func firstTag(text string) (name, value string, ok bool) {
	text = strings.TrimPrefix(text, "\uFEFF")
	for len(text) > 0 {
		line := text
		if i := strings.IndexAny(text, "\r\n"); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		line = strings.TrimLeft(line, " \t")
		if line == "" || line[0] == ';' || line[0] == '%' {
			continue
		}
		if line[0] != '[' {
			return "", "", false
		}
		line = strings.TrimLeft(line[1:], " \t")
		i := strings.IndexAny(line, " \t\"")
		if i < 0 {
			return "", "", false
		}
		name, line = line[:i], strings.TrimLeft(line[i:], " \t")
		if !strings.HasPrefix(line, `"`) {
			return "", "", false
		}
		j := strings.IndexByte(line[1:], '"')
		if j < 0 {
			return "", "", false
		}
		return name, line[1 : j+1], true
	}
	return "", "", false
}
