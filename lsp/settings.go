package lsp

import (
	"context"
	"encoding/json"
	"maps"
	"strings"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"github.com/pgnls/pgnls/analysis"
	"github.com/pgnls/pgnls/analysis/annotate"
	"github.com/pgnls/pgnls/analysis/checks"
	"github.com/pgnls/pgnls/analysis/format"
	"github.com/pgnls/pgnls/analysis/localized"
	"github.com/pgnls/pgnls/analysis/tags"
	"github.com/pgnls/pgnls/lsp/wire"
	"github.com/pgnls/pgnls/syntax"
)

// The user's settings, all under the "pgnls" section:
//
//	pgnls.dialect                  "auto" (default), "pgn" or "ctl-pgn"
//	pgnls.profile                  "default" or "export" (the layout pgnls fmt fixes is reported too)
//	pgnls.lineLength               export line limit and format width (default 79; negative: no limit)
//	pgnls.ctlpgn.symbols           "keep" (default), "ascii" or "unicode"
//	pgnls.ctlpgn.reader            "full" (default) or "minimal": the CTL-PGN reader (as check --reader)
//	pgnls.readLang                 "auto" (default), "en", "figurine" or a language code: the moves not in SAN (as check --read-lang)
//	pgnls.hover.images             "auto" (default: for VS Code and its forks), "on" or "off": board images in hovers
//	pgnls.tagOrder                 "lenient" (default) or "strict" (tag-sort is a warning)
//	pgnls.maxDiagnostics           diagnostics published per document (default 2000, 1000 for VS Code, 100 for eglot; 0: no limit)
//	pgnls.diagnostics.catalogueURL base URL of the code catalogue; the code is appended
//	pgnls.diagnostics.<code>       "error", "warning", "info", "hint" or "off"; wins over the profile
//	pgnls.engine.path              the UCI engine of "Analyse game" for every game ("": stockfish, fairy-stockfish for the lichess variants)
//	pgnls.engine.depth             its search depth per position (default 18); or
//	pgnls.engine.nodes             its nodes per position; or
//	pgnls.engine.movetime          its time per position, in milliseconds
//	pgnls.engine.threads           its Threads option (0: the engine's)
//	pgnls.engine.hash              its Hash option, in MiB (0: the engine's)
//	pgnls.engine.multipv           its MultiPV: better lines after a mistake (0: one)
//
// They come from initializationOptions (the pgnls object itself, or an
// object holding it under "pgnls"), then from workspace/configuration
// when the client supports it (on initialized and on every
// didChangeConfiguration), else from didChangeConfiguration's settings.
// Each source replaces the settings as a whole, except that a
// workspace/configuration without a pgnls section (null: Neovim without
// settings, eglot 1.9 whose answer never sees a buffer's configuration)
// gives way to didChangeConfiguration's settings, if any, else to those
// of initializationOptions.

// defaultCatalogueURL is where a diagnostic code's documentation is: the
// code is appended as the anchor of its section in docs/DIAGNOSTICS.md.
const defaultCatalogueURL = checks.CatalogueURL

// configTimeout bounds the wait for the client's answer to
// workspace/configuration, which holds up the message queue.
const configTimeout = 5 * time.Second

// settings are the pgnls settings in force. The zero value means every
// default.
type settings struct {
	dialect      *string // nil: unset (the --dialect flag applies)
	lineLength   int     // 0: default; -1: no limit
	symbols      string  // "keep", "ascii" or "unicode"; "" means keep
	images       string  // "auto", "on" or "off"; "" means auto
	profile      analysis.Profile
	reader       analysis.CTLReader
	readLang     string // analysis.Config.ReadLang
	strictTags   bool
	severity     map[analysis.Code]analysis.Severity // 0 switches a code off
	catalogueURL string                              // "" means defaultCatalogueURL
	max          *int                                // nil: the client's default (clientCaps.maxDiagnostics)
	engine       annotate.Options                    // "Analyse game" (pgnls.engine)
}

