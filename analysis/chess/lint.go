package chess

import "fmt"

// FindingKind classifies a soft problem with a SAN move that resolved.
type FindingKind uint8

// The kinds of findings.
const (
	FindingNotation       FindingKind = iota // non-canonical spelling, see Quirks
	FindingMissingCapture                    // a capture without 'x'
	FindingExtraCapture                      // 'x' on a move that captures nothing
	FindingDisambiguation                    // origin given where SAN gives none, or a rank where a file suffices
	FindingMissingCheck                      // a checking or mating move without '+' or '#'
	FindingExtraCheck                        // '+' or '#' on a move that does not check
	FindingWrongCheck                        // '+' on a mate, or '#' on a check that is not mate
	FindingFalseEnPassant                    // an en passant mark on a move that is not an en passant capture
)

// Finding is a soft problem with a SAN move that nevertheless resolved
// to a legal move.
type Finding struct {
	Kind      FindingKind
	Msg       string
	Canonical string // the canonical SAN of the move
}

// Lint reports soft problems with san, which must have resolved to m in
// p. It returns nil, without allocating, if san is the canonical SAN of
// m.
func (p *Position) Lint(san SAN, m Move) []Finding { return p.LintAfter(san, m, nil) }

// LintAfter is Lint for a caller that has already made the move: after,
// when not nil, must be p.Make(m), and saves making it again.
func (p *Position) LintAfter(san SAN, m Move, after *Position) []Finding {
	coordinate := san.Piece == NoPieceType && !san.Null && san.Castle == NoCastle
	pt := p.typeAt(m.From())
	ordinary := m != NullMove && !m.IsCastle() && pt != NoPieceType
	capture := p.isCapture(m)
	mark := p.checkMarkAfter(m, after)

	var needFile, needRank bool
	if ordinary {
		needFile, needRank = p.disambiguation(pt, m.From(), m.To())
		if pt == Pawn && capture {
			needFile = true
		}
	}
	checkDisambiguation := ordinary && !coordinate && san.Quirks&QuirkLongForm == 0
	badDisambiguation := checkDisambiguation && (needFile != (san.FromFile >= 0) || needRank != (san.FromRank >= 0))
	checkCapture := ordinary && !coordinate
	if san.Quirks == 0 && !coordinate && mark == san.Check && !badDisambiguation &&
		(!checkCapture || capture == san.Capture) {
		return nil
	}

	canonical := p.SAN(m)
	var findings []Finding
	add := func(kind FindingKind, format string, args ...any) {
		findings = append(findings, Finding{kind, fmt.Sprintf(format, args...), canonical})
	}
	falseEnPassant := san.Quirks&QuirkEnPassant != 0 && !m.IsEnPassant()
	if q := san.Quirks; q != 0 || coordinate {
		if coordinate {
			q |= QuirkCoordinate
		}
		if falseEnPassant {
			q &^= QuirkEnPassant // reported below
		}
		if q != 0 {
			add(FindingNotation, "non-standard notation (%s)", q)
		}
	}
	capMark := "'x'"
	if san.Quirks&QuirkColon != 0 {
		capMark = "':'"
	}
	switch {
	case checkCapture && capture && !san.Capture:
		captured := m.To()
		if m.IsEnPassant() {
			captured = SquareAt(m.To().File(), m.From().Rank())
		}
		add(FindingMissingCapture, "the move captures the %s without 'x'", describe(p, captured))
	case ordinary && !capture && san.Capture:
		// Coordinate moves too: "e2xe4" is e2-e4 with a false mark.
		add(FindingExtraCapture, "%s marks a capture, but %s is empty", capMark, m.To())
	}
	if falseEnPassant {
		add(FindingFalseEnPassant, "the move is marked en passant, but it is not an en passant capture")
	}
	if badDisambiguation {
		if needFile && san.FromFile < 0 {
			add(FindingDisambiguation, "SAN disambiguates by file before rank")
		} else {
			add(FindingDisambiguation, "the origin needs less disambiguation")
		}
	}
	switch {
	case mark == san.Check:
	case san.Check == MarkNone && mark == MarkCheck:
		add(FindingMissingCheck, "the move gives check but lacks '+'")
	case san.Check == MarkNone:
		add(FindingMissingCheck, "the move is checkmate but lacks '#'")
	case mark == MarkNone:
		add(FindingExtraCheck, "the move does not give check")
	case mark == MarkMate:
		add(FindingWrongCheck, "the move is checkmate: mark it with '#', not '+'")
	default:
		add(FindingWrongCheck, "the move gives check but not mate: mark it with '+', not '#'")
	}
	return findings
}
