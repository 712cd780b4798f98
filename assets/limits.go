package assets

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// Defaults of [Limits], used where its fields are zero.
const (
	// DefaultFileSize bounds the files a loader reads: 128 MiB, far more
	// than any image, font or sound a 2D game ships.
	DefaultFileSize = 128 << 20
	// DefaultYAMLSize bounds atlas files and data files: 1 MiB. Parsed,
	// YAML takes up to about 120 times its size in memory (a file of
	// nothing but one-digit numbers, the most values a byte can hold), and
	// decoding it into Go values as much again.
	DefaultYAMLSize = 1 << 20
	// DefaultImageBytes bounds the memory of one decoded image: 256 MiB,
	// an 8192×8192 image of 8-bit RGBA (4096×4096 at 16 bits a channel).
	DefaultImageBytes = 256 << 20
	// DefaultMappingKeys bounds the keys of one mapping in a data file:
	// 4096. The YAML decoder compares every key of a mapping with every
	// other, so a mapping's cost grows with the square of its keys: 4096
	// take about 20 ms to decode, 100 000 about 10 s. Lists have no such
	// cost: make a long mapping a list. A file's mappings may together
	// hold as many pairs of keys as four mappings of MappingKeys keys,
	// counting each time an alias repeats one: the decoder compares the
	// pairs again for each.
	DefaultMappingKeys = 4096
)

// Limits bounds what a [Loader] reads and decodes, so that a file however
// large or hostile makes a load fail at once, with an error wrapping
// [ErrLimit] that names the limit, instead of exhausting memory. Each
// field's zero value means its default; raise a limit for a game whose
// files need it.
type Limits struct {
	// FileSize bounds the size, in bytes, of an image, font or sound file
	// the loader reads. Zero means DefaultFileSize.
	FileSize int64
	// YAMLSize bounds the size, in bytes, of an atlas file or a data
	// file. Zero means DefaultYAMLSize.
	YAMLSize int64
	// ImageBytes bounds the memory, in bytes, that decoding one PNG takes,
	// from what its header says (width × height × bytes per pixel of the
	// decoded image, twice that for an interlaced PNG), checked before a
	// pixel is decoded. Zero means DefaultImageBytes. Images are bounded
	// by MaxImageSide on a side besides.
	ImageBytes int64
	// MappingKeys bounds the keys of one mapping in a data file. Zero
	// means DefaultMappingKeys.
	MappingKeys int
}

// Options configures a [Loader]. The zero value is what [New] uses.
type Options struct {
	// Limits bounds what the loader reads and decodes; its zero value
	// holds the defaults.
	Limits Limits
}

// withDefaults returns lim with its zero fields set to their defaults.
func (lim Limits) withDefaults() Limits {
	def := func(v, d int64) int64 {
		if v <= 0 {
			return d
		}
		return v
	}
	return Limits{
		FileSize:    def(lim.FileSize, DefaultFileSize),
		YAMLSize:    def(lim.YAMLSize, DefaultYAMLSize),
		ImageBytes:  def(lim.ImageBytes, DefaultImageBytes),
		MappingKeys: int(def(int64(lim.MappingKeys), DefaultMappingKeys)),
	}
}

// ErrLimit is wrapped by errors about a file or a decoded asset larger
// than a [Limits] bound allows (or than [MaxImageSide]). The message says
// which limit, and how large the file is.
var ErrLimit = errors.New("assets: limit exceeded")

// sizeLimit returns the bound on the size of a file loaded as kind, and
// the name of the field that sets it, for messages.
func (l *Loader) sizeLimit(kind Kind) (int64, string) {
	if kind == KindAtlas || kind == KindData {
		return l.limits.YAMLSize, "YAMLSize"
	}
	return l.limits.FileSize, "FileSize"
}

// readFile returns the content of the regular file name, loaded as kind,
// with what fi, its Stat, says. Only regular files are read (a device or a
// pipe named like an asset would never end, or never start), and only up
// to the kind's size limit, even if the file grows while it is read.
func (l *Loader) readFile(name string, kind Kind, fi fs.FileInfo) ([]byte, *LoadError) {
	switch {
	case fi.IsDir():
		return nil, newError(name, ErrNotFound, "is a directory, not a file")
	case !fi.Mode().IsRegular():
		return nil, newError(name, ErrNotFound, "is "+fileType(fi.Mode())+", not a regular file: the loader reads regular files only")
	}
	limit, field := l.sizeLimit(kind)
	tooLarge := func(size string) *LoadError {
		a := "a"
		if kind == KindAtlas || kind == KindImage {
			a = "an"
		}
		return newError(name, ErrLimit, fmt.Sprintf("is %s; %s %v file may be %d bytes at most (Limits.%s)", size, a, kind, limit, field))
	}
	if fi.Size() > limit {
		return nil, tooLarge(fmt.Sprintf("%d bytes", fi.Size()))
	}
	f, err := l.fsys.Open(name)
	if err != nil {
		return nil, ioError(name, err)
	}
	defer f.Close()
	// Room for what Stat says, and MinRead more, reads a file that did not
	// change at once, without growing the buffer.
	buf := bytes.NewBuffer(make([]byte, 0, fi.Size()+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, ioError(name, err)
	}
	if int64(buf.Len()) > limit {
		return nil, tooLarge("more bytes than its size said")
	}
	return buf.Bytes(), nil
}

// fileType names the type of a file that is not a regular file.
func fileType(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return fmt.Sprintf("a file of mode %v", m.Type())
}
