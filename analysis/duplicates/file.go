package duplicates

import (
	"strconv"
)

// EarlierGame is the message of the related information of a repeated
// game's diagnostic, which points at the game it repeats.
const EarlierGame = "the earlier game"

// Where names game i (from 0) of a file, whose diagnostic span starts on
// line (from 1), in messages: "game 13 (line 340)".
func Where(i, line int) string {
	return "game " + strconv.Itoa(i+1) + " (line " + strconv.Itoa(line) + ")"
}

// Messages makes the messages of findings for a document whose repeated
// games are published again and again, keeping those made from one
// round to the next: copies of one game mostly say the same of it, and
// an edit changes few of them.
type Messages struct {
	last, next map[messageKey]string
}

type messageKey struct {
	f     Finding
	where string
}

// Message returns f.Message(where), made when the last round or this one
// did not make it.
func (m *Messages) Message(f Finding, where string) string {
	k := messageKey{f, where}
	k.f.Other = 0 // where names the other game
	msg, ok := m.next[k]
	if ok {
		return msg
	}
	if msg, ok = m.last[k]; !ok {
		msg = f.Message(where)
	}
	if m.next == nil {
		m.next = make(map[messageKey]string, len(m.last))
	}
	m.next[k] = msg
	return msg
}

// Round ends a round: the next keeps only the messages this one made or
// used.
func (m *Messages) Round() {
	m.last, m.next = m.next, m.last
	clear(m.next)
}
