package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// MethodSelectionRange is textDocument/selectionRange, which protocol
// v0.12.0 has types for but no method constant.
const MethodSelectionRange = "textDocument/selectionRange"

// DecodeDidOpen decodes the params of textDocument/didOpen. The text of a
// big file is most of them: encoding/json would read them all twice (to
// check them, then to decode them) and hold an unescaped copy of the text
// besides the string it makes of that copy, so the members of
// textDocument are found here, the text checked and unescaped straight
// into its string in one pass, the other members decoded by encoding/json
// one by one, and the params without the text checked by json.Valid.
// Params in a form the shortcut does not expect (a key spelt otherwise
// than "text", a member repeated, a value of the wrong type, say) are
// decoded by encoding/json alone: the result is the same either way
// (FuzzDecodeDidOpen). Errors are as Unmarshal's.
func DecodeDidOpen(params json.RawMessage) (protocol.TextDocumentItem, error) {
	if item, ok := decodeDidOpen(params); ok {
		return item, nil
	}
	var p protocol.DidOpenTextDocumentParams
	if err := Unmarshal(params, &p); err != nil {
		return protocol.TextDocumentItem{}, err
	}
	return p.TextDocument, nil
}

// decodeDidOpen is DecodeDidOpen's shortcut, or false.
func decodeDidOpen(params json.RawMessage) (protocol.TextDocumentItem, bool) {
	var item protocol.TextDocumentItem
	text, textEnd := -1, -1
	// Members that encoding/json would match without regard to case, or
	// would merge (see members), take the long way.
	doc := func(key []byte, v int) int {
		end := valueEnd(params, v)
		var field any
		switch string(key) {
		case "uri":
			field = &item.URI
		case "languageId":
			field = &item.LanguageID
		case "version":
			field = &item.Version
		case "text":
			text, textEnd = v, end
			return end
		default:
			if foldsTo(key, "uri", "languageId", "version", "text") {
				return -1
			}
			return end
		}
		if json.Unmarshal(params[v:end], field) != nil {
			return -1
		}
		return end
	}
	found := false
	top := func(key []byte, v int) int {
		switch {
		case string(key) == "textDocument":
			found = true
			return members(params, v, doc)
		case foldsTo(key, "textDocument"):
			return -1
		}
		return valueEnd(params, v)
	}
	if members(params, skipSpace(params, 0), top) < 0 || !found || text < 0 {
		return item, false
	}
	// decodeString accepts exactly the valid JSON strings: with the text in
	// place of a valid string, the params are valid when the rest is.
	s, ok := decodeString(params[text:textEnd])
	if !ok || !json.Valid(slices.Concat(params[:text], []byte(`""`), params[textEnd:])) {
		return item, false
	}
	item.Text = s
	return item, true
}

// DidChangeParams is DidChangeTextDocumentParams decoded without
// protocol v0.12.0's TextDocumentContentChangeEvent, whose Range is not a
// pointer, so that a change at 0:0-0:0 would be mistaken for a full
// replacement, and whose uint32 fields reject a negative number outright.
type DidChangeParams struct {
	TextDocument struct {
		URI     protocol.DocumentURI `json:"uri"`
		Version int32                `json:"version"`
	} `json:"textDocument"`
	ContentChanges []ContentChange `json:"contentChanges"`
}

// ContentChange is one TextDocumentContentChangeEvent. A nil Range means
// the text replaces the whole document.
type ContentChange struct {
	Range *Range `json:"range"`
	Text  string `json:"text"`
}

// Range is an LSP range as a client may send it: its numbers are not
// checked (see Position).
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Position is an LSP position whose numbers may be out of the range of
// protocol.Position's uint32 (negative, say), which encoding/json would
// refuse, failing the whole message.
type Position struct {
	Line      int64 `json:"line"`
	Character int64 `json:"character"`
}

// Before reports whether p comes before q.
func (p Position) Before(q Position) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Character < q.Character
}

// Protocol clamps p into the range of a protocol.Position.
func (p Position) Protocol() protocol.Position {
	clamp := func(v int64) uint32 { return uint32(min(max(v, 0), math.MaxUint32)) }
	return protocol.Position{Line: clamp(p.Line), Character: clamp(p.Character)}
}

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Character) }

