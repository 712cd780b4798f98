package prefab

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// root is one path given to Load or LoadFS: a file, or a directory whose
// prefab files are loaded. Reloads list its files again, so files added
// to a directory are picked up.
type root struct {
	fsys fs.FS // nil for the operating system's file system
	path string
}

// same reports whether r and o are the same operating-system path, so a
// path loaded twice is listed once on reload. Roots in an fs.FS are never
// the same: an fs.FS need not be comparable.
func (r root) same(o root) bool {
	return r.fsys == nil && o.fsys == nil && r.path == o.path
}

func osRoots(paths []string) []root {
	out := make([]root, len(paths))
	for i, p := range paths {
		out[i] = root{path: filepath.Clean(p)}
	}
	return out
}

func fsRoots(fsys fs.FS, paths []string) []root {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	out := make([]root, len(paths))
	for i, p := range paths {
		out[i] = root{fsys: fsys, path: path.Clean(p)}
	}
	return out
}

// stamp is what a reload compares to tell whether a file may have changed.
type stamp struct {
	size int64
	mod  int64 // modification time, Unix nanoseconds
}

func stampOf(fi fs.FileInfo) stamp { return stamp{fi.Size(), fi.ModTime().UnixNano()} }

// file is one prefab file a root lists.
type file struct {
	name string // as shown in errors, and the path to read it by
	st   stamp
}

// isPrefabFile reports whether a directory walk loads the file name.
func isPrefabFile(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return (ext == ".yaml" || ext == ".yml") && !strings.HasPrefix(name, ".")
}

// list returns the prefab files of r, in lexical order.
func (r root) list() ([]file, []*LoadError) {
	stat, walk := os.Stat, func(fn fs.WalkDirFunc) error { return filepath.WalkDir(r.path, fn) }
	if r.fsys != nil {
		stat = func(name string) (fs.FileInfo, error) { return fs.Stat(r.fsys, name) }
		walk = func(fn fs.WalkDirFunc) error { return fs.WalkDir(r.fsys, r.path, fn) }
	}
	fi, err := stat(r.path)
	if err != nil {
		return nil, []*LoadError{ioError(r.path, err)}
	}
	if !fi.IsDir() {
		return []file{{r.path, stampOf(fi)}}, nil
	}
	var files []file
	var errs []*LoadError
	walk(func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, ioError(name, err))
			return nil
		}
		if name != r.path && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !isPrefabFile(d.Name()) {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			errs = append(errs, ioError(name, err))
			return nil
		}
		files = append(files, file{name, stampOf(fi)})
		return nil
	})
	return files, errs
}

func (r root) read(name string) ([]byte, error) {
	if r.fsys != nil {
		return fs.ReadFile(r.fsys, name)
	}
	return os.ReadFile(name)
}

// ioError reports a file that could not be listed or read. The message
// drops the path the *fs.PathError repeats.
func ioError(name string, err error) *LoadError {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &LoadError{File: name, Err: err}
}

// source is one loaded file: its bytes and what parsing found in them.
type source struct {
	name   string
	root   int // index into state.roots; -1 for LoadBytes
	st     stamp
	data   []byte
	defs   []*def
	errs   []*LoadError // problems of the file's shape; a published source has none
	broken bool         // the file is not YAML, so its prefabs are unknown
}

func newSource(name string, root int, st stamp, data []byte) *source {
	s := &source{name: name, root: root, st: st, data: data}
	s.defs, s.errs, s.broken = parse(name, data)
	return s
}

func readSource(r root, index int, f file) (*source, *LoadError) {
	data, err := r.read(f.name)
	if err != nil {
		return nil, ioError(f.name, err)
	}
	return newSource(f.name, index, f.st, data), nil
}
