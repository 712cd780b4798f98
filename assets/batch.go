package assets

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
)

// Batch is a list of assets to load together, with progress: what a
// loading screen loads. Make one with [Loader.Batch], add requests, then
// call [Batch.Load].
//
// A Batch is not safe for concurrent use while it is being built; Load
// may be called again (the cached assets then load at once). Load panics
// on a Batch that [Loader.Batch] did not make.
type Batch struct {
	// Workers is how many goroutines load at once; zero means
	// runtime.GOMAXPROCS(0), and 1 loads the requests one after another,
	// in order.
	Workers int

	loader   *Loader
	requests []Request
}

// Result is what loading one [Request] of a batch gave.
type Result struct {
	Request
	// Asset is the loaded asset: an *Image, *Atlas, *Font, *Sound or
	// *Data, as the request's kind says; nil if Err is not nil.
	Asset any
	// Err is the load's error, or the context's error for a request that
	// was not loaded because the batch was cancelled.
	Err error
}

// Batch returns a batch of the given requests to load with l.
func (l *Loader) Batch(reqs ...Request) *Batch {
	return &Batch{loader: l, requests: append([]Request(nil), reqs...)}
}

// Add adds a request of kind for each path, and returns b.
func (b *Batch) Add(kind Kind, paths ...string) *Batch {
	for _, p := range paths {
		b.requests = append(b.requests, Request{Kind: kind, Path: p})
	}
	return b
}

// AddGrid adds a request for the image at path cut into g's cells (see
// [Loader.Grid]), and returns b.
func (b *Batch) AddGrid(path string, g Grid) *Batch {
	g = g.clone()
	b.requests = append(b.requests, Request{Kind: KindAtlas, Path: path, Grid: &g})
	return b
}

// Len returns the number of requests.
func (b *Batch) Len() int { return len(b.requests) }

// Load loads every request, with [Batch.Workers] goroutines, into the
// loader's cache, and returns the results in the order of the requests
// with every error joined, in that order too. A request whose asset is in
// the cache already completes at once.
//
// progress, if not nil, is called with (0, total) first, then after each
// request completes with the number of completed requests: done rises by
// one each call, up to total. It is called on the goroutine that called
// Load, never concurrently. Which request completes when varies from run
// to run with several workers; the results, the errors and the cache do
// not.
//
// Cancelling ctx stops the batch: requests not yet started are not loaded
// (their Err is the context's error), and Load returns once the loads in
// progress, at most one per worker, have finished. Those complete: the
// cache never holds a half-loaded asset. The returned error then wraps the
// context's error.
func (b *Batch) Load(ctx context.Context, progress func(done, total int)) ([]Result, error) {
	if b.loader == nil {
		panic(errors.New("assets: Load of a Batch not made by Loader.Batch"))
	}
	total := len(b.requests)
	results := make([]Result, total)
	for i, r := range b.requests {
		results[i].Request = r
	}
	if progress != nil {
		progress(0, total)
	}
	workers := b.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, total)

	jobs := make(chan int)
	completed := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results[i].Asset, results[i].Err = b.loader.load(results[i].Request)
				completed <- i
			}
		}()
	}

	next, done := 0, 0
	cancelled := false
	for done < next || (next < total && !cancelled) {
		if !cancelled && ctx.Err() != nil {
			cancelled = true // before the select could see it
			continue
		}
		var send chan int
		var stop <-chan struct{}
		if !cancelled {
			stop = ctx.Done()
			if next < total {
				send = jobs
			}
		}
		select {
		case send <- next:
			next++
		case <-completed:
			done++
			if progress != nil {
				progress(done, total)
			}
		case <-stop:
			cancelled = true // send no more; wait for the loads in progress
		}
	}
	close(jobs)
	wg.Wait()

	var errs []error
	for i := range results {
		if i >= next {
			results[i].Err = ctx.Err()
		} else if results[i].Err != nil {
			errs = append(errs, results[i].Err)
		}
	}
	if next < total {
		errs = append(errs, fmt.Errorf("assets: batch cancelled after %d of %d requests: %w", done, total, ctx.Err()))
	}
	return results, join(errs)
}

// join joins errs, returning a single error as it is.
func join(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}

// load loads one request.
func (l *Loader) load(r Request) (any, error) {
	var a any
	var err error
	switch r.Kind {
	case KindImage:
		a, err = l.Image(r.Path)
	case KindAtlas:
		if r.Grid != nil {
			a, err = l.Grid(r.Path, *r.Grid)
		} else {
			a, err = l.Atlas(r.Path)
		}
	case KindFont:
		a, err = l.Font(r.Path)
	case KindSound:
		a, err = l.Sound(r.Path)
	case KindData:
		a, err = l.Data(r.Path)
	default:
		err = newError(r.Path, ErrFormat, fmt.Sprintf("unknown asset kind %v", r.Kind))
	}
	if err != nil {
		return nil, err // not a typed nil in an interface
	}
	return a, nil
}
