// Package poll paces the hot-reload watchers of assets and prefab, which
// look at their files' sizes and modification times at most once per
// interval of wall-clock time. Polling needs no dependency and behaves the
// same on every system and with every io/fs.FS. The watchers are polled
// between steps, never inside one, so the wall clock read here never
// reaches a step's logic.
package poll

import "time"

// Pace tells whether enough time has passed to look again. Its zero value
// is always due. A Pace is not safe for concurrent use.
type Pace struct {
	interval time.Duration
	next     time.Time
	now      func() time.Time
}

// Every returns a Pace due at most once per interval; zero or less means
// always.
func Every(interval time.Duration) Pace {
	return Pace{interval: interval, now: time.Now}
}

// Due reports whether the interval has passed since Due last returned
// true (or this is the first call), and if so starts the next interval.
// It costs a clock read and allocates nothing.
func (p *Pace) Due() bool {
	if p.interval <= 0 {
		return true
	}
	now := p.now()
	if now.Before(p.next) {
		return false
	}
	p.next = now.Add(p.interval)
	return true
}
