package scene

import (
	"errors"
	"fmt"
)

// ErrActive is wrapped by the error [Manager.Apply] returns for a Replace
// or Push of a scene that is already on the stack.
var ErrActive = errors.New("scene: scene is already active")

// Error reports a scene's OnEnter or OnExit that returned an error or
// panicked, naming the scene by its Go type.
type Error struct {
	Scene string // the scene's type, such as "*main.Level"
	Op    string // "OnEnter", "OnExit", or leaving: "Clear" (the world), "Release" (the root)
	Err   error
}

// Error returns a message such as
// `scene: *main.Level OnEnter: open levels/1.yaml: no such file`.
func (e *Error) Error() string {
	return fmt.Sprintf("scene: %s %s: %v", e.Scene, e.Op, e.Err)
}

// Unwrap returns the scene's error.
func (e *Error) Unwrap() error { return e.Err }

// Name returns the Go type of s, such as "*main.Level", the name errors and
// events give a scene.
func Name(s Scene) string {
	if s == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%T", s)
}
