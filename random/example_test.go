package random_test

import (
	"fmt"

	"github.com/tessera-engine/tessera/random"
)

func ExampleNew() {
	r := random.New(1234)
	fmt.Println(r.IntN(6)+1, r.Range(10, 20), r.Float64() < 1)
	fmt.Println(r.State())
	// Output:
	// 6 11 true
	// seed=1234 stream=0 position=3
}

func ExampleRand_Restore() {
	r := random.New(99)
	saved := r.State() // save this with the game
	a := r.IntN(100)

	r.Restore(saved) // on load: the same values come next
	b := r.IntN(100)
	fmt.Println(a == b)
	// Output: true
}

func ExampleRand_Stream() {
	r := random.New(7)
	step := uint64(3)
	for e := uint64(0); e < 3; e++ {
		s := r.Stream(step).Stream(e) // one stream per step and entity
		fmt.Printf("entity %d: %d\n", e, s.Range(1, 100))
	}
	// Output:
	// entity 0: 91
	// entity 1: 32
	// entity 2: 99
}

func ExampleState_MarshalText() {
	st := random.New(1234).State()
	text, _ := st.MarshalText()
	fmt.Println(string(text))

	var back random.State
	if err := back.UnmarshalText(text); err != nil {
		fmt.Println(err)
	}
	fmt.Println(back == st)
	// Output:
	// seed=1234 stream=0 position=0
	// true
}
