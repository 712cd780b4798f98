package engine

import "io/fs"

// LoadConfigFS is LoadConfig reading files from fsys (through fs.Stat, so
// a test's file system can fail as a browser's does) and the environment
// from env instead of the process's.
func LoadConfigFS(opts LoadOptions, fsys fs.FS, env map[string]string) (Config, error) {
	return load(opts, system{
		stat: func(name string) (fs.FileInfo, error) { return fs.Stat(fsys, name) },
		open: fsys.Open,
		lookupEnv: func(key string) (string, bool) {
			v, ok := env[key]
			return v, ok
		},
	})
}

// QueryArgs is how Main reads a page's query string in a browser.
var QueryArgs = queryArgs
