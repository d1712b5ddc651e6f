package spill

// Spilled reports whether the records outgrew the budget: some are on
// disk.
func (s *Sorter[T]) Spilled() bool { return len(s.runs) > 0 }

// Path returns the directory's path, or "" when nothing was made yet (or
// after Remove).
func (d *Dir) Path() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.path
}
