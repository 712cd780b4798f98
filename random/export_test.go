package random

// Block is the Philox4x32-10 block function, for the known-answer tests.
func Block(position, stream, seed uint64) [4]uint32 {
	x0, x1, x2, x3 := block(position, stream, seed)
	return [4]uint32{x0, x1, x2, x3}
}
