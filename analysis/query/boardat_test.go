package query

import (
	"crypto/sha256"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pgnls/pgnls/analysis/cescacs"
	"github.com/pgnls/pgnls/syntax"
)

// TestBoardGolden runs BoardAt at the ⟦board⟧ markers of the files in
// testdata/query/board and compares the answers with NAME.golden. Run
// with -update to rewrite them.
func TestBoardGolden(t *testing.T) {
	inputs, _ := filepath.Glob("../../testdata/query/board/*.*pgn")
	if len(inputs) < 2 {
		t.Fatal("no inputs in testdata/query/board")
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			f, ms := parseTestFile(t, in)
			var b strings.Builder
			for _, m := range ms {
				if len(m.queries) != 1 || m.queries[0] != "board" {
					t.Fatalf("marker %v: only ⟦board⟧ is run here", m.queries)
				}
				p := f.Position(m.off)
				fmt.Fprintf(&b, "== board at %d:%d\n", p.Line, p.Col)
				b.WriteString(dumpBoard(t, f, BoardAt(f, m.off, BoardOptions{})))
			}
			got := b.String()
			golden := strings.TrimSuffix(in, filepath.Ext(in)) + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./analysis/query -run TestBoardGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("answers differ from %s (run go test ./analysis/query -run TestBoardGolden -update and review the diff)\n%s", golden, firstDiff(string(want), got))
			}
		})
	}
}

// dumpBoard prints a Board for goldens, its text whole (each line after
// "| "); the SVG is checked to be well-formed and abbreviated to its size
// and hash.
func dumpBoard(t *testing.T, f *syntax.File, bd *Board) string {
	if bd == nil {
		return "none\n"
	}
	var b strings.Builder
	ls := f.Position(bd.LineStart)
	fmt.Fprintf(&b, "%s · ply %d · depth %d · current %d · line start %d:%d\n", bd.Variant, bd.Ply, bd.Depth, bd.Current, ls.Line, ls.Col)
	fmt.Fprintf(&b, "position %q\n", bd.Position)
	if bd.LastMove != nil {
		fmt.Fprintf(&b, "last move %s-%s\n", bd.LastMove.From, bd.LastMove.To)
	}
	if bd.Note != "" {
		fmt.Fprintf(&b, "note %s\n", bd.Note)
	}
	a := bd.Annotations
	for _, ar := range a.Arrows {
		fmt.Fprintf(&b, "arrow %s %s-%s\n", ar.Color, ar.From, ar.To)
	}
	for _, sq := range a.Squares {
		fmt.Fprintf(&b, "square %s %s\n", sq.Color, sq.Square)
	}
	if e := a.Eval; e != nil {
		fmt.Fprintf(&b, "eval %q mate %v in %d pawns %v depth %d\n", e.Text, e.Mate, e.MateIn, e.Pawns, e.Depth)
	}
	if a.Clock != "" {
		fmt.Fprintf(&b, "clock %s\n", a.Clock)
	}
	for i, m := range bd.Moves {
		mark := " "
		if i == bd.Current {
			mark = ">"
		}
		fmt.Fprintf(&b, "%s %s %s ply %d %s", mark, m.Number, m.SAN, m.Ply, spanString(f, m.Span))
		if m.Illegal {
			b.WriteString(" illegal")
		}
		b.WriteString("\n")
		for _, v := range m.Variations {
			fmt.Fprintf(&b, "    variation %s\n", spanString(f, v.Span))
		}
	}
	for line := range strings.SplitSeq(bd.Text, "\n") {
		b.WriteString(strings.TrimRight("| "+line, " ") + "\n")
	}
	if bd.SVG != "" {
		if err := wellFormed(bd.SVG); err != nil {
			t.Errorf("SVG is not well-formed: %v", err)
		}
		sum := sha256.Sum256([]byte(bd.SVG))
		fmt.Fprintf(&b, "svg %d bytes, sha256 %x…, %d arrows, %d circles\n", len(bd.SVG), sum[:4], strings.Count(bd.SVG, "<line"), strings.Count(bd.SVG, "<circle"))
	}
	return b.String()
}

