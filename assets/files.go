package assets

import (
	"errors"
	"io"
	"io/fs"
	"slices"
	"strings"
	"testing/fstest"
)

// WithFiles returns a file system holding base's files and, over them,
// files (path to content): art that an imported package embeds (such as
// ebitengine's example images) or data made in code, beside the files a
// game embeds. A path in files hides the same path in base; directories
// list the files of both. base may be nil. The contents are not copied:
// do not change them afterwards.
func WithFiles(base fs.FS, files map[string][]byte) fs.FS {
	m := make(fstest.MapFS, len(files))
	for name, data := range files {
		m[name] = &fstest.MapFile{Data: data, Mode: 0o444}
	}
	return Over(m, base)
}

// Over returns a file system holding top's files over base's: a path
// that top holds as a file is top's, one only base holds is base's, and
// a directory both hold lists the files of both. The engine reads a
// game's files this way with assets.dir set: the directory a designer
// edits over the files the game ships, so that files the game makes in
// code (WithFiles) are still there. base may be nil.
func Over(top, base fs.FS) fs.FS {
	if base == nil {
		return top
	}
	return &overlay{top: top, base: base}
}

// overlay is a file system of top's files over base's.
type overlay struct {
	top, base fs.FS
}

func (o *overlay) Open(name string) (fs.File, error) {
	tinfo, terr := fs.Stat(o.top, name)
	if terr == nil && !tinfo.IsDir() {
		return o.top.Open(name)
	}
	binfo, berr := fs.Stat(o.base, name)
	switch {
	case terr != nil && berr != nil:
		if errors.Is(terr, fs.ErrNotExist) {
			return nil, berr
		}
		return nil, terr
	case terr != nil:
		return o.base.Open(name) // only base has it
	case berr != nil || !binfo.IsDir():
		return o.top.Open(name) // a directory only top has
	}
	entries, err := o.ReadDir(name)
	if err != nil {
		return nil, err
	}
	return &dir{info: tinfo, entries: entries}, nil // top's, as the listing above it gives
}

// dir is a directory both file systems have, listing both.
type dir struct {
	info    fs.FileInfo
	entries []fs.DirEntry
	read    int
}

func (d *dir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *dir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.Name(), Err: errors.New("is a directory")}
}
func (d *dir) Close() error { return nil }

func (d *dir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.read:]
	if n <= 0 {
		d.read = len(d.entries)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	rest = rest[:min(n, len(rest))]
	d.read += len(rest)
	return rest, nil
}

// ReadDir lists a directory of both file systems, top's entries first
// where both have a name, sorted by name.
func (o *overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	top, terr := fs.ReadDir(o.top, name)
	base, berr := fs.ReadDir(o.base, name)
	if terr != nil && berr != nil {
		return nil, berr
	}
	seen := make(map[string]bool, len(top))
	out := slices.Clone(top)
	for _, e := range top {
		seen[e.Name()] = true
	}
	for _, e := range base {
		if !seen[e.Name()] {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}
