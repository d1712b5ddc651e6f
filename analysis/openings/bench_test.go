package openings

import "testing"

// BenchmarkLoad measures the reading of the data set, which the first
// use of the package pays (docs/BENCHMARKS.md).
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		load()
	}
}
