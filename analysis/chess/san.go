package chess

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// SAN is a parsed move in Standard Algebraic Notation, before it is
// matched against a position. ParseSAN also accepts common
// non-canonical spellings, recorded in Quirks.
type SAN struct {
	// Piece is the moving piece: Pawn for pawn moves; NoPieceType for
	// castling, null moves and coordinate moves without a piece letter
	// (such as "g1f3" or "e2-e4"), where it is the piece on the origin.
	Piece     PieceType
	FromFile  int8       // origin file (0 = a) given for disambiguation, or -1
	FromRank  int8       // origin rank (0 = first rank) given, or -1
	Capture   bool       // a capture mark ('x' or ':') is present
	To        Square     // destination; NoSquare for castling and null moves
	Promotion PieceType  // promotion piece, or NoPieceType
	Castle    CastleSide // NoCastle unless the move is O-O or O-O-O
	Null      bool       // the null move "--"
	Drop      bool       // a crazyhouse drop such as "N@f3": Piece is put on To
	Check     CheckMark  // the check or mate suffix
	Quirks    Quirks     // non-canonical spellings found
}

// CheckMark is the check or mate suffix of a SAN move.
type CheckMark uint8

// The SAN suffixes.
const (
	MarkNone  CheckMark = iota // no suffix
	MarkCheck                  // "+"
	MarkMate                   // "#"
)

// Quirks is a set of non-canonical spellings accepted by ParseSAN.
type Quirks uint16

// The non-canonical spellings.
const (
	QuirkZeroCastle  Quirks = 1 << iota // castling with zeros: 0-0, 0-0-0
	QuirkLowerCastle                    // castling with lower-case o: o-o
	QuirkDash                           // another dash (en dash, minus sign, ...) instead of '-'
	QuirkLongForm                       // piece move with origin and '-': Ng1-f3
	QuirkCoordinate                     // coordinates without piece letter: e2e4, e2-e4, g1f3, e7e8q
	QuirkPromotion                      // promotion without '=' (e8Q, e8(Q), e8/Q) or in lower case
	QuirkColon                          // ':' as capture mark
	QuirkEnPassant                      // "ep" or "e.p." suffix
	QuirkNull                           // null move as Z0 or 0000 instead of --
	QuirkPawnLetter                     // 'P' for a pawn: Pe4
	QuirkPawnDrop                       // a pawn drop without 'P': @e4
)

var quirkNames = [...]string{
	"zeros instead of the letter O in castling",
	"lower-case o in castling",
	"a dash other than '-'",
	"long algebraic notation",
	"coordinate notation",
	"promotion without '='",
	"':' as capture mark",
	"en passant suffix",
	"null move not written as --",
	"letter P for a pawn",
	"pawn drop without P",
}

