package prefab

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
)

// root is one path given to Load or LoadFS: a file, or a directory whose
// prefab files are loaded. Reloads list its files again, so files added
// to a directory are picked up.
type root struct {
	fsys fs.FS // nil for the operating system's file system
	id   fsID  // which file system: files are known by id and name
	path string
}

// rootKey is what tells roots apart: their file system and path.
type rootKey struct {
	id   fsID
	path string
}

func (r root) key() rootKey { return rootKey{r.id, r.path} }

// rootSet is a set of roots, by key.
type rootSet map[rootKey]bool

// hold reports whether the file k is one of the roots or lies under one:
// a look-up for each directory above it, so that a load of many roots
// stays linear.
func (rs rootSet) hold(k fileKey) bool {
	dir, sep := path.Dir, "/"
	if k.fs.kind == fsOS {
		dir, sep = filepath.Dir, string(filepath.Separator)
	}
	for name := k.name; ; {
		if rs[rootKey{k.fs, name}] {
			return true
		}
		up := dir(name)
		if up == name || up == "." || strings.TrimSuffix(up, sep) == "" {
			break
		}
		name = up
	}
	// "." holds every relative name (for the OS, one that stays inside).
	return rs[rootKey{k.fs, "."}] && (k.fs.kind != fsOS || filepath.IsLocal(k.name))
}

// fsID tells file systems apart, so that two fs.FS values holding a file
// of the same name (two embedded folders, say) keep both files, while the
// same file system loaded again replaces its files. The zero fsID is the
// operating system's file system.
type fsID struct {
	kind fsKind
	v    any     // fsComparable: the fs.FS value itself
	p    uintptr // fsPointer: what its map or slice refers to; fsUnique: a serial number
	t    reflect.Type
}

type fsKind uint8

const (
	fsOS         fsKind = iota // the operating system's files (Load)
	fsComparable               // an fs.FS value that can be compared: os.DirFS, embed.FS, a pointer
	fsPointer                  // a map (fstest.MapFS) or slice: known by what it refers to
	fsUnique                   // none of those: each LoadFS call is a file system of its own
	fsBytes                    // LoadBytes: files held in memory, known by name
)

// uniqueFS numbers the file systems that cannot be compared.
var uniqueFS atomic.Uint64

// identify returns fsys's identity. Comparing interface values that hold
// something not comparable panics (a struct type can be comparable and
// still hold a map in an interface field, so the value is asked, not the
// type); maps and slices are known by what they point to; anything else,
// funcs included (two closures of one literal share a code pointer), is a
// file system of its own at every call.
func identify(fsys fs.FS) fsID {
	v := reflect.ValueOf(fsys)
	if v.Comparable() {
		return fsID{kind: fsComparable, v: fsys}
	}
	switch v.Kind() {
	case reflect.Map, reflect.Slice:
		return fsID{kind: fsPointer, p: v.Pointer(), t: v.Type()}
	}
	return fsID{kind: fsUnique, p: uintptr(uniqueFS.Add(1))}
}

// fileKey is a loaded file's identity: its file system and its name.
type fileKey struct {
	fs   fsID
	name string
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
	id := identify(fsys)
	out := make([]root, len(paths))
	for i, p := range paths {
		out[i] = root{fsys: fsys, id: id, path: path.Clean(p)}
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
//
// Symbolic links are followed to files, and at the root: a root that is a
// link to a directory lists that directory, under the root's own name; a
// linked file is stamped by the file it points to, so that edits to it
// reload. Links to directories inside the root are not followed (no
// cycles to guard against).
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
	if r.fsys == nil {
		// filepath.WalkDir does not follow a root that is a link: walk
		// where it leads, and name the files under the path given.
		if real, err := filepath.EvalSymlinks(r.path); err == nil && real != r.path {
			walk = func(fn fs.WalkDirFunc) error {
				return filepath.WalkDir(real, func(name string, d fs.DirEntry, err error) error {
					if rel, rerr := filepath.Rel(real, name); rerr == nil {
						name = filepath.Join(r.path, rel)
					}
					return fn(name, d, err)
				})
			}
		}
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
		info := d.Info
		if d.Type()&fs.ModeSymlink != 0 {
			info = func() (fs.FileInfo, error) { return stat(name) } // the file it points to
		}
		fi, err := info()
		if err != nil {
			errs = append(errs, ioError(name, err))
			return nil
		}
		if fi.IsDir() {
			return nil // a link to a directory: not followed
		}
		files = append(files, file{name, stampOf(fi)})
		return nil
	})
	return files, errs
}

