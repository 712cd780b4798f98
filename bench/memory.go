package main

import "runtime"

// heapBuilder builds n bodies with Position and Velocity in one library and
// returns what keeps them alive.
type heapBuilder struct {
	name  string
	build func(n int) any
}

// heapBuilders are the libraries the memory measurement covers.
var heapBuilders = []heapBuilder{
	{"limit", limitHeap},
	{"tessera", tesseraHeap},
	{"ark", arkHeap},
	{"donburi", donburiHeap},
}

// liveHeap returns the live heap bytes per body that build(n) adds: the
// heap in use after a collection, after building minus before. Capacity
// that slices hold beyond their length counts, as it does for the program.
func liveHeap(n int, build func(n int) any) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	keep := build(n)
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keep)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(n)
}
