package compact_test

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/tessera-engine/tessera/save/compact"
)

// The model writes strings from the format's definition with math/big,
// independently of the package: a stored number is (value − offset) /
// step, zigzagged for int, and a varint is its base-45 digits, low first.

var (
	modelMore = []rune("PQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}")
	modelLast = []rune("#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNO")
)

func modelVarint(n *big.Int) string {
	var b strings.Builder
	n = new(big.Int).Set(n)
	base := big.NewInt(45)
	for {
		q, r := new(big.Int).QuoRem(n, base, new(big.Int))
		if q.Sign() == 0 {
			b.WriteRune(modelLast[r.Int64()])
			return b.String()
		}
		b.WriteRune(modelMore[r.Int64()])
		n = q
	}
}

func modelZigzag(n *big.Int) *big.Int {
	if n.Sign() >= 0 {
		return new(big.Int).Lsh(n, 1)
	}
	z := new(big.Int).Lsh(n, 1)
	z.Neg(z)
	return z.Sub(z, big.NewInt(1))
}

var (
	bigMaxUint64 = new(big.Int).SetUint64(math.MaxUint64)
	bigMinInt64  = big.NewInt(math.MinInt64)
	bigMaxInt64  = big.NewInt(math.MaxInt64)
)

// modelCase is one randomly made entity with its expected string.
type modelCase struct {
	e    compact.Entity
	want string          // "" when only the decoded values are checked
	back []compact.Field // the fields Decode must return, in definition order
}

// modelDefs makes n random definitions, some shared by several types.
func modelDefs(r *rand.Rand, n int) []compact.Definition {
	var defs []compact.Definition
	for d := 0; d < n; d++ {
		def := compact.Definition{}
		if r.IntN(4) == 0 {
			for k := 0; k < 1+r.IntN(3); k++ {
				def.Types = append(def.Types, fmt.Sprintf("t%d_%d", d, k))
			}
		} else {
			def.Type = fmt.Sprintf("t%d", d)
		}
		for p := 0; p < r.IntN(40); p++ {
			def.Properties = append(def.Properties, modelProperty(r, fmt.Sprintf("p%d", p)))
		}
		defs = append(defs, def)
	}
	return defs
}

func modelProperty(r *rand.Rand, name string) compact.Property {
	p := compact.Property{Name: name, Kind: compact.Kind(1 + r.IntN(5))}
	if p.Kind != compact.Int && p.Kind != compact.Uint {
		return p
	}
	switch r.IntN(4) {
	case 0: // defaults
	case 1: // integral scaling
		p.Step = float64(1 + r.IntN(64))
		p.Offset = float64(r.IntN(2001) - 1000)
	case 2: // large integral scaling
		p.Step = float64(uint64(1) << r.IntN(63))
		p.Offset = float64(int64(r.Uint64()) >> r.IntN(64))
	case 3: // fractional scaling
		p.Step = []float64{0.5, 0.25, 1, 3, 0.1}[r.IntN(5)]
		p.Offset = []float64{0, -1, 2.5, 100}[r.IntN(4)]
		p.Decimals = r.IntN(4)
	}
	return p
}

// integral reports whether p's values are integers computed exactly.
func integral(p compact.Property) bool {
	return p.Decimals == 0 && p.Step == math.Trunc(p.Step) && p.Offset == math.Trunc(p.Offset)
}

// modelValue makes a random value for p, its stored field ("" when the
// model leaves the string unchecked), and the value Decode returns.
func modelValue(r *rand.Rand, p compact.Property) (in compact.Value, field string, back compact.Value) {
	switch p.Kind {
	case compact.Boolean:
		b := r.IntN(2) == 1
		return compact.BoolValue(b), string(modelLast[map[bool]int{false: 0, true: 1}[b]]), compact.BoolValue(b)
	case compact.Float32:
		bits := r.Uint32()
		if r.IntN(4) == 0 {
			bits = math.Float32bits(float32(r.NormFloat64()))
		}
		v := compact.Float32Value(math.Float32frombits(bits))
		return v, modelVarint(new(big.Int).SetUint64(uint64(bits))), v
	case compact.String:
		s := modelString(r)
		n := len(utf16.Encode([]rune(s)))
		return compact.StringValue(s), modelVarint(big.NewInt(int64(n))) + s, compact.StringValue(s)
	}
	step := p.Step
	if step == 0 {
		step = 1
	}
	if !integral(p) {
		// Pick a stored number, compute its value the way the format
		// defines; the string may use another stored number with the
		// same value, so only the value is checked.
		q := float64(r.IntN(1 << 20))
		if p.Kind == compact.Int {
			q -= 1 << 19
		}
		f := q*step/math.Pow(10, float64(p.Decimals)) + p.Offset
		return compact.FloatValue(f), "", compact.FloatValue(f)
	}
	// Integral: value = stored × step + offset, exactly, in big integers.
	var q *big.Int
	switch {
	case p.Kind == compact.Uint && r.IntN(3) == 0:
		q = new(big.Int).SetUint64(r.Uint64() >> r.IntN(64))
	case p.Kind == compact.Uint:
		q = big.NewInt(int64(r.IntN(100000)))
	default:
		q = big.NewInt(int64(r.Uint64()) >> r.IntN(64))
	}
	v := new(big.Int).Mul(q, big.NewInt(int64(step)))
	v.Add(v, big.NewInt(int64(p.Offset)))
	stored := q
	if p.Kind == compact.Int {
		stored = modelZigzag(q)
	}
	var value compact.Value
	switch {
	case p.Kind == compact.Uint && v.Sign() >= 0 && v.Cmp(bigMaxUint64) <= 0:
		value = compact.UintValue(v.Uint64())
	case v.Cmp(bigMinInt64) >= 0 && v.Cmp(bigMaxInt64) <= 0:
		value = compact.IntValue(v.Int64())
	case v.Sign() > 0 && v.Cmp(bigMaxUint64) <= 0:
		value = compact.UintValue(v.Uint64())
	default:
		return compact.Absent, "", compact.Absent // out of 64 bits: no value
	}
	in = value
	if f, ok := value.Float64(); ok && r.IntN(3) == 0 {
		in = compact.FloatValue(f) // the same number, as a float
	}
	return in, modelVarint(stored), value
}

