package checks

// The catalogue of diagnostic codes, docs/DIAGNOSTICS.md, is generated
// from Catalogue; TestCatalogueDoc fails when it is stale. So is the
// schema of the VS Code setting pgnls.diagnostics in
// editors/vscode/package.json, checked by TestVSCodeSchema.
//go:generate go run gen_catalogue.go
//go:generate go run gen_vscode.go
