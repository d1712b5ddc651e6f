package openings

// All returns every named position, in the data set's order (by ECO
// code, then name).
func All() []Opening { return data().all }
