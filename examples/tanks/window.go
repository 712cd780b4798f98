//go:build tesserawindow

package main

import _ "github.com/tessera-engine/tessera/engine/window" // the window engine.Main opens
