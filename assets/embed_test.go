package assets_test

import (
	"embed"
	"io/fs"
)

//go:embed testdata
var embedded embed.FS

// testdata is the fixtures as a game ships them: in an embed.FS.
var testdata, _ = fs.Sub(embedded, "testdata")
