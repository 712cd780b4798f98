package engine

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
)

// fileValues are the values a config file gives, by key, and the input
// actions and axes it names.
type fileValues struct {
	path    string
	values  map[string]fileValue
	actions map[string]bool
	axes    map[string]bool
}

// fileValue is a key's value in the file, and where the key is.
type fileValue struct {
	node      *node
	line, col int
}

// source names a place in the file as ConfigError.Source does.
func (f fileValues) source(line, col int) string {
	if line == 0 {
		return "file " + f.path
	}
	return "file " + f.path + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
}

// readFile reads the config file at path, if there is one, into l.file.
// Where there is no file system, as in a browser, there is no file.
func (l *loader) readFile(path string, named bool) error {
	l.file = fileValues{path: path, values: map[string]fileValue{}, actions: map[string]bool{}, axes: map[string]bool{}}
	data, ok, err := readRegular(l.sys, path, named, l.limit.fileBytes)
	if err != nil || !ok {
		return err
	}
	root, err := decodeFile(path, data, l.limit)
	if err != nil {
		return err
	}
	if root.form == formNull {
		return nil // an empty file
	}
	if root.form != formMap {
		return wrap(fmt.Sprintf("engine: config file %s:%d:%d: ", path, root.line, root.col), ErrWrongType,
			": want a map of keys, found "+root.describe())
	}
	return l.flatten("", root, root.line, root.col)
}

// readRegular returns the contents of the regular file at path, read
// through a limit of max bytes; ok is false when there is no file to read:
// none at a path not named, or no file system.
func readRegular(sys system, path string, named bool, max int64) (data []byte, ok bool, err error) {
	info, err := sys.stat(path)
	switch {
	case errors.Is(err, errors.ErrUnsupported):
		return nil, false, nil // no file system (js/wasm in a browser): no config file
	case errors.Is(err, fs.ErrNotExist) && !named:
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("engine: config file %s: %w", path, err)
	}
	// A FIFO would block and a device could be endless: read only a
	// regular file, checked before opening it and again once open.
	if err := checkRegular(path, info, max); err != nil {
		return nil, false, err
	}
	f, err := sys.open(path)
	if err != nil {
		return nil, false, fmt.Errorf("engine: config file %s: %w", path, err)
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil {
		return nil, false, fmt.Errorf("engine: config file %s: %w", path, err)
	}
	if err := checkRegular(path, info, max); err != nil {
		return nil, false, err
	}
	data, err = io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, false, fmt.Errorf("engine: config file %s: %w", path, err)
	}
	if int64(len(data)) > max {
		return nil, false, sizeError(path, "more than", max)
	}
	return data, true, nil
}

func checkRegular(path string, info fs.FileInfo, max int64) error {
	if m := info.Mode(); !m.IsRegular() {
		return fmt.Errorf("engine: config file %s: not a regular file but %s", path, modeName(m))
	}
	if info.Size() > max {
		return sizeError(path, strconv.FormatInt(info.Size(), 10)+" bytes,", max)
	}
	return nil
}

func sizeError(path, size string, max int64) error {
	return wrap("engine: config file "+path+": ", ErrLimit,
		fmt.Sprintf(": %s more than LoadOptions.MaxFileBytes (%d)", size, max))
}

// modeName names a file type that is not a regular file.
func modeName(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "an irregular file"
}

// decodeFile decodes a config file by its extension.
func decodeFile(path string, data []byte, lim limits) (*node, error) {
	b := &budget{limit: lim, lines: lineIndex(data)}
	var (
		root *node
		err  error
	)
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".yaml", ".yml":
		root, err = b.yaml(data)
	case ".json":
		root, err = b.json(data)
	case ".toml":
		root, err = b.toml(data)
	default:
		return nil, fmt.Errorf("engine: config file %s: unknown format %q: want .yaml, .yml, .json or .toml", path, ext)
	}
	if err != nil {
		var pe *posError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("engine: config file %s:%d:%d: %w", path, pe.line, pe.col, pe.err)
		}
		return nil, fmt.Errorf("engine: config file %s: %w", path, err)
	}
	return root, nil
}

// flatten records the file's values by key: n is the value at path (""
// for the file's top), whose key is at line:col. A map is a section of
// keys, so its entries are keys under path, and a key's name may be dotted
// too: `window: {width: 5}` and `window.width: 5` give the same key.
func (l *loader) flatten(path string, n *node, line, col int) error {
	if strings.Count(path, ".") >= l.limit.depth {
		return wrap(fmt.Sprintf("engine: config file %s:%d:%d: ", l.file.path, line, col), ErrLimit,
			fmt.Sprintf(": a key of more than LoadOptions.MaxDepth (%d) dotted parts", l.limit.depth))
	}
	if key, ok := keyOf(l.keys, path); ok {
		if key != path { // an entry under a key: the key was given a map
			n = &node{form: formMap, line: line, col: col}
		}
		return l.record(key, n, line, col)
	}
	switch {
	case n.form == formMap:
		for _, e := range n.entries {
			if err := l.flatten(join(path, strings.ToLower(e.key)), e.val, e.line, e.col); err != nil {
				return err
			}
		}
	case l.keys.sections[path]:
		if n.form != formNull { // an empty section is no section
			l.fail(path, l.file.source(line, col), fmt.Errorf("%w: want a map of keys, found %s", ErrWrongType, n.describe()))
		}
	default:
		l.fail(path, l.file.source(line, col), ErrUnknownKey)
	}
	return nil
}

// keyOf returns the key path is, or is under: a key of the engine's or
// the game's, or an input action or axis.
func keyOf(ks keySet, path string) (string, bool) {
	if ks.keys[path] {
		return path, true
	}
	for _, prefix := range []string{actionsPrefix, axesPrefix} {
		if rest, ok := strings.CutPrefix(path, prefix); ok && rest != "" && rest[0] != '.' {
			name, _, _ := strings.Cut(rest, ".")
			return prefix + name, true
		}
	}
	for i := range len(path) {
		if path[i] == '.' && ks.keys[path[:i]] {
			return path[:i], true
		}
	}
	return "", false
}

// record sets key's value in the file. A key given twice is an error,
// unless both times it is given a map, which conversion refuses anyway.
func (l *loader) record(key string, n *node, line, col int) error {
	if prev, dup := l.file.values[key]; dup {
		if prev.node.form == formMap && n.form == formMap {
			return nil
		}
		return fmt.Errorf("engine: config file %s:%d:%d: key %s given twice (first at %d:%d)", l.file.path, line, col, key, prev.line, prev.col)
	}
	l.file.values[key] = fileValue{n, line, col}
	if name, ok := strings.CutPrefix(key, actionsPrefix); ok {
		l.file.actions[name] = true
	} else if name, ok := strings.CutPrefix(key, axesPrefix); ok {
		l.file.axes[name] = true
	}
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
