// Package engine runs Tessera games: a deterministic fixed-step loop that
// drives a stack of scenes, input mapped to named actions, an event bus,
// configuration from a file, the environment and flags, and a headless runner. It never imports
// ebitengine, so it builds and tests anywhere; the window is package
// engine/window. A game's main makes one call: [Run] (with engine/window
// imported, which registers itself as the runtime) or [window.Run].
//
// # Outline
//
//   - Loop: [FixedLoop], [NewFixedLoop], [FixedLoop.Tick],
//     [FixedLoop.TickSteps], [Stepper], [Tick]; pause, time scale and rate
//     ([FixedLoop.Pause], [FixedLoop.SetTimeScale], [FixedLoop.SetHz]).
//   - Running: [Main], [Run], [Engine], [New], [Engine.Run],
//     [Engine.Frame], [Engine.Stop]; headless:
//     [Headless], [NewHeadless], [HeadlessOptions], [ScriptedInput],
//     [Headless.RunSteps], [Headless.RunUntil], [Headless.Run].
//   - Events: [Events], [Event], [EventKind], [SceneError].
//   - Input: [Input], [NewInput], [Actions], [InputOf], [InputResource],
//     [Button], [LookupButton].
//   - Services: [AssetsOf], [ConfigOf], [LastReload], [PlaySound],
//     [PlaySoundVolume], [PlayMusicOf], [StopMusicOf], [SoundResource],
//     [Sound].
//   - Configuration: [Config], [DefaultConfig], [LoadConfig],
//     [LoadOptions], [Key], [Keys], [ConfigError] and the Err sentinels.
//
// # The loop
//
// Each frame the runtime feeds the frame's length to the [FixedLoop],
// which owes floor(accumulated / step) steps of 1/hz seconds. For each
// step the engine runs the top scene's fixed systems ([world.Fixed]), then
// its FixedUpdate(dt), then the step boundary, where the scene requests
// queued during the step are made ([scene.Manager.Apply]). After the steps
// come the frame systems ([world.Frame]), the scene's Update(dt, alpha)
// and another boundary for the requests queued meanwhile; alpha, from 0 to
// 1, is the share of a step accumulated since the last one, for drawing
// between the last two steps. A frame runs zero steps or several, at most
// loop.max_steps; the rest of a long stall is dropped and reported as an
// [EventStall], so the game slows down rather than freezing.
//
// Steps see only simulated time ([world.Context] Now and Step), never the
// wall clock: the same frame lengths and input give the same game on every
// machine. The [Headless] runner feeds simulated frames, so a test drives
// a game step by step.
//
// # Errors
//
// A system that returns an error or panics is reported on [Engine.Events]
// as an [EventError] whose System and Phase name it; the systems after it
// still run and the game goes on. So do scenes whose FixedUpdate or Update
// panics ([SceneError]) and scene changes whose OnEnter or OnExit fails.
//
// # Input
//
// Actions ("jump") are bound to buttons in the configuration
// (input.actions.jump: [Space, GamepadA]), and 2D axes to four actions.
// Gamepad sticks are analog buttons (GamepadLStickLeft …, [Button.Analog]):
// an action bound to one has the stick's push as its [Actions.Value].
// Systems read them with [InputOf](ctx); a system that declares its access
// lists [InputResource] in ReadsResources. Edges seen between fixed steps are
// latched until a fixed step consumes them, so a fixed-phase system never
// misses a press or sees it twice, whether a frame runs zero steps or
// several; frame-phase systems get a per-frame view. See [Input].
//
// # Configuration
//
// [LoadConfig] reads, from lowest precedence to highest: defaults, a config
// file (tessera.yaml by default), the environment (TESSERA_WINDOW_WIDTH)
// and flags (-window.width). A value of the wrong type or out of range,
// and an unknown key in the file, are [ConfigError] values naming the key
// and the source. Games add keys of their own ([Key]). The keys are listed
// in docs/CONFIG.md and by [Keys].
//
// [window.Run]: https://pkg.go.dev/github.com/tessera-engine/tessera/engine/window#Run
package engine
