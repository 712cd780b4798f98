package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tessera-engine/tessera/world"
)

// Input turns button states into named actions ("jump", "fire") and 2D
// axes ("move"), as [InputConfig] maps them. The runtime samples it once
// per frame; systems read it through [InputOf].
//
// Systems of the two phases get two views of it. The frame view
// ([Input.Frame]) sees edges (just pressed, just released) for one frame.
// The fixed view ([Input.Fixed]) latches each edge until a fixed step
// consumes it: a press seen in a frame that runs no step is still there for
// the next frame's first step, and a frame that runs several steps shows it
// to the first only. So a fixed-phase system never misses a press nor
// counts it twice, whatever the display's refresh rate. A press and release
// between two steps reach the step as JustPressed and JustReleased with
// Pressed false.
//
// An Input is not safe for concurrent use: sample and read it on the
// loop's goroutine.
type Input struct {
	deadZone  float64
	actions   []action
	index     map[string]int
	axes      []axis
	axisIndex map[string]int
	buttons   []Button // every bound button, once
	fixed     Actions
	frame     Actions
}

type action struct {
	name    string
	buttons []Button
	held    float64 // set by Hold and HoldValue
	value   float64 // how far down, from 0 to 1: 1 for a button, a stick's push past the dead zone
	down    bool
	// edges since the last sample, for the frame view
	pressed, released bool
	// edges not yet seen by a fixed step, for the fixed view: each step
	// consumes one press and one release, so two presses between two
	// steps reach two steps instead of merging into one
	latchPressed, latchReleased int
	// stepDown is whether the last fixed step saw the action down: a
	// release made while paused is owed to the steps after Resume only
	// if they saw the press.
	stepDown bool
}

type axis struct {
	name                  string
	left, right, up, down int // action indices
}

// NewInput returns an Input with cfg's actions and axes, all released.
// It returns an error naming the action or axis for a name that is empty
// or not lower case (configuration keys are lower-cased), an unknown button
// or an axis naming an unknown action. Its cost is linear in the number of
// bindings, after sorting the names.
func NewInput(cfg InputConfig) (*Input, error) {
	in := &Input{index: make(map[string]int, len(cfg.Actions)), axisIndex: make(map[string]int, len(cfg.Axes)), deadZone: cfg.DeadZone}
	if in.deadZone == 0 {
		in.deadZone = DefaultDeadZone
	}
	if !(in.deadZone > 0 && in.deadZone < 1) {
		return nil, fmt.Errorf("engine: input dead zone %v is not between 0 and 1", cfg.DeadZone)
	}
	in.fixed = Actions{in: in, fixed: true}
	in.frame = Actions{in: in}
	if err := in.addActions(cfg.Actions); err != nil {
		return nil, err
	}
	if err := in.addAxes(cfg.Axes); err != nil {
		return nil, err
	}
	return in, nil
}

// addActions adds the actions, in name order: O(actions + bindings).
func (in *Input) addActions(actions map[string][]string) error {
	in.actions = make([]action, 0, len(actions))
	bound := make([]bool, len(buttonNames)) // by Button: in in.buttons
	for _, name := range slices.Sorted(maps.Keys(actions)) {
		if err := checkName("action", name); err != nil {
			return err
		}
		a := action{name: name, buttons: make([]Button, 0, len(actions[name]))}
		for _, bn := range actions[name] {
			b, ok := LookupButton(bn)
			if !ok {
				return wrap(fmt.Sprintf("engine: input action %s: ", quoteShort(name)), ErrUnknownButton, " "+quoteShort(bn))
			}
			a.buttons = append(a.buttons, b)
			if !bound[b] {
				bound[b] = true
				in.buttons = append(in.buttons, b)
			}
		}
		in.index[name] = len(in.actions)
		in.actions = append(in.actions, a)
	}
	return nil
}

// addAxes adds the axes, in name order, each of four actions addActions
// added.
func (in *Input) addAxes(axes map[string]AxisConfig) error {
	for _, name := range slices.Sorted(maps.Keys(axes)) {
		if err := checkName("axis", name); err != nil {
			return err
		}
		c := axes[name]
		ax := axis{name: name}
		for _, f := range []struct {
			dir  string
			name string
			to   *int
		}{{"left", c.Left, &ax.left}, {"right", c.Right, &ax.right}, {"up", c.Up, &ax.up}, {"down", c.Down, &ax.down}} {
			i, ok := in.index[f.name]
			if !ok {
				return wrap(fmt.Sprintf("engine: input axis %s: %s is ", quoteShort(name), f.dir), ErrUnknownAction, " "+quoteShort(f.name))
			}
			*f.to = i
		}
		in.axisIndex[name] = len(in.axes)
		in.axes = append(in.axes, ax)
	}
	return nil
}

