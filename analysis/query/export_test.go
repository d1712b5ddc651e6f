package query

// String returns the name of k, such as "tag".
func (k ItemKind) String() string {
	switch k {
	case ItemTag:
		return "tag"
	case ItemTagValue:
		return "value"
	case ItemNAG:
		return "nag"
	case ItemGlyph:
		return "glyph"
	case ItemMove:
		return "move"
	}
	return "unknown"
}
