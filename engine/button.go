package engine

import (
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"
)

// Button is a key, a mouse button or a gamepad button, named as in
// configuration files: "Space", "A", "ArrowLeft", "MouseLeft", "GamepadA".
// Key names are ebitengine's ([ebiten.Key] String values); gamepad buttons
// follow the standard layout, with Xbox names. The zero Button is no button.
//
// [ebiten.Key]: https://pkg.go.dev/github.com/hajimehoshi/ebiten/v2#Key
type Button uint16

// ButtonKind says which device a [Button] is on.
type ButtonKind uint8

const (
	Keyboard ButtonKind = iota + 1 // a keyboard key
	Mouse                          // a mouse button
	Gamepad                        // a button of any connected gamepad
)

// keyNames are the keyboard keys, named as ebitengine names them.
var keyNames = []string{
	"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M",
	"N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z",
	"Digit0", "Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7", "Digit8", "Digit9",
	"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
	"ArrowDown", "ArrowLeft", "ArrowRight", "ArrowUp",
	"Space", "Enter", "Escape", "Tab", "Backspace", "Delete", "Insert", "Home", "End", "PageDown", "PageUp",
	"Shift", "ShiftLeft", "ShiftRight", "Control", "ControlLeft", "ControlRight", "Alt", "AltLeft", "AltRight",
	"Meta", "MetaLeft", "MetaRight", "CapsLock",
	"Backquote", "Backslash", "BracketLeft", "BracketRight", "Comma", "Equal", "Minus", "Period", "Quote", "Semicolon", "Slash",
	"Numpad0", "Numpad1", "Numpad2", "Numpad3", "Numpad4", "Numpad5", "Numpad6", "Numpad7", "Numpad8", "Numpad9",
	"NumpadAdd", "NumpadDecimal", "NumpadDivide", "NumpadEnter", "NumpadMultiply", "NumpadSubtract",
	"PrintScreen", "Pause",
}

// mouseNames are the mouse buttons.
var mouseNames = []string{"MouseLeft", "MouseRight", "MouseMiddle", "MouseBack", "MouseForward"}

// gamepadNames are the buttons of a standard gamepad, with Xbox names:
// A is the bottom face button, Y the top one; LB/RB the bumpers, LT/RT the
// triggers, LS/RS the sticks pressed, Up … Right the D-pad. Then come the
// sticks' directions, which are analog ([Button.Analog]): LStickLeft is
// the left stick pushed left, by as much as it is pushed.
var gamepadNames = []string{
	"GamepadA", "GamepadB", "GamepadX", "GamepadY",
	"GamepadLB", "GamepadRB", "GamepadLT", "GamepadRT",
	"GamepadBack", "GamepadStart", "GamepadHome", "GamepadLS", "GamepadRS",
	"GamepadUp", "GamepadDown", "GamepadLeft", "GamepadRight",
	"GamepadLStickLeft", "GamepadLStickRight", "GamepadLStickUp", "GamepadLStickDown",
	"GamepadRStickLeft", "GamepadRStickRight", "GamepadRStickUp", "GamepadRStickDown",
}

// analogButtons is how many of gamepadNames, at its end, are analog.
const analogButtons = 8

// buttonNames is every name by Button, from 1; buttonByName maps each name
// in lower case to its Button. Neither changes after package
// initialization.
var (
	buttonNames  = append(append(append([]string{""}, keyNames...), mouseNames...), gamepadNames...)
	buttonByName = func() map[string]Button {
		m := make(map[string]Button, len(buttonNames))
		for i, n := range buttonNames[1:] {
			m[strings.ToLower(n)] = Button(i + 1)
		}
		return m
	}()
)

// LookupButton returns the button called name, ignoring case: "space"
// and "SPACE" are Space. Button names are ASCII, and so is the case it
// ignores: a name holding any other letter is no button, even one whose
// lower case is an ASCII letter, such as the dotted İ (i in lower case)
// or the Kelvin sign K (k), so that a name found reads back as itself.
func LookupButton(name string) (Button, bool) {
	for i := range len(name) {
		if name[i] >= utf8.RuneSelf {
			return 0, false
		}
	}
	b, ok := buttonByName[strings.ToLower(name)]
	return b, ok
}

// String returns the button's name, such as "Space".
func (b Button) String() string {
	if b == 0 || int(b) >= len(buttonNames) {
		return fmt.Sprintf("Button(%d)", uint16(b))
	}
	return buttonNames[b]
}

// Kind returns the device the button is on, or 0 for no button.
func (b Button) Kind() ButtonKind {
	switch n := int(b); {
	case n <= 0 || n >= len(buttonNames):
		return 0
	case n <= len(keyNames):
		return Keyboard
	case n <= len(keyNames)+len(mouseNames):
		return Mouse
	}
	return Gamepad
}

// Analog reports whether the button is a stick direction, which is pushed
// by an amount from 0 to 1 rather than pressed or not. An action bound to
// it has that amount as its [Actions.Value], past the input's dead zone,
// and is down from half way.
func (b Button) Analog() bool {
	n := int(b)
	return n < len(buttonNames) && n >= len(buttonNames)-analogButtons
}

// Buttons returns every button, keys first, then mouse and gamepad buttons.
func Buttons() iter.Seq[Button] {
	return func(yield func(Button) bool) {
		for i := 1; i < len(buttonNames); i++ {
			if !yield(Button(i)) {
				return
			}
		}
	}
}
