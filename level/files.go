package level

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strconv"
	"time"
)

// files reads the map's own files (the map and its tilesets) once each,
// through the game's file system: regular files only, each at most
// Limits.FileSize bytes, with what a reload compares. go-tiled opens its
// files through it (Open), so it reads exactly what was checked.
type files struct {
	fsys   fs.FS
	limit  int64
	byPath map[string]*file
	order  []string // paths, in the order first read
}

// file is one file read, or the error reading it.
type file struct {
	path string
	data []byte
	st   stamp
	sum  [sha256.Size]byte
	err  error // a *problem wrapping ErrNotFound or ErrLimit
}

// stamp is what a reload compares to tell whether a file may have
// changed.
type stamp struct {
	size int64
	mod  int64 // modification time, Unix nanoseconds
}

func newFiles(fsys fs.FS, limit int64) *files {
	return &files{fsys: fsys, limit: limit, byPath: make(map[string]*file)}
}

// read returns the file at p (a cleaned, valid path), reading it the
// first time.
func (fl *files) read(p string) *file {
	if f, ok := fl.byPath[p]; ok {
		return f
	}
	f := &file{path: p}
	f.data, f.st, f.err = readFile(fl.fsys, p, fl.limit)
	if f.err == nil {
		f.sum = sha256.Sum256(f.data)
	}
	fl.byPath[p] = f
	fl.order = append(fl.order, p)
	return f
}

// readFile reads the regular file p of fsys, at most limit bytes, and
// returns it with its stamp from just before the read.
func readFile(fsys fs.FS, p string, limit int64) ([]byte, stamp, error) {
	fi, err := fs.Stat(fsys, p)
	if err != nil {
		return nil, stamp{}, notFound(err)
	}
	switch {
	case fi.IsDir():
		return nil, stamp{}, &problem{kind: ErrNotFound, msg: "is a directory, not a file"}
	case !fi.Mode().IsRegular():
		return nil, stamp{}, &problem{kind: ErrNotFound, msg: "is not a regular file: maps and tilesets are read from regular files only"}
	case fi.Size() > limit:
		return nil, stamp{}, tooLarge(fi.Size(), limit)
	}
	f, err := fsys.Open(p)
	if err != nil {
		return nil, stamp{}, notFound(err)
	}
	defer f.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, stamp{}, notFound(err)
	}
	if int64(buf.Len()) > limit {
		return nil, stamp{}, tooLarge(int64(buf.Len()), limit)
	}
	return buf.Bytes(), stamp{fi.Size(), fi.ModTime().UnixNano()}, nil
}

func tooLarge(size, limit int64) error {
	return &problem{kind: ErrLimit, msg: fmt.Sprintf("is %d bytes or more; a map or tileset file may be %d bytes at most (Limits.FileSize)", size, limit)}
}

func notFound(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	msg := err.Error()
	if errors.Is(err, fs.ErrNotExist) {
		msg = "file does not exist"
	}
	return &problem{kind: ErrNotFound, msg: msg, cause: err}
}

// Open serves go-tiled the files already read and checked; any other
// file is refused, so go-tiled never reads what the checks did not see.
func (fl *files) Open(name string) (fs.File, error) {
	p := path.Clean(name)
	f, ok := fl.byPath[p]
	if !ok || f.err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &memFile{name: path.Base(p), r: bytes.NewReader(f.data), size: int64(len(f.data))}, nil
}

// memFile is a file held in memory, for go-tiled.
type memFile struct {
	name string
	r    *bytes.Reader
	size int64
}

func (f *memFile) Read(b []byte) (int, error) { return f.r.Read(b) }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f.name, f.size}, nil }

type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }

// resolve returns the path of ref, a file named in the file at from,
// relative to from's directory; ok is false if it leaves the file system.
func resolve(from, ref string) (string, bool) {
	if path.IsAbs(ref) {
		return ref, false
	}
	p := path.Join(path.Dir(from), ref)
	return p, fs.ValidPath(p)
}

func itoa(n int) string { return strconv.Itoa(n) }

// quote quotes s for a message, cut short past 64 bytes.
func quote(s string) string {
	if len(s) > 64 {
		s = s[:61] + "..."
	}
	return strconv.Quote(s)
}
