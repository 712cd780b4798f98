package assets_test

import (
	"io/fs"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tessera-engine/tessera/assets"
)

// oggOf returns the start of an Ogg stream whose first packet is packet.
func oggOf(version byte, packet []byte) []byte {
	page := []byte("OggS")
	page = append(page, version, 2)
	page = append(page, make([]byte, 20)...) // granule, serial, sequence, checksum
	page = append(page, 1, byte(len(packet)))
	return append(page, packet...)
}

// vorbisHeader returns a Vorbis identification header.
func vorbisHeader(channels byte, rate uint32) []byte {
	h := []byte("\x01vorbis\x00\x00\x00\x00")
	h = append(h, channels, byte(rate), byte(rate>>8), byte(rate>>16), byte(rate>>24))
	return append(h, make([]byte, 14)...)
}

func TestSound(t *testing.T) {
	ogg, err := fs.ReadFile(testdata, "theme.ogg")
	if err != nil {
		t.Fatal(err)
	}
	with := func(f func(h *wavHeader)) []byte {
		h := pcm16
		f(&h)
		return wavOf(h)
	}
	tests := []struct {
		name string
		data []byte
		info assets.SoundInfo
		want string
		kind error
	}{
		{name: "16-bit mono", data: wavOf(pcm16), info: assets.SoundInfo{Format: assets.SoundWAV, Channels: 1, SampleRate: 8000, BitsPerSample: 16, Duration: 100 * time.Millisecond}},
		{name: "8-bit stereo", data: with(func(h *wavHeader) { h.channels, h.bits, h.rate, h.dataSize = 2, 8, 22050, 44100 }),
			info: assets.SoundInfo{Format: assets.SoundWAV, Channels: 2, SampleRate: 22050, BitsPerSample: 8, Duration: time.Second}},
		{name: "long fmt and extra chunk", data: with(func(h *wavHeader) { h.fmtSize = 18; h.extra = []byte("LIST\x04\x00\x00\x00abcd") }),
			info: assets.SoundInfo{Format: assets.SoundWAV, Channels: 1, SampleRate: 8000, BitsPerSample: 16, Duration: 100 * time.Millisecond}},
		{name: "Ogg Vorbis file", data: ogg, info: assets.SoundInfo{Format: assets.SoundVorbis, Channels: 1, SampleRate: 44100}},
		{name: "Ogg Vorbis stereo", data: oggOf(0, vorbisHeader(2, 48000)), info: assets.SoundInfo{Format: assets.SoundVorbis, Channels: 2, SampleRate: 48000}},
		{name: "the lowest rate", data: with(func(h *wavHeader) { h.rate, h.dataSize = assets.MinSampleRate, 800 }),
			info: assets.SoundInfo{Format: assets.SoundWAV, Channels: 1, SampleRate: 4000, BitsPerSample: 16, Duration: 100 * time.Millisecond}},
		{name: "the highest rate", data: oggOf(0, vorbisHeader(1, assets.MaxSampleRate)), info: assets.SoundInfo{Format: assets.SoundVorbis, Channels: 1, SampleRate: 768000}},

		{name: "neither", data: []byte("ID3\x04 an mp3"), want: "s: not a WAV or Ogg Vorbis file", kind: assets.ErrFormat},
		{name: "RIFF but not WAVE", data: []byte("RIFF\x04\x00\x00\x00AVI "), want: "s: a RIFF file, but not WAVE", kind: assets.ErrFormat},
		{name: "float", data: with(func(h *wavHeader) { h.encoding, h.bits = 3, 32 }), want: "s: float samples are not supported: save the sound as 16-bit PCM", kind: assets.ErrFormat},
		{name: "extensible", data: with(func(h *wavHeader) { h.encoding = 0xfffe }), want: "s: WAVE_FORMAT_EXTENSIBLE is not supported: save the sound as plain 16-bit PCM", kind: assets.ErrFormat},
		{name: "ADPCM", data: with(func(h *wavHeader) { h.encoding = 2 }), want: "s: encoding 0x0002 is not supported: save the sound as 16-bit PCM", kind: assets.ErrFormat},
		{name: "6 channels", data: with(func(h *wavHeader) { h.channels = 6 }), want: "s: 6 channels: only mono and stereo are supported", kind: assets.ErrFormat},
		{name: "24 bits", data: with(func(h *wavHeader) { h.bits = 24 }), want: "s: 24 bits per sample: only 8 and 16 are supported", kind: assets.ErrFormat},
		{name: "rate 0", data: with(func(h *wavHeader) { h.rate = 0 }), want: "s: the sample rate is 0", kind: assets.ErrDecode},
		{name: "short fmt", data: with(func(h *wavHeader) { h.fmtSize = 14 }), want: "s: the fmt chunk has 14 bytes; it needs 16", kind: assets.ErrDecode},
		{name: "fmt cut short", data: wavOf(pcm16)[:30], want: "s: the fmt chunk is cut short: 10 of 16 bytes", kind: assets.ErrDecode},
		{name: "data first", data: with(func(h *wavHeader) { h.dataFirst = true }), want: "s: the data chunk comes before the fmt chunk", kind: assets.ErrDecode},
		{name: "data cut short", data: with(func(h *wavHeader) { h.have = 100 }), want: "s: the data chunk is cut short: 100 of 1600 bytes", kind: assets.ErrDecode},
		{name: "no data chunk", data: wavOf(pcm16)[:36], want: "s: the file ends at byte 36, before a data chunk", kind: assets.ErrDecode},
		{name: "chunk cut short", data: with(func(h *wavHeader) { h.extra = []byte("LIST\xff\xff\x00\x00abcd") }), want: `s: chunk "LIST" is cut short: 1612 of 65535 bytes`, kind: assets.ErrDecode},
		{name: "Ogg header cut short", data: []byte("OggS\x00"), want: "s: the Ogg page header is cut short", kind: assets.ErrDecode},
		{name: "Ogg version", data: oggOf(1, vorbisHeader(2, 48000)), want: "s: Ogg version 1 is not supported", kind: assets.ErrFormat},
		{name: "Ogg page cut short", data: oggOf(0, nil)[:27], want: "s: the first Ogg page is cut short", kind: assets.ErrDecode},
		{name: "Opus", data: oggOf(0, []byte("OpusHead\x01\x02")), want: "s: Ogg Opus is not supported: encode the sound as Ogg Vorbis", kind: assets.ErrFormat},
		{name: "Ogg but not Vorbis", data: oggOf(0, []byte("\x80theora")), want: "s: an Ogg stream, but not Vorbis", kind: assets.ErrFormat},
		{name: "Vorbis header cut short", data: oggOf(0, []byte("\x01vorbis\x00")), want: "s: the Vorbis identification header is cut short", kind: assets.ErrDecode},
		// ebitengine's audio/vorbis (v2.8.8 vorbis.go:77) plays 1 or 2
		// channels only: a 5.1 file is refused when it loads, not when it
		// plays.
		{name: "Vorbis of 3 channels", data: oggOf(0, vorbisHeader(3, 44100)), want: "s: 3 channels: only mono and stereo are supported (save the sound as mono or stereo)", kind: assets.ErrFormat},
		{name: "Vorbis 5.1", data: oggOf(0, vorbisHeader(6, 44100)), want: "s: 6 channels: only mono and stereo are supported (save the sound as mono or stereo)", kind: assets.ErrFormat},
		{name: "Vorbis of 255 channels", data: oggOf(0, vorbisHeader(255, 44100)), want: "s: 255 channels: only mono and stereo are supported (save the sound as mono or stereo)", kind: assets.ErrFormat},
		{name: "Vorbis without channels", data: oggOf(0, vorbisHeader(0, 48000)), want: "s: the Vorbis header says 0 channels at 48000 Hz", kind: assets.ErrDecode},
		// Rates no device plays: resampling 64 KB claiming 1 Hz to 44100 Hz
		// took 12 s and 2.8 GB.
		{name: "rate 1 Hz", data: with(func(h *wavHeader) { h.rate = 1 }), want: "s: a sample rate of 1 Hz: devices play 4000 to 768000 Hz; save the sound at 44100 or 48000 Hz", kind: assets.ErrFormat},
		{name: "rate under the lowest", data: with(func(h *wavHeader) { h.rate = assets.MinSampleRate - 1 }), want: "s: a sample rate of 3999 Hz: devices play 4000 to 768000 Hz; save the sound at 44100 or 48000 Hz", kind: assets.ErrFormat},
		{name: "rate over the highest", data: with(func(h *wavHeader) { h.rate = 1 << 31 }), want: "s: a sample rate of 2147483648 Hz: devices play 4000 to 768000 Hz; save the sound at 44100 or 48000 Hz", kind: assets.ErrFormat},
		{name: "Vorbis at 1 Hz", data: oggOf(0, vorbisHeader(2, 1)), want: "s: a sample rate of 1 Hz: devices play 4000 to 768000 Hz; save the sound at 44100 or 48000 Hz", kind: assets.ErrFormat},
		{name: "Vorbis too fast", data: oggOf(0, vorbisHeader(2, 10_000_000)), want: "s: a sample rate of 10000000 Hz: devices play 4000 to 768000 Hz; save the sound at 44100 or 48000 Hz", kind: assets.ErrFormat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := assets.New(fstest.MapFS{"s": {Data: tt.data}}).Sound("s")
			if tt.want != "" {
				checkError(t, "Sound", err, tt.want, tt.kind)
				return
			}
			if err != nil {
				t.Fatalf("Sound() = %v", err)
			}
			if s.Info() != tt.info || len(s.Bytes()) != len(tt.data) || s.Path() != "s" {
				t.Errorf("Sound() = %+v, %d bytes, path %q; want %+v, %d, \"s\"", s.Info(), len(s.Bytes()), s.Path(), tt.info, len(tt.data))
			}
		})
	}
}