// InitializeParams is the part of InitializeParams pgnls reads. Decoding
// only this keeps the server tolerant of client capabilities that
// protocol v0.12.0 models too narrowly.
type InitializeParams struct {
	ClientInfo *struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"clientInfo"`
	InitializationOptions json.RawMessage    `json:"initializationOptions"`
	Capabilities          ClientCapabilities `json:"capabilities"`
	// RootURI and WorkspaceFolders name the folders of the workspace
	// (the folders win when both are given); RootPath is the LSP 1.0
	// name of the root.
	RootURI          *string           `json:"rootUri"`
	RootPath         *string           `json:"rootPath"`
	WorkspaceFolders []WorkspaceFolder `json:"workspaceFolders"`
}

// WorkspaceFolder is LSP 3.6 WorkspaceFolder.
type WorkspaceFolder struct {
	URI  string `json:"uri"`
	Name string `json:"name"`
}

// ClientCapabilities is the part of ClientCapabilities pgnls reads.
type ClientCapabilities struct {
	Workspace struct {
		Configuration bool `json:"configuration"`
	} `json:"workspace"`
	Window struct {
		WorkDoneProgress bool `json:"workDoneProgress"`
	} `json:"window"`
	TextDocument struct {
		Hover struct {
			ContentFormat []string `json:"contentFormat"`
		} `json:"hover"`
		DocumentSymbol struct {
			Hierarchical bool `json:"hierarchicalDocumentSymbolSupport"`
		} `json:"documentSymbol"`
		// FoldingRange is there (not nil or null) when the client
		// takes folding ranges.
		FoldingRange json.RawMessage `json:"foldingRange"`
		Completion   struct {
			CompletionItem struct {
				DocumentationFormat []string `json:"documentationFormat"`
				SnippetSupport      bool     `json:"snippetSupport"`
			} `json:"completionItem"`
		} `json:"completion"`
		CodeAction struct {
			// LiteralSupport is there (not nil or null) when the client
			// takes CodeAction literals, not only Commands, in answer to
			// textDocument/codeAction.
			LiteralSupport json.RawMessage `json:"codeActionLiteralSupport"`
		} `json:"codeAction"`
	} `json:"textDocument"`
}

// InitializeResult is protocol.InitializeResult with the capabilities
// protocol v0.12.0 cannot express.
type InitializeResult struct {
	Capabilities ServerCapabilities   `json:"capabilities"`
	ServerInfo   *protocol.ServerInfo `json:"serverInfo,omitempty"`
}

// ServerCapabilities extends protocol v0.12.0's ServerCapabilities, whose
// SemanticTokensOptions lacks the legend and the full/range flags; the
// outer field wins over the embedded one of the same JSON name.
type ServerCapabilities struct {
	protocol.ServerCapabilities
	SemanticTokensProvider *SemanticTokensOptions `json:"semanticTokensProvider,omitempty"`
}

// SemanticTokensOptions is LSP 3.16 SemanticTokensOptions.
type SemanticTokensOptions struct {
	Legend protocol.SemanticTokensLegend `json:"legend"`
	Range  bool                          `json:"range"`
	Full   bool                          `json:"full"`
}

// CancelID returns the id of the request that the params of a
// $/cancelRequest name: an integer or a string. protocol v0.12.0's
// CancelHandler decodes the id into an interface{} and looks for an
// int32 or a string, but a JSON number decodes as a float64 there, so it
// drops the cancellation of every request with a numeric id (most
// clients' ids).
func CancelID(params json.RawMessage) (jsonrpc2.ID, error) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return jsonrpc2.ID{}, err
	}
	if IsNull(p.ID) {
		return jsonrpc2.ID{}, errors.New("no id")
	}
	var str string
	if err := json.Unmarshal(p.ID, &str); err == nil {
		return jsonrpc2.NewStringID(str), nil
	}
	var f float64
	if err := json.Unmarshal(p.ID, &f); err != nil || f != float64(int32(f)) {
		return jsonrpc2.ID{}, fmt.Errorf("id %s is neither a string nor a 32-bit integer", p.ID)
	}
	return jsonrpc2.NewNumberID(int32(f)), nil
}
