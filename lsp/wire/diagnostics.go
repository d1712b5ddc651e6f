package wire

import (
	"strconv"

	"go.lsp.dev/protocol"
)

// Diagnostic is a protocol.Diagnostic as pgnls sends it, for
// AppendDiagnostic: a string code, and a code description that is only
// a link.
type Diagnostic struct {
	Range    protocol.Range
	Severity protocol.DiagnosticSeverity // 0 (left out) to 4
	Code     string                      // sent even when ""
	Href     string                      // of the code description; none when ""
	Source   string
	Message  string
	Related  []protocol.DiagnosticRelatedInformation
}

// AppendDiagnostic appends the JSON of d, byte for byte as encoding/json
// writes the protocol.Diagnostic d stands for. It writes by hand what
// jsonrpc2's Conn.Notify would encode by reflection: a big document
// publishes thousands of diagnostics per keystroke.
func AppendDiagnostic(b []byte, d *Diagnostic) []byte {
	b = append(b, `{"range":`...)
	b = AppendRange(b, d.Range)
	if d.Severity != 0 {
		b = append(b, `,"severity":`...)
		b = strconv.AppendInt(b, int64(d.Severity), 10)
	}
	b = append(b, `,"code":`...)
	b = AppendString(b, d.Code)
	if d.Href != "" {
		b = append(b, `,"codeDescription":{"href":`...)
		b = AppendString(b, d.Href)
		b = append(b, '}')
	}
	if d.Source != "" {
		b = append(b, `,"source":`...)
		b = AppendString(b, d.Source)
	}
	b = append(b, `,"message":`...)
	b = AppendString(b, d.Message)
	if len(d.Related) > 0 {
		b = append(b, `,"relatedInformation":[`...)
		for j, r := range d.Related {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"location":{"uri":`...)
			b = AppendString(b, string(r.Location.URI))
			b = append(b, `,"range":`...)
			b = AppendRange(b, r.Location.Range)
			b = append(b, `},"message":`...)
			b = AppendString(b, r.Message)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// AppendRange appends the JSON of an LSP range.
func AppendRange(b []byte, r protocol.Range) []byte {
	b = append(b, `{"start":{"line":`...)
	b = strconv.AppendUint(b, uint64(r.Start.Line), 10)
	b = append(b, `,"character":`...)
	b = strconv.AppendUint(b, uint64(r.Start.Character), 10)
	b = append(b, `},"end":{"line":`...)
	b = strconv.AppendUint(b, uint64(r.End.Line), 10)
	b = append(b, `,"character":`...)
	b = strconv.AppendUint(b, uint64(r.End.Character), 10)
	return append(b, `}}`...)
}

// AppendTextEdit appends the JSON of the protocol.TextEdit that replaces
// r with newText, byte for byte as encoding/json writes it.
func AppendTextEdit(b []byte, r protocol.Range, newText string) []byte {
	b = append(b, `{"range":`...)
	b = AppendRange(b, r)
	b = append(b, `,"newText":`...)
	b = AppendString(b, newText)
	return append(b, '}')
}

// AppendPublishHead appends the params of textDocument/publishDiagnostics
// for the document uri at version, up to their diagnostics:
// `{"uri":…,"version":…,"diagnostics":`. The caller appends the array,
// never null (protocol.PublishDiagnosticsParams encodes a nil slice as
// null, which LSP does not allow), then a closing brace.
func AppendPublishHead(b []byte, uri string, version int32) []byte {
	b = append(b, `{"uri":`...)
	b = AppendString(b, uri)
	if v := Version(version); v > 0 {
		b = append(b, `,"version":`...)
		b = strconv.AppendUint(b, uint64(v), 10)
	}
	return append(b, `,"diagnostics":`...)
}

// Version converts a document version to the uint32 of
// protocol v0.12.0's PublishDiagnosticsParams (LSP's is an integer); a
// negative version, which clients do not send, becomes 0, which is left
// out.
func Version(v int32) uint32 {
	if v < 0 {
		return 0
	}
	return uint32(v)
}
