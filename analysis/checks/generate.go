package checks

// The catalogue of diagnostic codes, docs/DIAGNOSTICS.md, is generated
// from Catalogue; TestCatalogueDoc fails when it is stale.
//go:generate go run gen_catalogue.go
