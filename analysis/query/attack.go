package query

import "github.com/pgnls/pgnls/analysis/cescacs"

// opposite[d] is the direction of the vector −d.
var opposite = func() (o [cescacs.KnightFirst + 12]cescacs.Direction) {
	for d := range o {
		dc, dl := cescacs.Direction(d).Delta()
		for e := range o {
			if ec, el := cescacs.Direction(e).Delta(); ec == -dc && el == -dl {
				o[d] = cescacs.Direction(e)
			}
		}
	}
	return o
}()

// hexAttackers returns the hexes of the pieces of side by that attack h
// (§5.1): that could capture an enemy piece standing there, pinned or
// not. The cescacs package keeps its attack scan unexported, so it is
// written here from the exported geometry; a test checks it against
// Position.Checkers.
func hexAttackers(p *cescacs.Position, h cescacs.Hex, by cescacs.Color) []cescacs.Hex {
	if !h.Valid() {
		return nil
	}
	var out []cescacs.Hex
	has := func(x cescacs.Hex, kinds ...cescacs.Kind) bool {
		pc := p.At(x)
		if pc == cescacs.NoPiece || pc.Color() != by {
			return false
		}
		for _, k := range kinds {
			if pc.Kind() == k {
				return true
			}
		}
		return false
	}
	add := func(x cescacs.Hex) {
		for _, y := range out {
			if y == x {
				return
			}
		}
		out = append(out, x)
	}
	// Pawns capture one steep diagonal step forward; elephants step
	// along the four steep diagonals both ways.
	forward := cescacs.ColumnUp
	pawnFrom := [2]cescacs.Direction{cescacs.LineDown, cescacs.LineInvDown}
	if by == cescacs.Black {
		forward = cescacs.ColumnDown
		pawnFrom = [2]cescacs.Direction{cescacs.LineUp, cescacs.LineInvUp}
	}
	for _, d := range pawnFrom {
		if x := h.Step(d); has(x, cescacs.Pawn) {
			add(x)
		}
	}
	for d := cescacs.LineUp; d <= cescacs.LineInvDown; d++ {
		if x := h.Step(d); has(x, cescacs.Elephant) {
			add(x)
		}
	}
	// Elephants also take one step forward, or two over an empty hex.
	back := opposite[forward]
	if x := h.Step(back); has(x, cescacs.Elephant) {
		add(x)
	} else if x.Valid() && p.At(x) == cescacs.NoPiece {
		if y := x.Step(back); has(y, cescacs.Elephant) {
			add(y)
		}
	}
	// Knight jumps.
	for d := cescacs.KnightFirst; d < cescacs.KnightFirst+12; d++ {
		if x := h.Step(d); has(x, cescacs.Knight, cescacs.Pegasus, cescacs.Wyvern) {
			add(x)
		}
	}
	// Slides and the king's steps.
	for d := cescacs.ColumnUp; d < cescacs.KnightFirst; d++ {
		if x := h.Step(d); has(x, cescacs.King) {
			add(x)
		}
		sliders := []cescacs.Kind{cescacs.Rook, cescacs.Wyvern, cescacs.Queen}
		if d.Diagonal() {
			sliders = []cescacs.Kind{cescacs.Bishop, cescacs.Pegasus, cescacs.Queen}
		}
		for x := range h.Ray(d) {
			if p.At(x) == cescacs.NoPiece {
				continue
			}
			if has(x, sliders...) {
				add(x)
			}
			break
		}
	}
	// The king's leap, while the king is unmoved on its home hex.
	if home := cescacs.KingHome(by); has(home, cescacs.King) && p.Castling(by).King {
		for _, x := range cescacs.LeapHexes(by) {
			if x == h {
				add(home)
			}
		}
	}
	return out
}
