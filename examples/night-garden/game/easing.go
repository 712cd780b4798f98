package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-engine/tessera/systems"
)

// Easing names one of the systems package's easing functions, as
// designers write it in YAML: "linear", "in-out-sine", "out-back" and so
// on (see [Easings]). The empty Easing is linear.
type Easing string

// easings maps each name to its function.
var easings = map[Easing]systems.Ease{
	"linear":         systems.Linear,
	"in-quad":        systems.InQuad,
	"out-quad":       systems.OutQuad,
	"in-out-quad":    systems.InOutQuad,
	"in-cubic":       systems.InCubic,
	"out-cubic":      systems.OutCubic,
	"in-out-cubic":   systems.InOutCubic,
	"in-sine":        systems.InSine,
	"out-sine":       systems.OutSine,
	"in-out-sine":    systems.InOutSine,
	"in-expo":        systems.InExpo,
	"out-expo":       systems.OutExpo,
	"in-out-expo":    systems.InOutExpo,
	"in-back":        systems.InBack,
	"out-back":       systems.OutBack,
	"in-out-back":    systems.InOutBack,
	"in-elastic":     systems.InElastic,
	"out-elastic":    systems.OutElastic,
	"in-out-elastic": systems.InOutElastic,
	"in-bounce":      systems.InBounce,
	"out-bounce":     systems.OutBounce,
	"in-out-bounce":  systems.InOutBounce,
}

// Easings returns the names an [Easing] may take, sorted.
func Easings() []string {
	names := make([]string, 0, len(easings))
	for n := range easings {
		names = append(names, string(n))
	}
	slices.Sort(names)
	return names
}

// UnmarshalText accepts the name of an easing.
func (e *Easing) UnmarshalText(text []byte) error {
	if _, ok := easings[Easing(text)]; !ok && len(text) > 0 {
		return fmt.Errorf("unknown easing %q (easings: %s)", text, strings.Join(Easings(), ", "))
	}
	*e = Easing(text)
	return nil
}

// Func returns the easing function; the empty or an unknown name is
// [systems.Linear].
func (e Easing) Func() systems.Ease {
	if f, ok := easings[e]; ok {
		return f
	}
	return systems.Linear
}
