package engine_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-engine/tessera/engine"
	"github.com/tessera-engine/tessera/world"
)

func newTestInput(t *testing.T) *engine.Input {
	t.Helper()
	in, err := engine.NewInput(engine.InputConfig{
		Actions: map[string][]string{
			"jump": {"Space", "GamepadA"}, "left": {"ArrowLeft", "A"}, "right": {"ArrowRight", "D"},
			"up": {"ArrowUp"}, "down": {"ArrowDown"},
		},
		Axes: map[string]engine.AxisConfig{"move": {Left: "left", Right: "right", Up: "up", Down: "down"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// buttons returns a down function for Input.Sample holding the named
// buttons.
func buttons(names ...string) func(engine.Button) bool {
	held := make(map[engine.Button]bool)
	for _, n := range names {
		b, ok := engine.LookupButton(n)
		if !ok {
			panic("no button " + n)
		}
		held[b] = true
	}
	return func(b engine.Button) bool { return held[b] }
}

// TestFixedViewLatchesEdges drives an Input through an Engine-like
// sequence: a sample per frame, then the frame's steps, and checks what a
// fixed-phase system sees at each step.
func TestFixedViewLatchesEdges(t *testing.T) {
	type frame struct {
		held  []string // buttons down in this frame's sample
		steps int
		// what each step sees: Pressed, JustPressed, JustReleased of jump
		want [][3]bool
	}
	tests := []struct {
		name   string
		frames []frame
	}{
		{"a press in a frame with no step waits for the next step", []frame{
			{[]string{"Space"}, 0, nil},
			{[]string{"Space"}, 1, [][3]bool{{true, true, false}}},
			{[]string{"Space"}, 1, [][3]bool{{true, false, false}}},
		}},
		{"a frame of several steps shows the press to the first only", []frame{
			{[]string{"Space"}, 3, [][3]bool{{true, true, false}, {true, false, false}, {true, false, false}}},
		}},
		{"a tap between two steps is seen once", []frame{
			{nil, 1, [][3]bool{{false, false, false}}},
			{[]string{"Space"}, 0, nil},
			{nil, 0, nil},
			{nil, 1, [][3]bool{{false, true, true}}},
			{nil, 1, [][3]bool{{false, false, false}}},
		}},
		{"release is latched too", []frame{
			{[]string{"GamepadA"}, 1, [][3]bool{{true, true, false}}},
			{nil, 0, nil},
			{nil, 2, [][3]bool{{false, false, true}, {false, false, false}}},
		}},
		{"two taps between two steps reach the next two steps", []frame{
			{nil, 1, [][3]bool{{false, false, false}}},
			{[]string{"Space"}, 0, nil},
			{nil, 0, nil},
			{[]string{"Space"}, 0, nil},
			{nil, 0, nil},
			{nil, 3, [][3]bool{{false, true, true}, {false, true, true}, {false, false, false}}},
		}},
		{"either button holds the action", []frame{
			{[]string{"Space"}, 1, [][3]bool{{true, true, false}}},
			{[]string{"Space", "GamepadA"}, 1, [][3]bool{{true, false, false}}},
			{[]string{"GamepadA"}, 1, [][3]bool{{true, false, false}}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := newTestInput(t)
			h := engine.ExportInputHarness(in)
			for i, f := range tt.frames {
				in.Sample(buttons(f.held...))
				for s := range f.steps {
					v := in.Fixed()
					got := [3]bool{v.Pressed("jump"), v.JustPressed("jump"), v.JustReleased("jump")}
					if got != f.want[s] {
						t.Errorf("frame %d step %d: pressed, just pressed, just released = %v, want %v", i, s, got, f.want[s])
					}
					h.EndStep()
				}
			}
		})
	}
}

func TestFrameViewEdges(t *testing.T) {
	in := newTestInput(t)
	v := in.Frame()
	samples := []struct {
		held []string
		want [3]bool
	}{
		{nil, [3]bool{false, false, false}},
		{[]string{"Space"}, [3]bool{true, true, false}},
		{[]string{"Space"}, [3]bool{true, false, false}},
		{nil, [3]bool{false, false, true}},
		{nil, [3]bool{false, false, false}},
	}
	for i, s := range samples {
		in.Sample(buttons(s.held...))
		got := [3]bool{v.Pressed("jump"), v.JustPressed("jump"), v.JustReleased("jump")}
		if got != s.want {
			t.Errorf("frame %d: pressed, just pressed, just released = %v, want %v", i, got, s.want)
		}
	}
}

func TestAxis(t *testing.T) {
	tests := []struct {
		held []string
		x, y float64
	}{
		{nil, 0, 0},
		{[]string{"ArrowLeft"}, -1, 0},
		{[]string{"D", "ArrowDown"}, 1, 1},
		{[]string{"A", "D", "ArrowUp"}, 0, -1},
	}
	in := newTestInput(t)
	for _, tt := range tests {
		in.Sample(buttons(tt.held...))
		for _, v := range []*engine.Actions{in.Fixed(), in.Frame()} {
			if x, y := v.Axis("move"); x != tt.x || y != tt.y {
				t.Errorf("holding %q: Axis(move) = %v, %v; want %v, %v", tt.held, x, y, tt.x, tt.y)
			}
		}
	}
}

func TestHold(t *testing.T) {
	in := newTestInput(t)
	if err := in.Hold("jump", true); err != nil {
		t.Fatal(err)
	}
	in.Sample(nil)
	if !in.Fixed().JustPressed("jump") || !in.Frame().Pressed("jump") {
		t.Error("a held action is not pressed after Sample")
	}
	if err := in.Hold("fly", true); !errors.Is(err, engine.ErrUnknownAction) {
		t.Errorf("Hold(fly) = %v, want ErrUnknownAction", err)
	}
}

func TestUnknownActionPanics(t *testing.T) {
	in := newTestInput(t)
	defer func() {
		err, ok := recover().(error)
		if !ok || !errors.Is(err, engine.ErrUnknownAction) {
			t.Errorf("Pressed(jmup) panicked with %v, want an error wrapping ErrUnknownAction", err)
		}
	}()
	in.Fixed().Pressed("jmup")
}

func TestNilActions(t *testing.T) {
	var v *engine.Actions
	x, y := v.Axis("move")
	if v.Pressed("jump") || v.JustPressed("jump") || v.JustReleased("jump") || x != 0 || y != 0 {
		t.Error("a nil *Actions answered true or non-zero")
	}
	if got := engine.InputOf(&world.Context{World: world.New()}); got != nil {
		t.Errorf("InputOf(a world no engine runs) = %v, want nil", got)
	}
}

func TestNewInputErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  engine.InputConfig
		want error
	}{
		{"unknown button", engine.InputConfig{Actions: map[string][]string{"jump": {"Spacebar"}}}, engine.ErrUnknownButton},
		{"axis of an unknown action", engine.InputConfig{
			Actions: map[string][]string{"l": {"A"}},
			Axes:    map[string]engine.AxisConfig{"move": {"l", "r", "l", "l"}}}, engine.ErrUnknownAction},
		{"upper-case name", engine.InputConfig{Actions: map[string][]string{"Jump": {"Space"}}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := engine.NewInput(tt.cfg)
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
				t.Errorf("NewInput = %v, want an error wrapping %v", err, tt.want)
			}
		})
	}
}

func TestButtons(t *testing.T) {
	for _, tt := range []struct {
		name string
		kind engine.ButtonKind
	}{{"Space", engine.Keyboard}, {"space", engine.Keyboard}, {"MouseLeft", engine.Mouse}, {"GamepadA", engine.Gamepad}, {"Pause", engine.Keyboard}} {
		b, ok := engine.LookupButton(tt.name)
		if !ok || b.Kind() != tt.kind {
			t.Errorf("LookupButton(%q) = %v (kind %v), %v; want kind %v", tt.name, b, b.Kind(), ok, tt.kind)
		}
	}
	seen := make(map[string]bool)
	for b := range engine.Buttons() {
		if seen[b.String()] {
			t.Errorf("button name %q twice", b)
		}
		seen[b.String()] = true
		if got, ok := engine.LookupButton(b.String()); !ok || got != b {
			t.Errorf("LookupButton(%q) = %v, %v; want %v", b, got, ok, b)
		}
	}
	// Case is ASCII's: letters whose lower case Go gives as an ASCII
	// one (the dotted İ, the Kelvin sign) name no button.
	for _, name := range []string{"", "İ", "\u212a", "Space\u00a0"} {
		if b, ok := engine.LookupButton(name); ok {
			t.Errorf("LookupButton(%q) = %v, want no button", name, b)
		}
	}
}

// TestErrorsSayEngineOnce: wrapped sentinels keep errors.Is and say
// "engine:" once.
func TestErrorsSayEngineOnce(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.Input.Actions = map[string][]string{"jump": {"Space"}}
	in, err := engine.NewInput(cfg.Input)
	if err != nil {
		t.Fatal(err)
	}
	err = in.Hold("fly", true)
	if !errors.Is(err, engine.ErrUnknownAction) || strings.Count(err.Error(), "engine:") != 1 {
		t.Errorf("Hold(fly) = %q", err)
	}
}

// sticks returns an amount function for Input.SampleAnalog: the named
// buttons at the given amounts, every other at 0.
func sticks(amounts map[string]float64) func(engine.Button) float64 {
	by := make(map[engine.Button]float64)
	for n, v := range amounts {
		b, ok := engine.LookupButton(n)
		if !ok {
			panic("no button " + n)
		}
		by[b] = v
	}
	return func(b engine.Button) float64 { return by[b] }
}

func TestSampleAnalog(t *testing.T) {
	in, err := engine.NewInput(engine.InputConfig{
		Actions: map[string][]string{
			"left": {"ArrowLeft", "GamepadLStickLeft"}, "right": {"ArrowRight", "GamepadLStickRight"},
			"up": {"GamepadLStickUp"}, "down": {"GamepadLStickDown"},
		},
		Axes:     map[string]engine.AxisConfig{"move": {Left: "left", Right: "right", Up: "up", Down: "down"}},
		DeadZone: 0.2,
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		amounts     map[string]float64
		right       float64 // Value("right")
		rightDown   bool
		x, y        float64 // Axis("move")
		rightEdge   bool    // JustPressed("right") in the frame view
		releaseEdge bool    // JustReleased("right") in the frame view
	}{
		{"at rest", nil, 0, false, 0, 0, false, false},
		{"inside the dead zone", map[string]float64{"GamepadLStickRight": 0.15, "GamepadLStickUp": 0.2}, 0, false, 0, 0, false, false},
		{"a light push", map[string]float64{"GamepadLStickRight": 0.4}, 0.25, false, 0.25, 0, false, false},
		{"past half way", map[string]float64{"GamepadLStickRight": 0.7, "GamepadLStickDown": 1}, 0.625, true, 0.625, 1, true, false},
		{"a full push", map[string]float64{"GamepadLStickRight": 1, "GamepadLStickUp": 0.84}, 1, true, 1, -0.8, false, false},
		{"the key beats a light push", map[string]float64{"ArrowRight": 1, "GamepadLStickRight": 0.3}, 1, true, 1, 0, false, false},
		{"both ways", map[string]float64{"ArrowLeft": 1, "GamepadLStickRight": 0.7}, 0.625, true, -0.375, 0, false, false},
		{"let go", nil, 0, false, 0, 0, false, true},
	}
	for _, tt := range tests {
		in.SampleAnalog(sticks(tt.amounts))
		f := in.Frame()
		x, y := f.Axis("move")
		if got := f.Value("right"); !near(got, tt.right) || f.Pressed("right") != tt.rightDown {
			t.Errorf("%s: right = %v, down %v; want %v, %v", tt.name, got, f.Pressed("right"), tt.right, tt.rightDown)
		}
		if !near(x, tt.x) || !near(y, tt.y) {
			t.Errorf("%s: Axis(move) = %v, %v; want %v, %v", tt.name, x, y, tt.x, tt.y)
		}
		if f.JustPressed("right") != tt.rightEdge || f.JustReleased("right") != tt.releaseEdge {
			t.Errorf("%s: right just pressed %v, released %v; want %v, %v", tt.name, f.JustPressed("right"), f.JustReleased("right"), tt.rightEdge, tt.releaseEdge)
		}
		if fx, fy := in.Fixed().Axis("move"); fx != x || fy != y {
			t.Errorf("%s: fixed view's axis %v, %v differs from the frame view's %v, %v", tt.name, fx, fy, x, y)
		}
	}

	// Sample reads sticks as held or not; Hold holds fully.
	in.Sample(buttons("GamepadLStickLeft"))
	if x, _ := in.Frame().Axis("move"); x != -1 {
		t.Errorf("Sample with the stick held: x = %v, want -1", x)
	}
	if err := in.Hold("right", true); err != nil {
		t.Fatal(err)
	}
	in.SampleAnalog(sticks(nil))
	if v := in.Frame().Value("right"); v != 1 {
		t.Errorf("held right: Value = %v, want 1", v)
	}
	rest := sticks(nil)
	if n := testing.AllocsPerRun(100, func() { in.SampleAnalog(rest) }); n != 0 {
		t.Errorf("SampleAnalog allocates %v times, want 0", n)
	}
}

func TestAnalogButtons(t *testing.T) {
	analog := 0
	for b := range engine.Buttons() {
		if b.Analog() {
			analog++
			if b.Kind() != engine.Gamepad || !strings.Contains(b.String(), "Stick") {
				t.Errorf("%v is analog, but not a gamepad stick direction", b)
			}
		}
	}
	if analog != 8 {
		t.Errorf("%d analog buttons, want 8: two sticks, four directions each", analog)
	}
	if b, ok := engine.LookupButton("gamepadlstickleft"); !ok || !b.Analog() {
		t.Errorf("LookupButton(gamepadlstickleft) = %v, %v; want an analog button", b, ok)
	}
}

func TestDeadZoneConfig(t *testing.T) {
	cfg, err := engine.LoadConfig(engine.LoadOptions{Args: []string{"-input.dead_zone", "0.3"}})
	if err != nil || cfg.Input.DeadZone != 0.3 {
		t.Errorf("LoadConfig(-input.dead_zone 0.3) = %v, %v; want 0.3", cfg.Input.DeadZone, err)
	}
	if cfg, err := engine.LoadConfig(engine.LoadOptions{}); err != nil || cfg.Input.DeadZone != engine.DefaultDeadZone {
		t.Errorf("LoadConfig() dead zone = %v, %v; want the default %v", cfg.Input.DeadZone, err, engine.DefaultDeadZone)
	}
	_, err = engine.LoadConfig(engine.LoadOptions{Args: []string{"-input.dead_zone", "1"}})
	if !errors.Is(err, engine.ErrOutOfRange) || !strings.Contains(err.Error(), "input.dead_zone") {
		t.Errorf("LoadConfig(-input.dead_zone 1) = %v, want an out-of-range error naming the key", err)
	}
	// The engine's input uses it: a push of 0.5 is 0.375 past a 0.2 dead
	// zone and 0 past a 0.6 one.
	for _, tt := range []struct{ zone, want float64 }{{0, 0.375}, {0.2, 0.375}, {0.6, 0}} {
		in, err := engine.NewInput(engine.InputConfig{Actions: map[string][]string{"go": {"GamepadRStickUp"}}, DeadZone: tt.zone})
		if err != nil {
			t.Fatal(err)
		}
		in.SampleAnalog(sticks(map[string]float64{"GamepadRStickUp": 0.5}))
		if got := in.Frame().Value("go"); !near(got, tt.want) {
			t.Errorf("dead zone %v: a push of 0.5 reads %v, want %v", tt.zone, got, tt.want)
		}
	}
}

func TestHoldValue(t *testing.T) {
	in := newTestInput(t)
	for _, tt := range []struct {
		amount, want float64
		down         bool
	}{{0.3, 0.3, false}, {0.75, 0.75, true}, {2, 1, true}, {-1, 0, false}} {
		if err := in.HoldValue("right", tt.amount); err != nil {
			t.Fatal(err)
		}
		in.Sample(nil)
		got, down := in.Frame().Value("right"), in.Frame().Pressed("right")
		if x, _ := in.Frame().Axis("move"); got != tt.want || down != tt.down || x != tt.want {
			t.Errorf("HoldValue(right, %v): Value %v, down %v, axis x %v; want %v, %v, %v", tt.amount, got, down, x, tt.want, tt.down, tt.want)
		}
	}
	// A button beats a lighter hold.
	if err := in.HoldValue("right", 0.3); err != nil {
		t.Fatal(err)
	}
	in.Sample(buttons("D"))
	if got := in.Frame().Value("right"); got != 1 {
		t.Errorf("held at 0.3 with D down: Value %v, want 1", got)
	}
	if err := in.HoldValue("nope", 1); !errors.Is(err, engine.ErrUnknownAction) {
		t.Errorf("HoldValue(nope) = %v, want ErrUnknownAction", err)
	}
}

// TestScriptedValue: a headless script holds an action at an amount.
func TestScriptedValue(t *testing.T) {
	s := &quietScene{}
	var got []float64
	s.systems = []world.System{{Name: "read", Phase: world.Fixed, Run: func(ctx *world.Context) error {
		x, _ := engine.InputOf(ctx).Axis("move")
		got = append(got, x)
		return nil
	}}}
	cfg := engine.Config{Input: engine.InputConfig{
		Actions: map[string][]string{"l": {"A"}, "r": {"GamepadLStickRight"}, "u": {"W"}, "d": {"S"}},
		Axes:    map[string]engine.AxisConfig{"move": {Left: "l", Right: "r", Up: "u", Down: "d"}},
	}}
	h, err := engine.NewHeadless(cfg, engine.Game{First: s}, engine.HeadlessOptions{Script: []engine.ScriptedInput{
		{Step: 1, Action: "r", Down: true, Value: 0.4},
		{Step: 2, Action: "r", Down: true},
		{Step: 3, Action: "r", Down: false},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.RunSteps(4); err != nil {
		t.Fatal(err)
	}
	if want := []float64{0, 0.4, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("axis x by step = %v, want %v", got, want)
	}
}

// TestStandardInput: the standard bindings load, through LoadConfig as a
// game's defaults, and a file or the environment rebinds them.
func TestStandardInput(t *testing.T) {
	if _, err := engine.NewInput(engine.StandardInput()); err != nil {
		t.Fatalf("NewInput(StandardInput()) = %v", err)
	}
	a, b := engine.StandardInput(), engine.StandardInput()
	a.Actions["jump"] = []string{"Space"}
	if _, ok := b.Actions["jump"]; ok {
		t.Error("two StandardInput calls share their maps")
	}
	t.Setenv("TESSERA_INPUT_ACTIONS_CONFIRM", "Z")
	cfg, err := engine.LoadConfig(engine.LoadOptions{Defaults: engine.Config{Input: engine.StandardInput()}})
	if err != nil {
		t.Fatal(err)
	}
	in, err := engine.NewInput(cfg.Input)
	if err != nil {
		t.Fatal(err)
	}
	in.Sample(buttons("D", "ArrowUp", "Z"))
	if x, y := in.Frame().Axis("move"); x != 1 || y != -1 {
		t.Errorf("D and ArrowUp: move = %v, %v; want 1, -1", x, y)
	}
	if !in.Frame().Pressed("confirm") {
		t.Error("confirm rebound to Z by the environment is not pressed by Z")
	}
}

func TestDeadZoneEdges(t *testing.T) {
	for _, zone := range []float64{-0.1, 1, 1.5} {
		if _, err := engine.NewInput(engine.InputConfig{DeadZone: zone}); err == nil {
			t.Errorf("NewInput with dead zone %v succeeded, want an error", zone)
		}
	}
	in, err := engine.NewInput(engine.InputConfig{Actions: map[string][]string{"go": {"GamepadLStickRight"}}, DeadZone: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	in.SampleAnalog(sticks(map[string]float64{"GamepadLStickRight": 0.6})) // half way past the dead zone
	if !in.Frame().Pressed("go") {
		t.Errorf("a push half way past the dead zone (value %v) is not down", in.Frame().Value("go"))
	}
}

func TestHoldValueNaN(t *testing.T) {
	in, err := engine.NewInput(engine.StandardInput())
	if err != nil {
		t.Fatal(err)
	}
	in.HoldValue("right", math.NaN())
	in.Sample(nil)
	x, y := in.Fixed().Axis("move")
	if !(x >= -1 && x <= 1) {
		t.Errorf("HoldValue(NaN) (documented as clamped to [0, 1]): Value = %v, Axis = (%v, %v)", in.Fixed().Value("right"), x, y)
	}
	in.HoldValue("right", 0)
	in.SampleAnalog(func(b engine.Button) float64 {
		if b.String() == "GamepadLStickRight" {
			return math.NaN()
		}
		return 0
	})
	x, _ = in.Fixed().Axis("move")
	if x != 0 {
		t.Errorf("SampleAnalog with a NaN stick: Axis x = %v, want 0", x)
	}
}
