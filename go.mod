module github.com/tessera-engine/tessera

go 1.26
