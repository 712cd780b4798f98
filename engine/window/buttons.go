package window

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tessera-engine/tessera/engine"
)

// device is where one engine.Button is read.
type device struct {
	kind  engine.ButtonKind
	key   ebiten.Key
	mouse ebiten.MouseButton
	pad   ebiten.StandardGamepadButton
	// a stick direction: the axis, and -1 or 1 for the direction along it
	stick  ebiten.StandardGamepadAxis
	sign   float64
	analog bool
	ok     bool
}

// stickAxes are the stick directions: the axis each reads, and which way.
var stickAxes = map[string]struct {
	axis ebiten.StandardGamepadAxis
	sign float64
}{
	"GamepadLStickLeft": {ebiten.StandardGamepadAxisLeftStickHorizontal, -1}, "GamepadLStickRight": {ebiten.StandardGamepadAxisLeftStickHorizontal, 1},
	"GamepadLStickUp": {ebiten.StandardGamepadAxisLeftStickVertical, -1}, "GamepadLStickDown": {ebiten.StandardGamepadAxisLeftStickVertical, 1},
	"GamepadRStickLeft": {ebiten.StandardGamepadAxisRightStickHorizontal, -1}, "GamepadRStickRight": {ebiten.StandardGamepadAxisRightStickHorizontal, 1},
	"GamepadRStickUp": {ebiten.StandardGamepadAxisRightStickVertical, -1}, "GamepadRStickDown": {ebiten.StandardGamepadAxisRightStickVertical, 1},
}

var mouseButtons = map[string]ebiten.MouseButton{
	"MouseLeft": ebiten.MouseButtonLeft, "MouseRight": ebiten.MouseButtonRight, "MouseMiddle": ebiten.MouseButtonMiddle,
	"MouseBack": ebiten.MouseButton3, "MouseForward": ebiten.MouseButton4,
}

var padButtons = map[string]ebiten.StandardGamepadButton{
	"GamepadA": ebiten.StandardGamepadButtonRightBottom, "GamepadB": ebiten.StandardGamepadButtonRightRight,
	"GamepadX": ebiten.StandardGamepadButtonRightLeft, "GamepadY": ebiten.StandardGamepadButtonRightTop,
	"GamepadLB": ebiten.StandardGamepadButtonFrontTopLeft, "GamepadRB": ebiten.StandardGamepadButtonFrontTopRight,
	"GamepadLT": ebiten.StandardGamepadButtonFrontBottomLeft, "GamepadRT": ebiten.StandardGamepadButtonFrontBottomRight,
	"GamepadBack": ebiten.StandardGamepadButtonCenterLeft, "GamepadStart": ebiten.StandardGamepadButtonCenterRight,
	"GamepadHome": ebiten.StandardGamepadButtonCenterCenter,
	"GamepadLS":   ebiten.StandardGamepadButtonLeftStick, "GamepadRS": ebiten.StandardGamepadButtonRightStick,
	"GamepadUp": ebiten.StandardGamepadButtonLeftTop, "GamepadDown": ebiten.StandardGamepadButtonLeftBottom,
	"GamepadLeft": ebiten.StandardGamepadButtonLeftLeft, "GamepadRight": ebiten.StandardGamepadButtonLeftRight,
}

// deviceOf returns where b is read on ebitengine; ok is false for a button
// ebitengine does not know.
func deviceOf(b engine.Button) device {
	d := device{kind: b.Kind()}
	name := b.String()
	switch d.kind {
	case engine.Keyboard:
		d.ok = d.key.UnmarshalText([]byte(name)) == nil
	case engine.Mouse:
		d.mouse, d.ok = mouseButtons[name]
	case engine.Gamepad:
		if st, ok := stickAxes[name]; ok {
			d.stick, d.sign, d.analog, d.ok = st.axis, st.sign, true, true
			break
		}
		d.pad, d.ok = padButtons[name]
	}
	return d
}

// buttons reads engine buttons from ebitengine's input state.
type buttons struct {
	devices  []device // by engine.Button
	gamepads []ebiten.GamepadID
}

func newButtons() *buttons {
	bs := &buttons{}
	for b := range engine.Buttons() {
		for int(b) >= len(bs.devices) {
			bs.devices = append(bs.devices, device{})
		}
		bs.devices[b] = deviceOf(b)
	}
	return bs
}

// poll refreshes the list of connected gamepads; call it once per frame.
func (bs *buttons) poll() { bs.gamepads = ebiten.AppendGamepadIDs(bs.gamepads[:0]) }

// down reports whether b is held: for a gamepad button, on any connected
// gamepad with the standard layout.
func (bs *buttons) down(b engine.Button) bool {
	if int(b) >= len(bs.devices) || !bs.devices[b].ok {
		return false
	}
	d := &bs.devices[b]
	switch d.kind {
	case engine.Keyboard:
		return ebiten.IsKeyPressed(d.key)
	case engine.Mouse:
		return ebiten.IsMouseButtonPressed(d.mouse)
	case engine.Gamepad:
		if d.analog {
			return bs.push(d) >= 0.5
		}
		for _, id := range bs.gamepads {
			if ebiten.IsStandardGamepadLayoutAvailable(id) && ebiten.IsStandardGamepadButtonPressed(id, d.pad) {
				return true
			}
		}
	}
	return false
}

// push returns how far a stick direction is pushed, from 0 to 1: the most
// of any connected gamepad with the standard layout.
func (bs *buttons) push(d *device) float64 {
	v := 0.0
	for _, id := range bs.gamepads {
		if ebiten.IsStandardGamepadLayoutAvailable(id) {
			v = max(v, d.sign*ebiten.StandardGamepadAxisValue(id, d.stick))
		}
	}
	return min(v, 1)
}
