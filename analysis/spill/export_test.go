package spill

// Path returns the directory's path, or "" when nothing was made yet (or
// after Remove).
func (d *Dir) Path() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.path
}
