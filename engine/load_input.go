package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// resolveInput sets the Config's actions and axes: those the defaults
// define and those the file adds, each from its source of highest
// precedence. A bad value keeps the default: the defaults' binding, or,
// for an action only the file defines, no buttons, and for such an axis,
// no axis.
func (l *loader) resolveInput() {
	defActions, defAxes := l.cfg.Input.Actions, l.cfg.Input.Axes
	actions := make(map[string][]string, len(defActions)+len(l.file.actions))
	for _, name := range unionSorted(defActions, l.file.actions) {
		actions[name] = l.resolveAction(name, defActions[name])
	}
	axes := make(map[string]AxisConfig, len(defAxes)+len(l.file.axes))
	for _, name := range unionSorted(defAxes, l.file.axes) {
		def, hasDef := defAxes[name]
		if ax, ok := l.resolveAxis(name, def, hasDef, actions); ok {
			axes[name] = ax
		}
	}
	l.cfg.Input.Actions, l.cfg.Input.Axes = actions, axes
}

// unionSorted returns the keys of a and b, sorted, each once.
func unionSorted[A, B any](a map[string]A, b map[string]B) []string {
	names := slices.Collect(maps.Keys(a))
	for name := range b {
		if _, ok := a[name]; !ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

func (l *loader) resolveAction(name string, def []string) []string {
	key := actionsPrefix + name
	v, source, ok := l.lookup(key)
	list := slices.Clone(def)
	var err error
	if ok {
		var val any
		if val, err = convert(kindList, v, l.limit.values); err == nil {
			list = val.([]string)
		}
	} else {
		source = "default"
	}
	if err == nil {
		err = checkButtons(list)
	}
	if err != nil {
		l.fail(key, source, err)
		if ok {
			return slices.Clone(def)
		}
	}
	return list
}

// checkButtons reports the names in list that are no button, the first
// few of them.
func checkButtons(list []string) error {
	var bad []string
	n := 0
	for _, b := range list {
		if _, ok := LookupButton(b); !ok {
			if n++; n <= 3 {
				bad = append(bad, quoteShort(b))
			}
		}
	}
	switch {
	case n == 0:
		return nil
	case n > len(bad):
		bad = append(bad, fmt.Sprintf("and %d more", n-len(bad)))
	}
	return fmt.Errorf("%w %s", ErrUnknownButton, strings.Join(bad, ", "))
}

func (l *loader) resolveAxis(name string, def AxisConfig, hasDef bool, actions map[string][]string) (AxisConfig, bool) {
	key := axesPrefix + name
	v, source, ok := l.lookup(key)
	ax := def
	var err error
	if ok {
		ax, err = toAxis(v, l.limit.values)
	} else {
		source = "default"
	}
	if err == nil {
		err = checkAxis(ax, actions)
	}
	if err != nil {
		l.fail(key, source, err)
		if ok {
			return def, hasDef
		}
	}
	return ax, true
}

func toAxis(v *node, maxList int) (AxisConfig, error) {
	val, err := convert(kindList, v, maxList)
	if err != nil {
		return AxisConfig{}, err
	}
	list := val.([]string)
	if len(list) != 4 {
		return AxisConfig{}, fmt.Errorf("%w: want 4 action names (left, right, up, down), found %d", ErrWrongType, len(list))
	}
	return AxisConfig{Left: list[0], Right: list[1], Up: list[2], Down: list[3]}, nil
}

// checkAxis reports the first of the axis's actions that is not defined.
func checkAxis(ax AxisConfig, actions map[string][]string) error {
	for _, a := range []string{ax.Left, ax.Right, ax.Up, ax.Down} {
		if _, ok := actions[a]; !ok {
			return fmt.Errorf("%w %s", ErrUnknownAction, quoteShort(a))
		}
	}
	return nil
}
