package prefab

import (
	"math"
	"testing"
)

func TestSameValueNaNMapKey(t *testing.T) {
	type Curve struct{ Points map[float64]int }
	a := Curve{Points: map[float64]int{math.NaN(): 1, 2: 3}}
	b := Curve{Points: map[float64]int{math.NaN(): 1, 2: 3}}
	if !sameValue(a, b) {
		t.Errorf("sameValue(%v, %v) = false: a NaN key never matches, so a reload lists the prefab as changed", a, b)
	}
}

func TestSameValueSliceAlias(t *testing.T) {
	type Buf struct {
		View []int // a view of the front of All
		All  []int
	}
	x, y := []int{1, 2}, []int{1, 99}
	a := Buf{View: x[:1], All: x}
	b := Buf{View: y[:1], All: y}
	if sameValue(a, b) {
		t.Errorf("sameValue(%v, %v) = true; All differs ([1 2] vs [1 99]): the (data pointer, type) visit key marks All as seen after View", a, b)
	}
}

func TestSameValueUnexported(t *testing.T) {
	type inner struct {
		m  map[string]float64
		i  any
		f  func()
		p  *int
		c  complex128
		ch chan int
	}
	type S struct{ in inner }
	one, two := 1, 1
	a := S{inner{m: map[string]float64{"x": math.NaN()}, i: []float64{math.NaN()}, p: &one, c: complex(math.NaN(), 1)}}
	b := S{inner{m: map[string]float64{"x": math.NaN()}, i: []float64{math.NaN()}, p: &two, c: complex(math.NaN(), 1)}}
	if !sameValue(a, b) {
		t.Errorf("unexported fields with NaN: not same")
	}
	two = 2
	if sameValue(a, b) {
		t.Errorf("unexported pointee differs but same")
	}
	// cycles
	type N struct {
		Next *N
		V    float64
	}
	n1 := &N{V: math.NaN()}
	n1.Next = n1
	n2 := &N{V: math.NaN()}
	n2.Next = n2
	if !sameValue(n1, n2) {
		t.Errorf("cycle with NaN: not same")
	}
}