// String lists the quirks in q in words, such as "long algebraic
// notation, ':' as capture mark".
func (q Quirks) String() string {
	var names []string
	for i, name := range quirkNames {
		if q&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	return strings.Join(names, ", ")
}

// SANError reports a string that is not a move in SAN, even allowing for
// the non-canonical spellings ParseSAN accepts.
type SANError struct {
	Offset int    // byte offset in the input where the problem starts
	End    int    // byte offset just past the problem
	Msg    string // description
}

// Error returns the message.
func (e *SANError) Error() string { return "invalid SAN: " + e.Msg }

// dashes are the characters other than '-' that writers and word
// processors put where SAN has a hyphen (castling "0–0", the long form
// "Ng1–f3"): the hyphens U+2010 and U+2011, the figure dash, the en and
// em dashes, the horizontal bar, the minus sign and the small and
// full-width forms. All are three bytes in UTF-8.
var dashes = [...]string{
	"\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212",
	"\uFE58", "\uFE63", "\uFF0D",
}

// dashAt returns the length of the dash other than '-' that starts s,
// or 0. The en and em dashes of Windows-1252 (lone bytes 0x96 and 0x97,
// which are not UTF-8) count too, as in a Latin-1 file.
func dashAt(s string) int {
	if s == "" {
		return 0
	}
	switch s[0] {
	case 0x96, 0x97:
		return 1
	case 0xE2, 0xEF:
		for _, d := range dashes {
			if strings.HasPrefix(s, d) {
				return len(d)
			}
		}
	}
	return 0
}

// dashBefore returns the length of the dash other than '-' that ends s,
// or 0 (see dashAt).
func dashBefore(s string) int {
	switch r, n := utf8.DecodeLastRuneInString(s); {
	case r == utf8.RuneError && n == 1:
		if c := s[len(s)-1]; c == 0x96 || c == 0x97 {
			return 1
		}
	case n == 3 && dashAt(s[len(s)-3:]) == 3:
		return 3
	}
	return 0
}

// ParseSAN parses a move in SAN. Besides canonical SAN it accepts the
// spellings listed as Quirks, lower-case promotion letters, a pawn
// capture without 'x' (such as "ed5") and over-specified origins (such as
// "Ng1f3"); Position.Lint reports them. Errors are of type *SANError.
// ParseSAN does not allocate unless it fails.
func ParseSAN(s string) (SAN, error) {
	if san, ok := parseCanonical(s); ok {
		return san, nil
	}
	return parseSAN(s)
}

// parseSAN is ParseSAN for every form, canonical or not.
func parseSAN(s string) (SAN, error) {
	san := SAN{FromFile: -1, FromRank: -1, To: NoSquare}
	if s == "" {
		return san, &SANError{0, 0, "empty move"}
	}
	body := cutCheck(&san, s)
	switch body {
	case "--":
		san.Null = true
		return san, nil
	case "Z0", "0000":
		san.Null, san.Quirks = true, QuirkNull
		return san, nil
	case "":
		return san, &SANError{0, len(s), fmt.Sprintf("%q is only a suffix", s)}
	}
	if c := body[0]; c == 'O' || c == 'o' || c == '0' {
		err := parseCastle(&san, body)
		return san, err
	}
	if c := body[len(body)-1]; c == 'p' || c == '.' {
		// An en passant suffix, glued ("exd6e.p.") or after blanks as
		// the scanner joins it ("exd6 e.p."), after the check mark or
		// before it.
		for _, suffix := range [...]string{"e.p.", "e.p", "ep"} {
			b, ok := strings.CutSuffix(body, suffix)
			if !ok {
				continue
			}
			b = strings.TrimRight(b, " \t")
			if n := len(b); n > 0 && isRank(b[n-1]) || n > 1 && (b[n-1] == '+' || b[n-1] == '#') {
				body = b
				san.Quirks |= QuirkEnPassant
				if san.Check == MarkNone {
					body = cutCheck(&san, body)
				}
			}
			break
		}
	}
	if body[0] == '@' || len(body) > 1 && body[1] == '@' {
		return san, parseDrop(&san, body)
	}
	err := parseMove(&san, body)
	return san, err
}

// parseCanonical parses the forms that make up nearly every move of
// real files, canonical SAN without castling: a pawn push or capture
// (e4, exd5, e8=Q, exd8=Q), a piece move or capture (Nf3, Nxe5), with
// the origin's file, rank or square (Nbd2, R1xe5, Qh4xe1), each with a
// check or mate suffix or without. It reports false for any other text,
// which the general parser reads; what it accepts it reads exactly as
// the general parser does (TestParseCanonical compares them), a move's
// parse being a few percent of checking a game.
func parseCanonical(s string) (SAN, bool) {
	san := SAN{FromFile: -1, FromRank: -1, To: NoSquare}
	n := len(s)
	if n < 2 {
		return san, false
	}
	switch s[n-1] {
	case '+':
		san.Check, n = MarkCheck, n-1
	case '#':
		san.Check, n = MarkMate, n-1
	}
	if n < 2 {
		return san, false
	}
	// Promotion: a pawn move ending in "=Q" and so on.
	if c := s[n-1]; c >= 'A' {
		if n < 4 || s[n-2] != '=' {
			return san, false
		}
		switch c {
		case 'N', 'B', 'R', 'Q':
			san.Promotion = letterTypes[c]
		default:
			return san, false
		}
		n -= 2
	}
	// The destination square.
	f, r := s[n-2], s[n-1]
	if !isFile(f) || !isRank(r) {
		return san, false
	}
	san.To = Square(int(r-'1')*8 + int(f-'a'))
	b := s[:n-2] // what comes before the destination
	switch {
	case len(b) == 0:
		san.Piece = Pawn
	case b[0] >= 'a':
		// A pawn capture: the pawn's file and 'x'.
		if len(b) != 2 || !isFile(b[0]) || b[1] != 'x' {
			return san, false
		}
		san.Piece, san.FromFile, san.Capture = Pawn, int8(b[0]-'a'), true
	default:
		switch c := b[0]; c {
		case 'N', 'B', 'R', 'Q', 'K':
			san.Piece = letterTypes[c]
		default:
			return san, false
		}
		if san.Promotion != NoPieceType {
			return san, false
		}
		b = b[1:]
		if len(b) > 0 && b[len(b)-1] == 'x' {
			san.Capture = true
			b = b[:len(b)-1]
		}
		switch {
		case len(b) == 0:
		case len(b) == 2 && isFile(b[0]) && isRank(b[1]):
			san.FromFile, san.FromRank = int8(b[0]-'a'), int8(b[1]-'1')
		case len(b) > 1:
			return san, false
		case isFile(b[0]):
			san.FromFile = int8(b[0] - 'a')
		case isRank(b[0]):
			san.FromRank = int8(b[0] - '1')
		default:
			return san, false
		}
	}
	return san, true
}

// parseDrop parses a crazyhouse drop: a piece letter, '@' and the
// square, as in N@f3 and P@e4 ("@e4" for a pawn too); body has its '@'
// first or second.
func parseDrop(san *SAN, body string) error {
	san.Drop = true
	piece, square, _ := strings.Cut(body, "@")
	switch {
	case piece == "":
		san.Piece = Pawn
		san.Quirks |= QuirkPawnDrop
	case len(piece) == 1 && letterTypes[piece[0]] != NoPieceType && piece[0] < 'a':
		san.Piece = letterTypes[piece[0]]
		if san.Piece == King {
			return &SANError{0, 1, "a king is never dropped"}
		}
	case len(piece) == 1 && letterTypes[piece[0]] != NoPieceType:
		return &SANError{0, 1, fmt.Sprintf("piece letters are upper case: %c", piece[0]-'a'+'A')}
	default:
		return &SANError{0, len(piece), fmt.Sprintf("unexpected %q before '@': a drop is a piece letter, '@' and a square, as in N@f3", piece)}
	}
	sq, ok := ParseSquare(square)
	if !ok {
		return &SANError{len(piece) + 1, len(body), fmt.Sprintf("%q after '@' is not a square", square)}
	}
	san.To = sq
	return nil
}

// cutCheck removes a check or mate suffix from s into san.Check.
func cutCheck(san *SAN, s string) string {
	switch s[len(s)-1] {
	case '+':
		san.Check = MarkCheck
		return s[:len(s)-1]
	case '#':
		san.Check = MarkMate
		return s[:len(s)-1]
	}
	return s
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// parseCastle parses O-O and O-O-O and their variants.
func parseCastle(san *SAN, body string) error {
	n := 0
	for i := 0; ; {
		switch body[i] {
		case 'O':
		case 'o':
			san.Quirks |= QuirkLowerCastle
		case '0':
			san.Quirks |= QuirkZeroCastle
		default:
			return badChar(body, i, "in castling")
		}
		n++
		i++
		if i == len(body) {
			break
		}
		if n == 3 {
			return &SANError{0, len(body), "castling has more than three O's"}
		}
		switch d := dashAt(body[i:]); {
		case body[i] == '-':
			i++
		case d > 0:
			san.Quirks |= QuirkDash
			i += d
		default:
			return badChar(body, i, "in castling; expected '-'")
		}
		if i == len(body) {
			return &SANError{0, i, "castling ends with a dash"}
		}
	}
	if n == 1 {
		return &SANError{0, len(body), "incomplete castling: expected O-O or O-O-O"}
	}
	san.Castle = CastleShort
	if n == 3 {
		san.Castle = CastleLong
	}
	return nil
}

// badChar reports the character of s at byte i as unexpected.
func badChar(s string, i int, context string) *SANError {
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return &SANError{i, i + size, fmt.Sprintf("unexpected %q %s", r, context)}
}

// parseMove parses a piece or pawn move, body being the input without
// check and en passant suffixes.
func parseMove(san *SAN, body string) error {
	i := 0
	switch c := body[0]; {
	case c == 'P':
		san.Piece = Pawn
		san.Quirks |= QuirkPawnLetter
		i = 1
	case c >= 'A' && c <= 'Z' && letterTypes[c] != NoPieceType:
		san.Piece = letterTypes[c]
		i = 1
	case c >= 'A' && c <= 'Z':
		return &SANError{0, 1, fmt.Sprintf("unknown piece letter %q: SAN uses K, Q, R, B and N", c)}
	case c > 'h' && letterTypes[c] != NoPieceType && len(body) > 2:
		return &SANError{0, 1, fmt.Sprintf("piece letters are upper case: %c", c-'a'+'A')}
	case c >= 'a' && c <= 'z', isRank(c), c == ':':
		san.Piece = Pawn
	default:
		return badChar(body, 0, "at the start of a move")
	}

	j, err := parsePromotion(san, body, i, len(body))
	if err != nil {
		return err
	}

	// Destination square.
	if err := checkDestination(body, i, j); err != nil {
		return err
	}
	san.To = SquareAt(int(body[j-2]-'a'), int(body[j-1]-'1'))
	j -= 2

	// Capture mark or long-form separator.
	long := false
	switch {
	case j == i:
	case body[j-1] == 'x':
		san.Capture = true
		j--
	case body[j-1] == ':':
		san.Capture = true
		san.Quirks |= QuirkColon
		j--
	case body[j-1] == '-':
		long = true
		j--
	case dashBefore(body[:j]) > 0:
		long = true
		san.Quirks |= QuirkDash
		j -= dashBefore(body[:j])
	}

	// Origin: nothing, a file, a rank or a square.
	switch origin := body[i:j]; {
	case len(origin) == 0:
	case len(origin) == 1 && isFile(origin[0]):
		san.FromFile = int8(origin[0] - 'a')
	case len(origin) == 1 && isRank(origin[0]):
		san.FromRank = int8(origin[0] - '1')
	case len(origin) == 2 && isFile(origin[0]) && isRank(origin[1]):
		san.FromFile, san.FromRank = int8(origin[0]-'a'), int8(origin[1]-'1')
	default:
		return &SANError{i, j, fmt.Sprintf("unexpected %q before the destination square", origin)}
	}

	fullOrigin := san.FromFile >= 0 && san.FromRank >= 0
	switch {
	case long && !fullOrigin:
		return &SANError{i, j, "a hyphen may only separate two squares, as in Ng1-f3"}
	case i == 0 && fullOrigin:
		san.Piece = NoPieceType
		san.Quirks |= QuirkCoordinate
	case long:
		san.Quirks |= QuirkLongForm
	}
	if san.Piece == Pawn {
		switch {
		case san.FromRank >= 0 && san.FromFile < 0:
			return &SANError{i, j, "a pawn move cannot be disambiguated by rank"}
		case san.Capture && san.FromFile < 0:
			return &SANError{0, j + 1, "a pawn capture must name the pawn's file, as in exd5"}
		}
	}
	if san.Promotion != NoPieceType && san.Piece != Pawn && san.Piece != NoPieceType {
		return &SANError{0, 1, fmt.Sprintf("only pawns promote, not a %s", san.Piece)}
	}
	return nil
}

// checkDestination reports an error unless body[i:j] ends with a square.
func checkDestination(body string, i, j int) error {
	switch last := body[max(j-1, 0)]; {
	case j == i:
		return &SANError{0, j, "missing destination square"}
	case last == '0' || last == '9':
		return &SANError{j - 1, j, fmt.Sprintf("there is no rank %c", last)}
	case isFile(last):
		return &SANError{j - 1, j, "the destination square lacks its rank"}
	case !isRank(last):
		return badChar(body, j-1, "at the end of the move")
	case j-i < 2:
		return &SANError{i, j, "the destination square lacks its file"}
	case body[j-2] >= 'i' && body[j-2] <= 'z':
		return &SANError{j - 2, j - 1, fmt.Sprintf("there is no file %c", body[j-2])}
	case !isFile(body[j-2]):
		return badChar(body, j-2, "before the destination rank")
	}
	return nil
}

// parsePromotion parses a promotion suffix of body[i:j] and returns the
// end of what remains.
func parsePromotion(san *SAN, body string, i, j int) (int, error) {
	if j-i < 2 {
		return j, nil
	}
	letter, sep := body[j-1], body[j-2]
	if letter == ')' && j-i >= 4 && body[j-3] == '(' {
		letter, sep = body[j-2], ')'
		j--
	}
	t, lower := letterTypes[letter], letter >= 'a'
	switch {
	case sep == '=' && t == NoPieceType:
		return 0, badChar(body, j-1, "as promotion piece")
	case sep != '=' && sep != '/' && sep != ')' && !isRank(sep):
		return j, nil
	case t == NoPieceType:
		return j, nil // not a promotion suffix after all
	}
	san.Promotion = t
	if sep != '=' || lower {
		san.Quirks |= QuirkPromotion
	}
	if isRank(sep) {
		return j - 1, nil
	}
	return j - 2, nil
}