// StandardInput returns the bindings most games start from:
//
//   - left, right, up and down on the arrows, WASD, the D-pad and the left
//     stick (analog), and the axis move made of them;
//   - confirm on Enter, Space and GamepadA; cancel on Escape, Backspace
//     and GamepadB.
//
// A game passes it as the Input of [LoadOptions.Defaults], adding actions
// of its own to the maps (each call returns new ones), and players rebind
// any of them in the config file as usual.
func StandardInput() InputConfig {
	return InputConfig{
		Actions: map[string][]string{
			"left":    {"ArrowLeft", "A", "GamepadLeft", "GamepadLStickLeft"},
			"right":   {"ArrowRight", "D", "GamepadRight", "GamepadLStickRight"},
			"up":      {"ArrowUp", "W", "GamepadUp", "GamepadLStickUp"},
			"down":    {"ArrowDown", "S", "GamepadDown", "GamepadLStickDown"},
			"confirm": {"Enter", "Space", "GamepadA"},
			"cancel":  {"Escape", "Backspace", "GamepadB"},
		},
		Axes: map[string]AxisConfig{"move": {Left: "left", Right: "right", Up: "up", Down: "down"}},
	}
}

func checkName(what, name string) error {
	if name == "" || name != strings.ToLower(name) {
		return fmt.Errorf("engine: input %s %s: names must be non-empty and lower case (configuration keys are lower-cased)", what, quoteShort(name))
	}
	return nil
}

// Buttons returns every button some action is bound to, each once. The
// slice belongs to the Input: do not modify it.
func (in *Input) Buttons() []Button { return in.buttons }

// Hold holds action down (or lets it go) whatever its buttons do, from the
// next [Input.Sample] on. Scripted input, on-screen buttons and tests use
// it. It returns an error wrapping [ErrUnknownAction] for an unknown name.
func (in *Input) Hold(action string, down bool) error {
	return in.hold("Hold", action, b2f(down))
}

// HoldValue is [Input.Hold] for an amount from 0 to 1 (clamped; NaN is 0), as a
// stick pushed that far would give: an on-screen stick, or a test of
// analog input. The action's value is at least amount whatever its
// buttons do, and it is down from 0.5 on; 0 lets it go.
func (in *Input) HoldValue(action string, amount float64) error {
	return in.hold("HoldValue", action, clamp01(amount))
}

// clamp01 returns x within [0, 1], and 0 for NaN (which min and max pass
// through).
func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	return min(x, 1)
}

func (in *Input) hold(op, action string, v float64) error {
	i, ok := in.index[action]
	if !ok {
		return wrap(fmt.Sprintf("engine: %s(%q): ", op, action), ErrUnknownAction, "")
	}
	in.actions[i].held = v
	return nil
}

// Sample reads the buttons through down, which reports whether a button is
// held, and updates every action: an action is down when one of its
// buttons is, or it is held by [Input.Hold] (or [Input.HoldValue] from
// 0.5 on; its value is then what is held). A stick direction
// ([Button.Analog]) counts as held when down says so. The runtime of a
// window calls [Input.SampleAnalog] instead; tests and scripted input use
// this. down may be nil when only Hold drives the input. It allocates
// nothing.
func (in *Input) Sample(down func(Button) bool) {
	for i := range in.actions {
		a := &in.actions[i]
		v := a.held
		if down != nil {
			for _, b := range a.buttons {
				if v == 1 {
					break
				}
				if down(b) {
					v = 1
				}
			}
		}
		a.set(v)
	}
}

// SampleAnalog is [Input.Sample] for a runtime that reads sticks: amount
// reports how far each button is down, from 0 to 1 (0 or 1 for a button
// that is not analog). A stick direction's amount is rescaled past the
// input's dead zone (input.dead_zone), so a resting stick reads 0 and a
// full push 1. An action's [Actions.Value] is the largest amount of its
// buttons and of what [Input.Hold] or [Input.HoldValue] holds, and the
// action is down from 0.5 on. It allocates nothing.
func (in *Input) SampleAnalog(amount func(Button) float64) {
	for i := range in.actions {
		a := &in.actions[i]
		v := a.held
		for _, b := range a.buttons {
			if v == 1 {
				break
			}
			x := amount(b)
			if b.Analog() {
				x = (x - in.deadZone) / (1 - in.deadZone)
			}
			v = max(v, clamp01(x))
		}
		a.set(v)
	}
}

// pressAt is the value from which an action is down, less a hair so that
// a push rescaled past the dead zone to exactly half way (0.6 past 0.2,
// which floating point makes 0.4999…) counts.
const pressAt = 0.5 - 1e-9

// set records the action's value for this sample, and the edges it makes.
func (a *action) set(v float64) {
	now := v >= pressAt
	a.value = v
	a.pressed = now && !a.down
	a.released = !now && a.down
	if a.pressed {
		a.latchPressed++
	}
	if a.released {
		a.latchReleased++
	}
	a.down = now
}

// clearEdges ends the frame view's presses and releases without a new
// sample, for a frame that reads no input (the headless runner's
// continuation of a frame cut short).
func (in *Input) clearEdges() {
	for i := range in.actions {
		in.actions[i].pressed, in.actions[i].released = false, false
	}
}

