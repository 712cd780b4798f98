// Package audio plays the sounds package assets loads, through
// ebitengine's audio package: one-shot effects that overlap, up to a cap,
// and one looping music track, under a master volume and a mute switch.
//
// # Outline
//
//   - The mixer: [Mixer], [New], [Options] ([DefaultSampleRate],
//     [DefaultMaxVoices], [Options.Silent]), [Mixer.Close]; [DeviceLikely]
//     before it.
//   - Clips: [Mixer.Load] decodes an [assets.Sound] once into a [Clip]
//     ([Clip.Path], [Clip.Duration], [Clip.Volume], [Clip.SetVolume]);
//     [DecodeError] names the sound that would not decode, and wraps
//     [ErrClipSize] for one larger than [Options.MaxClipBytes]
//     ([DefaultMaxClipBytes]).
//   - Effects: [Mixer.Play], [Mixer.PlayVolume], [Mixer.Voices],
//     [Mixer.MaxVoices], [Mixer.StopAll].
//   - Music: [Mixer.PlayMusic], [Mixer.StopMusic], [Mixer.Music],
//     [Mixer.SetMusicVolume].
//   - Volume: [Mixer.SetVolume], [Mixer.SetMuted].
//
// # Sounds, clips and voices
//
// The assets loader reads a sound file and checks its header (WAV, 8- or
// 16-bit PCM, or Ogg Vorbis) without decoding it. [Mixer.Load] decodes it,
// once, into samples at the mixer's rate (resampling if the file's rate
// differs): a [Clip]. Load clips when a scene starts, as decoding Ogg
// Vorbis takes time, and play them as often as the game likes. A clip's
// decoded size is known before decoding and bounded by
// [Options.MaxClipBytes], so that no sound makes Load take gigabytes.
//
// Each [Mixer.Play] starts a voice: a player of the clip, made the first
// time and reused once its sound has ended, so plays of one clip overlap
// and, in steady state, playing allocates nothing of the mixer's own.
// At most [Options.MaxVoices] voices play at once; one more stops the one
// started longest ago. The music is one clip played in a loop by
// [Mixer.PlayMusic], outside that cap.
//
// # Volume
//
// Volumes are linear, in [0, 1]. A one-shot voice plays at master ×
// clip × the play's own volume ([Mixer.PlayVolume]); the music at master ×
// music × clip volume. Muting sets every player's volume to 0 and keeps the
// volumes, so unmuting restores them; sounds go on playing meanwhile.
//
// # Without a sound card
//
// The package imports ebitengine's audio package only, not ebitengine
// itself, so its binaries and tests start without a display. But once an
// audio context exists, a game loop on a machine whose audio device cannot
// be opened (a CI machine, a container, a desktop without a sound card)
// ends within its first frames with ebitengine's error, such as "oto: ALSA
// error at snd_pcm_open". Outside a game loop nothing fails: the device's
// error is reported by the loop only, and plays on such a context never
// end. So a game offers a way to run without sound, and then makes its
// mixer with [Options.Silent]; [DeviceLikely] looks, without opening
// anything, for a device or sound server, so that a game can default to
// silence where there is none (walk-room's -sound auto does). A silent
// mixer makes no audio context and keeps the same state, playing nothing.
// On Linux, tests and screenshot runs may instead point ALSA at its null
// device, which plays everything at once into nothing, as this package's
// tests do: ALSA_CONFIG_PATH set to /usr/share/alsa/alsa.conf, a colon,
// and a file holding `pcm.!default { type null }`.
//
// # Game logic
//
// Package audio imports ebitengine, which game logic must not (its tests
// would need a display). Systems that want a sound played say so through
// the game's own interface or event, which the windowed part of the game
// answers with the mixer.
package audio
