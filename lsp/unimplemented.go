package lsp

import (
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"
)

// The server routes methods through explicit allow-lists (requests and
// notifications in server.go) instead of implementing protocol.Server:
// protocol.ServerHandler v0.12.0 sends every method it does not know to
// Server.Request, and a nil embedded Server there panics and kills the
// server. Everything not on the lists ends here.

// unimplementedRequest is the answer to a request pgnls does not serve.
func unimplementedRequest(logger *zap.Logger, method string) error {
	logger.Debug("request not implemented", zap.String("method", method))
	return jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "method not found: %s", method)
}

// ignoreNotification drops a notification pgnls does not handle. The
// specification lets a server ignore "$/" notifications silently; others
// are logged at debug level.
func ignoreNotification(logger *zap.Logger, method string) {
	if strings.HasPrefix(method, "$/") {
		return
	}
	logger.Debug("notification not implemented; dropped", zap.String("method", method))
}