// dropLatched forgets the presses no fixed step has seen, and the
// releases but one owed to the steps: the engine calls it after a frame of
// a paused loop, so that what the player pressed in a pause menu does not
// reach the game when it resumes, while a key held into the pause and let
// go during it still reaches the game as a release (a charged jump fires).
func (in *Input) dropLatched() {
	for i := range in.actions {
		a := &in.actions[i]
		a.latchPressed, a.latchReleased = 0, 0
		if a.stepDown && !a.down {
			a.latchReleased = 1
		}
	}
}

// endStep consumes one latched press and one latched release of each
// action: the step that just ran has seen them.
func (in *Input) endStep() {
	for i := range in.actions {
		a := &in.actions[i]
		a.latchPressed = max(a.latchPressed-1, 0)
		a.latchReleased = max(a.latchReleased-1, 0)
		a.stepDown = a.down
	}
}

// Fixed returns the view of the input for fixed-phase systems.
func (in *Input) Fixed() *Actions { return &in.fixed }

// Frame returns the view of the input for frame-phase systems.
func (in *Input) Frame() *Actions { return &in.frame }

// Actions is a view of an [Input] for one phase; see [Input] for how the
// fixed and frame views differ. A nil *Actions, which [InputOf] returns
// for a world no engine runs, answers false and 0 to everything.
//
// Each method looks the name up in a map: O(1), no allocation. They panic
// for a name the input does not define, as a misspelt name is a bug.
type Actions struct {
	in    *Input
	fixed bool
}

func (a *Actions) action(name string) *action {
	i, ok := a.in.index[name]
	if !ok {
		panic(wrap("engine: ", ErrUnknownAction, fmt.Sprintf(" %q (have %s)", name, strings.Join(slices.Sorted(maps.Keys(a.in.index)), ", "))))
	}
	return &a.in.actions[i]
}

// Pressed reports whether action is down. Panics if there is no such
// action.
func (a *Actions) Pressed(action string) bool {
	return a != nil && a.action(action).down
}

// JustPressed reports whether action went down since the last frame (frame
// view) or since the last fixed step (fixed view). Panics if there is no
// such action.
func (a *Actions) JustPressed(action string) bool {
	if a == nil {
		return false
	}
	act := a.action(action)
	if a.fixed {
		return act.latchPressed > 0
	}
	return act.pressed
}

// JustReleased reports whether action went up since the last frame (frame
// view) or since the last fixed step (fixed view). Panics if there is no
// such action.
func (a *Actions) JustReleased(action string) bool {
	if a == nil {
		return false
	}
	act := a.action(action)
	if a.fixed {
		return act.latchReleased > 0
	}
	return act.released
}

// Value returns how far action is down, from 0 to 1: 1 or 0 for buttons,
// the push of a stick direction past the dead zone (see
// [Input.SampleAnalog]). Both views read the latest sample. Panics if
// there is no such action.
func (a *Actions) Value(action string) float64 {
	if a == nil {
		return 0
	}
	return a.action(action).value
}

// Axis returns the 2D axis called name from its four actions' values
// ([Actions.Value]): x is right's minus left's, y is down's minus up's (up
// is -1, as screen y grows downwards). With buttons, x is -1 when left is
// down, 1 when right is, 0 for neither or both; with a stick bound to the
// actions, the stick's push. Diagonals are not normalized: two buttons
// make (1, 1). Panics if there is no such axis.
func (a *Actions) Axis(name string) (x, y float64) {
	if a == nil {
		return 0, 0
	}
	i, ok := a.in.axisIndex[name]
	if !ok {
		panic(fmt.Errorf("engine: unknown input axis %q", name))
	}
	ax := &a.in.axes[i]
	acts := a.in.actions
	return acts[ax.right].value - acts[ax.left].value, acts[ax.down].value - acts[ax.up].value
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// inputResource is how a scene's world holds its engine's input, for
// [InputOf]. The engine sets it on a scene's world when the scene becomes
// the current one; leaving a scene clears its world, resources included.
var inputResource = world.DefineResource[Input]("engine.Input")

// InputResource is the world resource through which [InputOf] reads the
// engine's input, for a system that declares its access: a system that
// calls InputOf lists it in [world.System.ReadsResources] (the
// tesseradebug build panics otherwise, naming the system and
// "engine.Input"). Systems that only read input never conflict over it,
// so they may run at once. It is a handle for declarations only: the
// engine alone sets the input, when a scene becomes the current one.
var InputResource world.ResourceType = inputResource

// InputOf returns the input view for the system run ctx describes: the
// fixed view in the fixed phase, the frame view in the frame phase. It
// returns nil, whose methods answer false, for a world no engine runs, as
// in a unit test of a system. O(1), no allocation. A system that declares
// its access declares [InputResource] among the resources it reads.
func InputOf(ctx *world.Context) *Actions {
	in, ok := inputResource.Lookup(ctx.World)
	if !ok {
		return nil
	}
	if ctx.Phase == world.Fixed {
		return &in.fixed
	}
	return &in.frame
}