func modelString(r *rand.Rand) string {
	pool := []rune("ab!#P}~ \"\\\nyzé€😀𝄞中")
	n := 1 + r.IntN(8)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteRune(pool[r.IntN(len(pool))])
	}
	return b.String()
}

// modelEntity makes a random entity of one of table's types.
func modelEntity(r *rand.Rand, defs []compact.Definition, table *compact.Table) modelCase {
	d := defs[r.IntN(len(defs))]
	types := d.Types
	if d.Type != "" {
		types = []string{d.Type}
	}
	typ := types[r.IntN(len(types))]
	key, _ := table.Key(typ)
	var c modelCase
	c.e.Type = typ
	parts := []string{modelVarint(big.NewInt(int64(key)))}
	exact := true
	last := 0 // parts up to the last present value
	for _, p := range d.Properties {
		if r.IntN(3) == 0 {
			parts = append(parts, "!")
			continue
		}
		in, field, back := modelValue(r, p)
		if back.IsAbsent() {
			parts = append(parts, "!")
			continue
		}
		if field == "" {
			exact = false
		}
		parts = append(parts, field)
		last = len(parts)
		c.e.Fields = append(c.e.Fields, compact.Field{Name: p.Name, Value: in})
		c.back = append(c.back, compact.Field{Name: p.Name, Value: back})
	}
	if exact {
		c.want = strings.Join(parts[:max(last, 1)], "")
	}
	r.Shuffle(len(c.e.Fields), func(i, j int) { c.e.Fields[i], c.e.Fields[j] = c.e.Fields[j], c.e.Fields[i] })
	return c
}

// TestModelRoundTrip encodes random entities of random definitions and
// compares the strings with the model's, then decodes them and compares
// the values; the definitions go through LoadTable(Definitions()) as a
// save would carry them.
func TestModelRoundTrip(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		r := rand.New(rand.NewPCG(seed, 15))
		defs := modelDefs(r, 1+r.IntN(6))
		table, err := compact.NewTable(defs...)
		if err != nil {
			t.Fatalf("seed %d: NewTable: %v", seed, err)
		}
		saved, err := compact.LoadTable(table.Definitions())
		if err != nil {
			t.Fatalf("seed %d: LoadTable(Definitions()): %v", seed, err)
		}
		for i := 0; i < 200; i++ {
			c := modelEntity(r, defs, table)
			s, err := table.Encode(c.e)
			if err != nil {
				t.Fatalf("seed %d: Encode(%v): %v", seed, c.e, err)
			}
			if c.want != "" && s != c.want {
				t.Fatalf("seed %d: Encode(%v) = %q, model says %q", seed, c.e, s, c.want)
			}
			back, err := saved.Decode(s)
			if err != nil || back.Type != c.e.Type || !equalFields(back.Fields, c.back) {
				t.Fatalf("seed %d: Decode(%q) = %v, %v; want %v", seed, s, back, err, c.back)
			}
			if again, err := saved.Encode(back); err != nil || again != s {
				t.Fatalf("seed %d: Encode(Decode(%q)) = %q, %v", seed, s, again, err)
			}
		}
	}
}

// TestModelMisfits moves random values off their property's grid, below
// a uint's offset or out of 64 bits, where the model says nothing stored
// holds them, and expects ErrNoFit.
func TestModelMisfits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 6000; i++ {
		p := modelProperty(r, "p")
		if (p.Kind != compact.Int && p.Kind != compact.Uint) || !integral(p) {
			continue
		}
		table, err := compact.NewTable(compact.Definition{Type: "t", Properties: []compact.Property{p}})
		if err != nil {
			t.Fatal(err)
		}
		step := p.Step
		if step == 0 {
			step = 1
		}
		// value = offset + k·step + delta, with delta not a multiple of step
		// (or, for a uint, k < 0), or beyond what 64 stored bits reach.
		k := big.NewInt(int64(r.IntN(1000)) - 500)
		delta := big.NewInt(0)
		if step > 1 {
			delta = big.NewInt(1 + r.Int64N(int64(step)-1))
		} else if p.Kind == compact.Uint {
			k = big.NewInt(-1 - int64(r.IntN(10)))
		} else {
			continue
		}
		v := new(big.Int).Mul(k, big.NewInt(int64(step)))
		v.Add(v, big.NewInt(int64(p.Offset)))
		v.Add(v, delta)
		var val compact.Value
		switch {
		case v.IsInt64():
			val = compact.IntValue(v.Int64())
		case v.IsUint64():
			val = compact.UintValue(v.Uint64())
		default:
			continue
		}
		if _, err := table.Encode(compact.Entity{Type: "t", Fields: []compact.Field{{Name: "p", Value: val}}}); !errors.Is(err, compact.ErrNoFit) {
			t.Errorf("%+v: Encode(%v) error = %v, want ErrNoFit", p, val, err)
		}
	}
}