// read reads the file name of r's file system. It refuses, before
// opening it, what is not a regular file (opening a named pipe blocks
// until something writes to it, and a device such as /dev/zero never
// ends) and a file larger than limit bytes; it reads through the limit,
// for a file that grows meanwhile.
func (r root) read(name string, limit int64) ([]byte, *LoadError) {
	stat, open := os.Stat, func(name string) (fs.File, error) { return os.Open(name) }
	if r.fsys != nil {
		stat = func(name string) (fs.FileInfo, error) { return fs.Stat(r.fsys, name) }
		open = r.fsys.Open
	}
	fi, err := stat(name)
	if err != nil {
		return nil, ioError(name, err)
	}
	if lerr := readable(name, fi, limit); lerr != nil {
		return nil, lerr
	}
	f, err := open(name)
	if err != nil {
		return nil, ioError(name, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil { // it may have been replaced since
		if lerr := readable(name, fi, limit); lerr != nil {
			return nil, lerr
		}
	}
	buf := bytes.NewBuffer(make([]byte, 0, min(max(fi.Size(), 0), limit)+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, min(limit, math.MaxInt64-1)+1)); err != nil {
		return nil, ioError(name, err)
	}
	if int64(buf.Len()) > limit {
		return nil, tooLarge(name, int64(buf.Len()), limit)
	}
	return buf.Bytes(), nil
}

// readable reports a file a load does not read: one that is not a
// regular file, or is larger than limit bytes.
func readable(name string, fi fs.FileInfo, limit int64) *LoadError {
	if m := fi.Mode(); !m.IsRegular() {
		what := "an irregular file"
		switch {
		case m.IsDir():
			what = "a directory"
		case m&fs.ModeNamedPipe != 0:
			what = "a named pipe"
		case m&fs.ModeSocket != 0:
			what = "a socket"
		case m&fs.ModeDevice != 0:
			what = "a device"
		}
		return placed(problem(CodeFile, "not a regular file ("+what+")", fs.ErrInvalid), name, 0, 0)
	}
	if fi.Size() > limit {
		return tooLarge(name, fi.Size(), limit)
	}
	return nil
}

// tooLarge reports a file of size bytes, over limit.
func tooLarge(name string, size, limit int64) *LoadError {
	p := problem(CodeLimit, fmt.Sprintf("the file is %d bytes, more than Limits.FileSize (%d)", size, limit), nil)
	detail(p, size)
	return placed(p, name, 0, 0)
}

// ioError reports a file that could not be listed or read. The message
// drops the path the *fs.PathError repeats.
func ioError(name string, err error) *LoadError {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return placed(problem(CodeFile, err.Error(), err), name, 0, 0)
}

// source is one loaded file: its bytes and what parsing found in them.
type source struct {
	name   string
	key    fileKey
	root   int // index into state.roots; -1 for LoadBytes
	st     stamp
	data   []byte
	defs   []*def
	errs   []*LoadError // problems of the file's shape; a published source has none
	broken bool         // the file is not YAML, or over a limit, so its prefabs are unknown
	nodes  *fileNodes   // what parsing measured, for the decoders that build its prefabs
}

// newSource parses data, the content of the file key, within lim.
func newSource(key fileKey, root int, st stamp, data []byte, lim Limits) *source {
	s := &source{name: key.name, key: key, root: root, st: st, data: data}
	if int64(len(data)) > lim.FileSize {
		s.errs, s.broken = []*LoadError{tooLarge(key.name, int64(len(data)), lim.FileSize)}, true
		s.nodes = &fileNodes{}
		return s
	}
	s.defs, s.errs, s.broken, s.nodes = parse(key.name, data, lim)
	return s
}

// readSource reads and parses the file f of r, the root at index, within
// lim.
func readSource(r root, index int, f file, lim Limits) (*source, *LoadError) {
	data, err := r.read(f.name, lim.FileSize)
	if err != nil {
		return nil, err
	}
	return newSource(fileKey{r.id, f.name}, index, f.st, data, lim), nil
}

// has reports whether the file name still exists in r's file system.
func (r root) has(name string) bool {
	var err error
	if r.fsys != nil {
		_, err = fs.Stat(r.fsys, name)
	} else {
		_, err = os.Stat(name)
	}
	return err == nil
}