// wireSettings is the JSON form of the pgnls settings object.
type wireSettings struct {
	Dialect    *string         `json:"dialect"`
	Profile    string          `json:"profile"`
	LineLength json.RawMessage `json:"lineLength"`
	CTLPGN     *struct {
		Symbols string `json:"symbols"`
		Reader  string `json:"reader"`
	} `json:"ctlpgn"`
	Hover *struct {
		Images string `json:"images"`
	} `json:"hover"`
	ReadLang    string                     `json:"readLang"`
	TagOrder    string                     `json:"tagOrder"`
	Max         json.RawMessage            `json:"maxDiagnostics"`
	Diagnostics map[string]json.RawMessage `json:"diagnostics"`
	Engine      *struct {
		Path     string          `json:"path"`
		Depth    json.RawMessage `json:"depth"`
		Nodes    json.RawMessage `json:"nodes"`
		MoveTime json.RawMessage `json:"movetime"`
		Threads  json.RawMessage `json:"threads"`
		Hash     json.RawMessage `json:"hash"`
		MultiPV  json.RawMessage `json:"multipv"`
	} `json:"engine"`
}

// parseSettings decodes a pgnls settings object. Values it cannot use are
// reported in problems and left at their defaults; a malformed object
// yields the defaults.
func parseSettings(raw json.RawMessage) (st settings, problems []string) {
	if wire.IsNull(raw) {
		return st, nil
	}
	var w wireSettings
	if err := json.Unmarshal(raw, &w); err != nil {
		return st, []string{"settings are not a JSON object of the expected shape: " + err.Error()}
	}
	st.dialect = w.Dialect
	if !wire.IsNull(w.LineLength) {
		var n float64
		if err := json.Unmarshal(w.LineLength, &n); err != nil || n != float64(int(n)) {
			problems = append(problems, "pgnls.lineLength must be an integer, not "+string(w.LineLength))
		} else {
			st.lineLength = max(int(n), -1)
		}
	}
	if !wire.IsNull(w.Max) {
		var n float64
		if err := json.Unmarshal(w.Max, &n); err != nil || n != float64(int(n)) || n < 0 {
			problems = append(problems, "pgnls.maxDiagnostics must be an integer >= 0, not "+string(w.Max))
		} else {
			m := int(n)
			st.max = &m
		}
	}
	if w.CTLPGN != nil {
		switch v := strings.ToLower(w.CTLPGN.Symbols); v {
		case "", "keep", "ascii", "unicode":
			st.symbols = v
		default:
			problems = append(problems, "pgnls.ctlpgn.symbols must be keep, ascii or unicode, not "+w.CTLPGN.Symbols)
		}
		if w.CTLPGN.Reader != "" {
			if r, ok := analysis.ParseCTLReader(strings.ToLower(w.CTLPGN.Reader)); ok {
				st.reader = r
			} else {
				problems = append(problems, "pgnls.ctlpgn.reader must be full or minimal, not "+w.CTLPGN.Reader)
			}
		}
	}
	if l, ok := localized.ParseReadLang(w.ReadLang); ok {
		st.readLang = l
	} else {
		problems = append(problems, "pgnls.readLang must be "+localized.ReadLangs+", not "+w.ReadLang)
	}
	if w.Hover != nil {
		switch v := strings.ToLower(w.Hover.Images); v {
		case "", "auto", "on", "off":
			st.images = v
		default:
			problems = append(problems, "pgnls.hover.images must be auto, on or off, not "+w.Hover.Images)
		}
	}
	if w.Profile != "" {
		if p, ok := analysis.ParseProfile(strings.ToLower(w.Profile)); ok {
			st.profile = p
		} else {
			problems = append(problems, "pgnls.profile must be default or export, not "+w.Profile)
		}
	}
	switch strings.ToLower(w.TagOrder) {
	case "", "lenient":
	case "strict":
		st.strictTags = true
	default:
		problems = append(problems, "pgnls.tagOrder must be strict or lenient, not "+w.TagOrder)
	}
	if e := w.Engine; e != nil {
		st.engine.Engine = e.Path
		count := func(name string, raw json.RawMessage) int {
			if wire.IsNull(raw) {
				return 0
			}
			var n float64
			if err := json.Unmarshal(raw, &n); err != nil || n != float64(int(n)) || n < 0 {
				problems = append(problems, "pgnls.engine."+name+" must be an integer >= 0, not "+string(raw))
				return 0
			}
			return int(n)
		}
		st.engine.Limits.Depth = count("depth", e.Depth)
		st.engine.Limits.Nodes = int64(count("nodes", e.Nodes))
		st.engine.Limits.MoveTime = time.Duration(count("movetime", e.MoveTime)) * time.Millisecond
		st.engine.Threads = count("threads", e.Threads)
		st.engine.Hash = count("hash", e.Hash)
		st.engine.MultiPV = count("multipv", e.MultiPV)
	}
	for key, v := range w.Diagnostics {
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			problems = append(problems, "pgnls.diagnostics."+key+" must be a string")
			continue
		}
		if key == "catalogueURL" {
			st.catalogueURL = s
			continue
		}
		sev, ok := parseSeverity(s)
		if !ok {
			problems = append(problems, "pgnls.diagnostics."+key+" must be error, warning, info, hint or off, not "+s)
			continue
		}
		if _, ok := checks.Lookup(analysis.Code(key)); !ok {
			problems = append(problems, "pgnls.diagnostics."+key+": no such diagnostic code (see docs/DIAGNOSTICS.md); kept in case an analyzer reports it")
		}
		if st.severity == nil {
			st.severity = make(map[analysis.Code]analysis.Severity)
		}
		st.severity[analysis.Code(key)] = sev
	}
	return st, problems
}

