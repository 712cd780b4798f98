package render_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Tests that draw need ebitengine's game loop running: reading pixels
// panics before it starts. So TestMain runs the loop on the main
// goroutine (where ebitengine must run) and the tests on another, as
// ebitengine's own internal/testing does; a test hands the loop work to
// do in its Draw with onScreen.

// screenW and screenH are the logical screen's size.
const screenW, screenH = 320, 240

var requests = make(chan func(screen *ebiten.Image))

// onScreen runs f in the game's next Draw, with the screen, and returns
// when it has run.
func onScreen(f func(screen *ebiten.Image)) {
	done := make(chan struct{})
	requests <- func(screen *ebiten.Image) {
		defer close(done)
		f(screen)
	}
	<-done
}

type loop struct {
	m       *testing.M
	started bool
	code    int
	end     chan struct{}
}

func (g *loop) Update() error {
	if !g.started {
		g.started = true
		go func() {
			g.code = g.m.Run()
			close(g.end)
		}()
	}
	select {
	case <-g.end:
		return ebiten.Termination
	default:
		return nil
	}
}

// Draw serves one request a frame, so each starts on a fresh screen.
func (g *loop) Draw(screen *ebiten.Image) {
	select {
	case f := <-requests:
		f(screen)
	default:
	}
}

func (g *loop) Layout(int, int) (int, int) { return screenW, screenH }

func TestMain(m *testing.M) {
	ebiten.SetWindowTitle("tessera render tests")
	ebiten.SetWindowSize(screenW, screenH)
	ebiten.SetVsyncEnabled(false)
	ebiten.SetRunnableOnUnfocused(true)
	g := &loop{m: m, end: make(chan struct{})}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(os.Stderr, "render tests:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}
