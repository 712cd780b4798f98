package world

//go:generate go run ./internal/gen