// parseSeverity reads a severity setting; "off" is 0.
func parseSeverity(s string) (analysis.Severity, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "off" {
		return 0, true
	}
	if s == "information" {
		s = "info"
	}
	return syntax.ParseSeverity(s)
}

// config returns the analysis configuration the settings ask for.
func (st settings) config() *analysis.Config {
	return &analysis.Config{
		Severity:   st.overrides(),
		LineLength: st.lineLength,
		Profile:    st.profile,
		CTLReader:  st.reader,
		ReadLang:   st.readLang,
	}
}

// overrides returns the per-code severities: pgnls.diagnostics, and
// tag-sort as a warning under pgnls.tagOrder "strict" unless set there.
func (st settings) overrides() map[analysis.Code]analysis.Severity {
	if !st.strictTags {
		return st.severity
	}
	out := maps.Clone(st.severity)
	if out == nil {
		out = make(map[analysis.Code]analysis.Severity)
	}
	if _, ok := out[tags.CodeSort]; !ok {
		out[tags.CodeSort] = analysis.Warning
	}
	return out
}

// formatOptions returns the layout the settings ask for.
func (st settings) formatOptions() format.Options {
	style := format.CTLKeep
	switch st.symbols {
	case "ascii":
		style = format.CTLASCII
	case "unicode":
		style = format.CTLUnicode
	}
	return format.Options{Width: max(st.lineLength, 0), CTLStyle: style}
}

// catalogue returns the base URL of the code catalogue.
func (st settings) catalogue() string {
	if st.catalogueURL == "" {
		return defaultCatalogueURL
	}
	return st.catalogueURL
}

// maxDiagnostics returns the publication limit, def unless set; 0 means
// none.
func (st settings) maxDiagnostics(def int) int {
	if st.max == nil {
		return def
	}
	return *st.max
}

// sameAnalysis reports whether a and b analyse and publish alike.
func (st settings) sameAnalysis(o settings) bool {
	return st.lineLength == o.lineLength && st.strictTags == o.strictTags && st.profile == o.profile && st.reader == o.reader && st.readLang == o.readLang &&
		maps.Equal(st.severity, o.severity) && st.catalogue() == o.catalogue() &&
		st.maxDiagnostics(-1) == o.maxDiagnostics(-1) // unset (the client's default) is not 0 (no limit)
}

// settingsFromInit extracts the settings from initializationOptions: the
// pgnls object itself, or an object holding it under "pgnls".
func settingsFromInit(raw json.RawMessage) json.RawMessage {
	var wrapped struct {
		PGNLS json.RawMessage `json:"pgnls"`
	}
	if err := json.Unmarshal(raw, &wrapped); err == nil && !wire.IsNull(wrapped.PGNLS) {
		return wrapped.PGNLS
	}
	return raw
}