// TestReadAnnotations reads lichess commands, well-formed or not.
func TestReadAnnotations(t *testing.T) {
	for _, tc := range []struct {
		comment string
		squares bool
		want    string
	}{
		{"[%cal Ge2e4,Rd7d5]", true, "arrows [{e2 e4 green} {d7 d5 red}]"},
		{"[%cal\nGe2e4 , Bd4d4, Xa1a2, Ga1, Gi1a2]", true, "arrows [{e2 e4 green}] squares [{d4 blue}]"},
		{"[%csl Gd4,Ye5] text [%csl Rh8]", true, "squares [{d4 green} {e5 yellow} {h8 red}]"},
		{"[%cal Ge2e4] [%csl Gd4]", false, ""},
		{"[%eval 0.35]", false, "eval 0.35 pawns 0.35"},
		{"[%eval -1.20,22]", true, "eval -1.20 pawns -1.2 depth 22"},
		{"[%eval #-3]", true, "eval #-3 mate -3"},
		{"[%eval 0.3] [%eval #2]", true, "eval #2 mate 2"},
		{"[%eval NaN] [%eval 1e3] [%eval #x] [%eval 0.1,deep]", true, ""},
		{"[%clk 0:05:00] [%clk 1:02:03.4]", true, "clock 1:02:03.4"},
		{"[%clk 5:00] [%clk 0:5:00] [%clk a:00:00]", true, ""},
		{"[%clk 0:05:00", true, ""},
		{"[%emt 0:00:03] [%evp 0.1] [%", true, ""},
	} {
		var a Annotations
		readAnnotations(&a, tc.comment, tc.squares)
		var got []string
		if len(a.Arrows) > 0 {
			got = append(got, fmt.Sprint("arrows ", a.Arrows))
		}
		if len(a.Squares) > 0 {
			got = append(got, fmt.Sprint("squares ", a.Squares))
		}
		if e := a.Eval; e != nil {
			s := "eval " + e.Text
			if e.Mate {
				s += fmt.Sprint(" mate ", e.MateIn)
			} else {
				s += fmt.Sprint(" pawns ", e.Pawns)
			}
			if e.Depth > 0 {
				s += fmt.Sprint(" depth ", e.Depth)
			}
			got = append(got, s)
		}
		if a.Clock != "" {
			got = append(got, "clock "+a.Clock)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%q: got %q, want %q", tc.comment, g, tc.want)
		}
	}
}

// svgItem is a text or a line of a diagram: where it is drawn, its class
// and its text.
type svgItem struct {
	x, y, x2, y2 float64
	class, text  string
}

// svgItems returns the texts and lines of an SVG diagram, in order, each
// with the class of its innermost element that has one.
func svgItems(t *testing.T, svg string) []svgItem {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	var items []svgItem
	var open *svgItem
	classes := []string{""} // of the open elements
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return items
		}
		if err != nil {
			t.Fatal(err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			class := classes[len(classes)-1]
			for _, a := range e.Attr {
				if a.Name.Local == "class" {
					class = a.Value
				}
			}
			classes = append(classes, class)
			if e.Name.Local != "text" && e.Name.Local != "line" {
				continue
			}
			it := svgItem{class: class}
			for _, a := range e.Attr {
				v, _ := strconv.ParseFloat(a.Value, 64)
				switch a.Name.Local {
				case "x", "x1":
					it.x = v
				case "y", "y1":
					it.y = v
				case "x2":
					it.x2 = v
				case "y2":
					it.y2 = v
				}
			}
			items = append(items, it)
			open = &items[len(items)-1]
		case xml.CharData:
			if open != nil {
				open.text += string(e)
			}
		case xml.EndElement:
			classes = classes[:len(classes)-1]
			open = nil
		}
	}
}

// find returns the first item of items with the text s and class.
func find(t *testing.T, items []svgItem, class, s string) svgItem {
	t.Helper()
	for _, it := range items {
		if it.text == s && it.class == class {
			return it
		}
	}
	t.Fatalf("no %q of class %q in the diagram", s, class)
	return svgItem{}
}

// TestFlippedBoard draws boards from both sides: flipped, Black's pieces
// and the last rank or line are at the bottom and the files or columns
// run the other way, with the arrows turned with them.
func TestFlippedBoard(t *testing.T) {
	f, off := at(t, "[Event \"x\"]\n\n1. e|4 { [%cal Ge2e4] } *")
	for _, flipped := range []bool{false, true} {
		b := BoardAt(f, off, BoardOptions{Flipped: flipped})
		items := svgItems(t, b.SVG)
		wk, bk, wq := find(t, items, "", "♔"), find(t, items, "", "♚"), find(t, items, "", "♕")
		one, eight := find(t, items, "board-coord", "1"), find(t, items, "board-coord", "8")
		fa, fh := find(t, items, "board-coord", "a"), find(t, items, "board-coord", "h")
		var arrow svgItem
		for _, it := range items {
			if it.text == "" && it.x2 != 0 {
				arrow = it
			}
		}
		whiteBelow := wk.y > bk.y && one.y > eight.y
		leftToRight := wq.x < wk.x && fa.x < fh.x
		// The arrow e2-e4 runs along the e-file, up the board from
		// White's side.
		up := arrow.y2 < arrow.y && arrow.x == wk.x && arrow.x2 == wk.x
		if whiteBelow == flipped || leftToRight == flipped || up == flipped {
			t.Errorf("flipped %v: White below %v, files left to right %v, arrow e2-e4 up the e-file %v (%+v)", flipped, whiteBelow, leftToRight, up, arrow)
		}
	}

	h := cescacs.InitialPosition()
	for _, flipped := range []bool{false, true} {
		items := svgItems(t, hexSVG(&h, nil, flipped))
		wk, bk := find(t, items, "", "K"), find(t, items, "", "k")
		zero, top := find(t, items, "board-coord", "0"), find(t, items, "board-coord", "28")
		p, z := find(t, items, "board-coord", "P"), find(t, items, "board-coord", "Z")
		whiteBelow := wk.y > bk.y && zero.y > top.y
		leftToRight := p.x < z.x
		if whiteBelow == flipped || leftToRight == flipped {
			t.Errorf("C'escacs flipped %v: White below %v, columns P to Z %v", flipped, whiteBelow, leftToRight)
		}
	}
}
