package assets

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"time"
)

// SoundFormat is the format of a [Sound] file.
type SoundFormat uint8

// The sound formats the loader takes: what ebitengine's audio package
// plays.
const (
	SoundWAV    SoundFormat = iota + 1 // RIFF WAVE, 8- or 16-bit linear PCM
	SoundVorbis                        // Ogg Vorbis
)

// String returns "WAV" or "Ogg Vorbis".
func (f SoundFormat) String() string {
	switch f {
	case SoundWAV:
		return "WAV"
	case SoundVorbis:
		return "Ogg Vorbis"
	}
	return fmt.Sprintf("SoundFormat(%d)", uint8(f))
}

// SoundInfo is what a sound file's header says.
type SoundInfo struct {
	Format     SoundFormat
	Channels   int // 1 (mono) or 2 (stereo) for WAV; as the stream says for Ogg Vorbis
	SampleRate int // samples a second, such as 44100
	// BitsPerSample is 8 or 16 for WAV, and 0 for Ogg Vorbis, which is
	// compressed.
	BitsPerSample int
	// Duration is the length of a WAV sound, from the size of its data;
	// zero for Ogg Vorbis, whose length is known only by decoding it.
	Duration time.Duration
}

// Sound is a loaded sound file: its bytes, whose header the loader
// checked, and what the header says. The audio helper beside the engine
// plays it with ebitengine's audio package. Sounds are not reloaded. A
// Sound is immutable, so safe for concurrent use.
type Sound struct {
	path string
	data []byte
	info SoundInfo
}

// Path returns the sound's path in the loader's file system.
func (s *Sound) Path() string { return s.path }

// Bytes returns the sound file's content. It must not be modified.
func (s *Sound) Bytes() []byte { return s.data }

// Info returns what the sound's header says.
func (s *Sound) Info() SoundInfo { return s.info }

// Sound loads the sound at name, or returns it from the cache. The format
// is told by the content, not the name: a RIFF WAVE file (linear PCM, 8 or
// 16 bits, mono or stereo: what ebitengine's audio/wav plays) or an Ogg
// Vorbis stream. The loader parses the header only; decoding the samples
// is the player's work.
//
// The error is a [*LoadError] naming the path and wrapping [ErrNotFound],
// [ErrFormat] (neither WAV nor Ogg, an encoding ebitengine does not play,
// such as float samples or Ogg Opus, or a sample rate outside
// [MinSampleRate, MaxSampleRate]), [ErrLimit] (a file larger than
// [Limits.FileSize]) or [ErrDecode] (a header that is cut short or
// inconsistent), or the file system's error.
func (l *Loader) Sound(name string) (*Sound, error) {
	return loadFile(l, KindSound, name, func(p string, data []byte) (*Sound, error) {
		var info SoundInfo
		var msg string
		var kind error
		switch {
		case bytes.HasPrefix(data, []byte("RIFF")):
			info, msg, kind = parseWAV(data)
		case bytes.HasPrefix(data, []byte("OggS")):
			info, msg, kind = parseOgg(data)
		default:
			msg, kind = "not a WAV or Ogg Vorbis file", ErrFormat
		}
		if kind != nil {
			return nil, newError(p, kind, msg)
		}
		return &Sound{path: p, data: data, info: info}, nil
	})
}

// The sample rates the loader takes, in samples a second: from below the
// lowest rate audio devices play (8000 Hz, telephone quality; old effects
// saved at 5512 Hz load too, to be resampled) to the highest (768 kHz). A
// header claiming a rate outside them is broken or hostile: resampling 64
// KB at 1 Hz to 44100 Hz would make 2.8 GB of samples.
const (
	MinSampleRate = 4000
	MaxSampleRate = 768000
)

// checkRate returns the message for a sample rate the loader does not
// take, or "".
func checkRate(rate int) string {
	if rate < MinSampleRate || rate > MaxSampleRate {
		return fmt.Sprintf("a sample rate of %d Hz: devices play %d to %d Hz; save the sound at 44100 or 48000 Hz", rate, MinSampleRate, MaxSampleRate)
	}
	return ""
}

// WAV encodings, from the fmt chunk.
const (
	wavPCM        = 1
	wavFloat      = 3
	wavExtensible = 0xfffe
)

