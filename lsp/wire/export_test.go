package wire

import "go.lsp.dev/protocol"

// Protocol returns the protocol.Diagnostic d stands for.
func (d *Diagnostic) Protocol() protocol.Diagnostic {
	pd := protocol.Diagnostic{Range: d.Range, Severity: d.Severity, Code: d.Code, Source: d.Source, Message: d.Message, RelatedInformation: d.Related}
	if d.Href != "" {
		pd.CodeDescription = &protocol.CodeDescription{Href: protocol.URI(d.Href)}
	}
	return pd
}
