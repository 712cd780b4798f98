package systems

import "errors"

// ErrBadCollider is wrapped by every [*ColliderError], for errors.Is.
var ErrBadCollider = errors.New("systems: bad collider")

// ErrBadOption is wrapped by every [*OptionError], for errors.Is.
var ErrBadOption = errors.New("systems: bad option")