// parseWAV reads a RIFF WAVE header the way ebitengine's audio/wav does:
// chunks in order up to the data chunk, an fmt chunk before it, and no pad
// bytes after odd-sized chunks (audio/wav skips none, so a file that needs
// them would not play).
func parseWAV(data []byte) (SoundInfo, string, error) {
	if len(data) < 12 || string(data[8:12]) != "WAVE" {
		return SoundInfo{}, "a RIFF file, but not WAVE", ErrFormat
	}
	info := SoundInfo{Format: SoundWAV}
	haveFmt := false
	for off := 12; ; {
		if len(data)-off < 8 {
			return SoundInfo{}, fmt.Sprintf("the file ends at byte %d, before a data chunk", len(data)), ErrDecode
		}
		id := string(data[off : off+4])
		size := int64(binary.LittleEndian.Uint32(data[off+4:]))
		off += 8
		rest := int64(len(data) - off)
		switch id {
		case "fmt ":
			if size < 16 {
				return SoundInfo{}, fmt.Sprintf("the fmt chunk has %d bytes; it needs 16", size), ErrDecode
			}
			if size > rest {
				return SoundInfo{}, fmt.Sprintf("the fmt chunk is cut short: %d of %d bytes", rest, size), ErrDecode
			}
			c := data[off:]
			switch enc := binary.LittleEndian.Uint16(c); enc {
			case wavPCM:
			case wavFloat:
				return SoundInfo{}, "float samples are not supported: save the sound as 16-bit PCM", ErrFormat
			case wavExtensible:
				return SoundInfo{}, "WAVE_FORMAT_EXTENSIBLE is not supported: save the sound as plain 16-bit PCM", ErrFormat
			default:
				return SoundInfo{}, fmt.Sprintf("encoding 0x%04x is not supported: save the sound as 16-bit PCM", enc), ErrFormat
			}
			info.Channels = int(binary.LittleEndian.Uint16(c[2:]))
			info.SampleRate = int(binary.LittleEndian.Uint32(c[4:]))
			info.BitsPerSample = int(binary.LittleEndian.Uint16(c[14:]))
			switch {
			case info.Channels != 1 && info.Channels != 2:
				return SoundInfo{}, fmt.Sprintf("%d channels: only mono and stereo are supported", info.Channels), ErrFormat
			case info.BitsPerSample != 8 && info.BitsPerSample != 16:
				return SoundInfo{}, fmt.Sprintf("%d bits per sample: only 8 and 16 are supported", info.BitsPerSample), ErrFormat
			case info.SampleRate == 0:
				return SoundInfo{}, "the sample rate is 0", ErrDecode
			case checkRate(info.SampleRate) != "":
				return SoundInfo{}, checkRate(info.SampleRate), ErrFormat
			}
			haveFmt = true
		case "data":
			if !haveFmt {
				return SoundInfo{}, "the data chunk comes before the fmt chunk", ErrDecode
			}
			if size > rest {
				return SoundInfo{}, fmt.Sprintf("the data chunk is cut short: %d of %d bytes", rest, size), ErrDecode
			}
			frame := int64(info.Channels * info.BitsPerSample / 8)
			frames := size / frame
			info.Duration = time.Duration(frames) * time.Second / time.Duration(info.SampleRate)
			return info, "", nil
		default:
			if size > rest {
				return SoundInfo{}, fmt.Sprintf("chunk %q is cut short: %d of %d bytes", id, rest, size), ErrDecode
			}
		}
		off += int(size)
	}
}

// parseOgg reads the first page of an Ogg stream and the Vorbis
// identification header it holds.
func parseOgg(data []byte) (SoundInfo, string, error) {
	const pageHeader = 27
	if len(data) < pageHeader {
		return SoundInfo{}, "the Ogg page header is cut short", ErrDecode
	}
	if v := data[4]; v != 0 {
		return SoundInfo{}, fmt.Sprintf("Ogg version %d is not supported", v), ErrFormat
	}
	segs := int(data[26])
	if len(data) < pageHeader+segs {
		return SoundInfo{}, "the first Ogg page is cut short", ErrDecode
	}
	packet := data[pageHeader+segs:]
	switch {
	case bytes.HasPrefix(packet, []byte("OpusHead")):
		return SoundInfo{}, "Ogg Opus is not supported: encode the sound as Ogg Vorbis", ErrFormat
	case !bytes.HasPrefix(packet, []byte("\x01vorbis")):
		return SoundInfo{}, "an Ogg stream, but not Vorbis", ErrFormat
	case len(packet) < 16:
		return SoundInfo{}, "the Vorbis identification header is cut short", ErrDecode
	}
	info := SoundInfo{
		Format:     SoundVorbis,
		Channels:   int(packet[11]),
		SampleRate: int(binary.LittleEndian.Uint32(packet[12:])),
	}
	if info.Channels == 0 || info.SampleRate == 0 {
		return SoundInfo{}, fmt.Sprintf("the Vorbis header says %d channels at %d Hz", info.Channels, info.SampleRate), ErrDecode
	}
	if msg := checkRate(info.SampleRate); msg != "" {
		return SoundInfo{}, msg, ErrFormat
	}
	if info.Channels > 2 {
		// ebitengine's Vorbis decoder plays mono and stereo only, as
		// the WAV check above says for WAV.
		return SoundInfo{}, fmt.Sprintf("%d channels: only mono and stereo are supported (save the sound as mono or stereo)", info.Channels), ErrFormat
	}
	return info, "", nil
}
