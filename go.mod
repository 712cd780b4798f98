module github.com/tessera-engine/tessera

go 1.26

require (
	github.com/go-text/typesetting v0.2.0
	github.com/hajimehoshi/ebiten/v2 v2.8.8
	github.com/lafriks/go-tiled v0.13.0
	github.com/pelletier/go-toml/v2 v2.2.4
	github.com/solarlune/resolv v0.8.1
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/image v0.20.0
)

require (
	github.com/ebitengine/gomobile v0.0.0-20240911145611-4856209ac325 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/oto/v3 v3.3.3 // indirect
	github.com/ebitengine/purego v0.8.0 // indirect
	github.com/jezek/xgb v1.1.1 // indirect
	github.com/jfreymuth/oggvorbis v1.0.5 // indirect
	github.com/jfreymuth/vorbis v1.0.2 // indirect
	golang.org/x/sync v0.16.0 // indirect
	golang.org/x/sys v0.29.0 // indirect
	golang.org/x/text v0.28.0 // indirect
)
