module github.com/tessera-engine/tessera/bench

go 1.26

replace github.com/tessera-engine/tessera => ../

require (
	github.com/mlange-42/ark v0.8.3
	github.com/tessera-engine/tessera v0.0.0-00010101000000-000000000000
	github.com/yohamta/donburi v1.15.8
)
