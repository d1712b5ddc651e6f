// Package wire holds pgnls's workarounds for the LSP libraries it is
// built on, go.lsp.dev/jsonrpc2 v0.10.0 and go.lsp.dev/protocol v0.12.0:
// the framing of messages, the decoding and encoding of the params those
// versions get wrong or make slow, and the JSON helpers these share. It
// knows JSON-RPC and LSP, never PGN: it imports neither syntax nor
// analysis, and the lsp package's handlers decode, call and convert
// through it. When go.lsp.dev is upgraded, check each entry below
// against the new version and drop those it makes needless.
//
// go.lsp.dev/jsonrpc2 v0.10.0:
//
//   - Reading (Stream.Read): jsonrpc2's stream decodes a message through
//     a buffered JSON decoder that copies the whole message into a buffer
//     grown by doubling and keeps the params inside it: a 30 MB didOpen
//     held over four times its size before the server saw its text. The
//     Stream reads the frames itself and keeps a big notification's params
//     where they are in the message (Stream.Params).
//   - Malformed messages: the Conn closes the connection on any read
//     error, so one message that is framed correctly but is not JSON-RPC
//     would end the session; the Stream logs and skips it.
//   - Content-Length: jsonrpc2 allocates the length a header announces (up
//     to 2 GiB) before any of the body arrives; the Stream allocates the
//     whole body once its first MiB has arrived.
//   - Requests without a method: jsonrpc2 decodes a message whose method
//     is "" as a response, which nobody answers; the Stream hands it to
//     the handler as a call, which is answered (MethodNotFound).
//   - Writing: Conn.Notify encodes params by reflection, and would parse
//     and encode again params that are already JSON; Stream.NotifyRaw
//     frames a notification with encoded params (the diagnostics) in one
//     write under the Stream's lock. Likewise a reply validates and copies
//     a result that is already JSON twice (NewResponse marshals it, then
//     the response around it); Stream.RespondRaw frames it as it is (the
//     document symbols of a big database: megabytes), and
//     Stream.RespondParts one encoded in parts as it was made (the
//     formatting edits of a big database: as big as the document).
//
// go.lsp.dev/protocol v0.12.0:
//
//   - didOpen (DecodeDidOpen): decoding DidOpenTextDocumentParams with
//     encoding/json holds an unescaped copy of the text besides the
//     string made of it; the text, most of a big file's message, is
//     unquoted straight into its string.
//   - didChange (DidChangeParams): TextDocumentContentChangeEvent's Range
//     is not a pointer, so a change at 0:0-0:0 reads as a replacement of
//     the whole text, and its uint32 positions make one negative number
//     fail the whole message; Range and Position take int64 and are
//     clamped where they are used.
//   - Diagnostics (AppendDiagnostic, AppendPublishHead, Version):
//     Diagnostic encoded by reflection (its Code an interface{}, its
//     Severity a float64) was one of the largest costs of an edit of a
//     big document, which publishes thousands of diagnostics; it is
//     written by hand, byte for byte as encoding/json writes it. PublishDiagnosticsParams encodes no diagnostics as null
//     and takes a uint32 version.
//   - Cancellation (CancelID): CancelHandler looks for an int32 or a
//     string id in an interface{}, where a JSON number is a float64, so it
//     drops the cancellation of every numeric id; CancelID reads both.
//     (The lsp package also answers the cancelled request at once, where
//     CancelHandler only cancels its context.)
//   - initialize (InitializeParams, InitializeResult): the server decodes
//     only the client capabilities it reads, which protocol models too
//     narrowly, and answers with ServerCapabilities whose semantic tokens
//     options carry the legend and the full/range flags that protocol's
//     SemanticTokensOptions lacks.
//   - textDocument/selectionRange has types but no method constant
//     (MethodSelectionRange).
//   - protocol.ServerHandler sends a method it does not know to
//     Server.Request, which panics when the Server embeds a nil one; the
//     lsp package does not use it but routes by allow-lists (lsp/server.go,
//     lsp/unimplemented.go).
package wire
