package systems

import "errors"

// ErrBadCollider is wrapped by every [*ColliderError], for errors.Is.
var ErrBadCollider = errors.New("systems: bad collider")