// applySettings makes raw (a pgnls settings object) the settings in force
// and has the session re-analyse what they change: a different dialect
// parses documents again; a different configuration or catalogue
// re-analyses and republishes every open document.
func (s *server) applySettings(where string, raw json.RawMessage) {
	st, problems := parseSettings(raw)
	for _, p := range problems {
		s.logger.Warn("setting ignored", zap.String("from", where), zap.String("problem", p))
	}
	if st.dialect != nil {
		checkDialect(s.logger, where+": pgnls.dialect", *st.dialect)
	}
	old := s.settings
	s.settings = st
	s.logger.Info("settings", zap.String("from", where), zap.String("dialect", s.dialectName()),
		zap.Int("lineLength", st.lineLength), zap.String("symbols", st.symbols), zap.Bool("strictTagOrder", st.strictTags), zap.Stringer("profile", st.profile), zap.Stringer("reader", st.reader), zap.String("readLang", st.readLang),
		zap.Int("severityOverrides", len(st.severity)), zap.Int("maxDiagnostics", st.maxDiagnostics(s.client.maxDiagnostics())))
	c := s.docs.Config()
	c.Dialect = s.dialectName()
	if !st.sameAnalysis(old) {
		s.diags.setCatalogue(st.catalogue())
		c.Analysis, c.Max = st.config(), st.maxDiagnostics(s.client.maxDiagnostics())
	}
	for _, doc := range s.docs.SetConfig(c) {
		s.logger.Debug("dialect changed", zap.String("uri", doc.URI), zap.Int32("version", doc.Version), zap.Stringer("dialect", doc.File.Dialect))
	}
}

// applyPulled applies raw, the pgnls section a workspace/configuration
// answered: null means the client has no workspace settings, and those of
// initializationOptions apply.
func (s *server) applyPulled(raw json.RawMessage) {
	if wire.IsNull(raw) {
		s.applySettings("initializationOptions (workspace/configuration has no pgnls section)", s.initSettings)
		return
	}
	s.applySettings("workspace/configuration", raw)
}

// fetchSettings returns the client's answer to workspace/configuration for
// the pgnls section, or false when the client does not support the
// request or does not answer in time.
func (s *server) fetchSettings(ctx context.Context) (json.RawMessage, bool) {
	if !s.client.configuration {
		return nil, false
	}
	ctx, cancel := context.WithTimeout(ctx, configTimeout)
	defer cancel()
	var result []json.RawMessage
	params := &protocol.ConfigurationParams{Items: []protocol.ConfigurationItem{{Section: "pgnls"}}}
	if _, err := s.conn.Call(ctx, protocol.MethodWorkspaceConfiguration, params, &result); err != nil {
		s.logger.Warn("workspace/configuration failed; settings unchanged", zap.Error(err))
		return nil, false
	}
	if len(result) != 1 {
		s.logger.Warn("workspace/configuration: wrong number of results; settings unchanged", zap.Int("results", len(result)))
		return nil, false
	}
	return result[0], true
}

// didChangeConfiguration re-reads the settings: by workspace/configuration
// when the client supports it; when it does not, or has no pgnls section
// there (eglot 1.9 answers from a buffer where pgnls.el's configuration
// is not seen), from the notification's settings.pgnls; when neither has
// them, a client that answered null gets those of initializationOptions,
// another keeps its settings.
func (s *server) didChangeConfiguration(ctx context.Context, params json.RawMessage) error {
	pulled, answered := s.fetchSettings(ctx)
	if answered && !wire.IsNull(pulled) {
		s.applyPulled(pulled)
		return nil
	}
	var p struct {
		Settings json.RawMessage `json:"settings"`
	}
	if err := wire.Unmarshal(params, &p); err != nil {
		return err
	}
	var wrapped struct {
		PGNLS json.RawMessage `json:"pgnls"`
	}
	if err := json.Unmarshal(p.Settings, &wrapped); err == nil && !wire.IsNull(wrapped.PGNLS) {
		s.applySettings("didChangeConfiguration", wrapped.PGNLS)
		return nil
	}
	if answered {
		s.applyPulled(pulled)
		return nil
	}
	s.logger.Debug("didChangeConfiguration without pgnls settings")
	return nil
}
