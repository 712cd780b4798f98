package scene

import (
	"errors"
	"fmt"
)

// ErrActive is wrapped by the error of a Replace or Push of a scene that
// is already on the stack, which [Manager.Apply] refuses.
var ErrActive = errors.New("scene: scene is already active")

// ErrRunaway is wrapped by the error of an Apply that made so many
// requests that it gave up and dropped the rest of its queue: scenes whose
// OnEnter or OnExit keep changing scene.
var ErrRunaway = errors.New("scene: runaway scene changes")

// Error reports a scene's OnEnter or OnExit that returned an error or
// panicked, or a panic while the scene left or in the manager's observer,
// naming the scene by its Go type.
type Error struct {
	Scene string // the scene's type, such as "*main.Level"
	// Op is "OnEnter", "OnExit", "Clear" (clearing the world of a scene
	// that leaves: a system's Dispose panicked) or "OnChange" (the
	// manager's observer panicked reporting a change of this scene).
	Op  string
	Err error
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
