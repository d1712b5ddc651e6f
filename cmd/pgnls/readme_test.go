package main

import (
	"os"
	"strings"
	"testing"
)

const readme = "../../README.md"

// The README's section between these markers lists the codes pgnls fix
// changes by default, as its usage does.
const (
	fixCodesBegin = "<!-- fix-default-codes: "
	fixCodesEnd   = "<!-- end fix-default-codes -->"
)

// TestREADMEFixCodes fails when the README's list of the codes fix
// changes by default differs from fixDefaultCodes, the list of its
// usage, made from the analysis packages; with -update it rewrites it.
func TestREADMEFixCodes(t *testing.T) {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, fixCodesBegin)
	j := strings.Index(text, fixCodesEnd)
	if i < 0 || j < i {
		t.Fatalf("%s: no section %q ... %q", readme, fixCodesBegin, fixCodesEnd)
	}
	i += strings.Index(text[i:], "\n") + 1
	lineStart := strings.LastIndex(text[:j], "\n") + 1
	want := wrapCodes(fixDefaultCodes(), "  ", 74, "`")
	if got := text[i:lineStart]; got != want {
		if *update {
			text = text[:i] + want + text[lineStart:]
			if err := os.WriteFile(readme, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("%s: the codes fix changes by default are stale (go test ./cmd/pgnls -run TestREADMEFixCodes -update):\n%s\nwant:\n%s", readme, got, want)
	}
}

// TestFixUsageCodes: the usage of fix lists the codes it changes by
// default, which leave out the hints and the layout.
func TestFixUsageCodes(t *testing.T) {
	usage := fixUsage()
	codes := fixDefaultCodes()
	if len(codes) < 30 {
		t.Fatalf("only %d codes fixed by default: %v", len(codes), codes)
	}
	for _, c := range codes {
		if !strings.Contains(usage, " "+string(c)+",") && !strings.Contains(usage, " "+string(c)+".") && !strings.Contains(usage, "\t"+string(c)) {
			t.Errorf("the usage of fix does not list %s", c)
		}
	}
	for _, c := range []string{"eco-mismatch", "opening-mismatch", "over-disambiguation", "tag-sort", "suffix-glyph"} {
		for _, d := range codes {
			if string(d) == c {
				t.Errorf("%s is fixed by default", c)
			}
		}
	}
	for line := range strings.SplitSeq(usage, "\n") {
		if n := len(strings.ReplaceAll(line, "\t", "        ")); n > 79 {
			t.Errorf("usage line of %d columns: %q", n, line)
		}
	}
}
