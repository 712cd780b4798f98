package stresskit

import "github.com/tessera-engine/tessera/world"

// SystemTime is one system's timing over the last steps of a run (see
// world.World.Timings), in nanoseconds: part of a JSON result line.
type SystemTime struct {
	System   string  `json:"system"`
	Phase    string  `json:"phase"`
	Samples  int     `json:"samples"`
	RunAvg   float64 `json:"run_avg_ns"`
	RunMin   float64 `json:"run_min_ns"`
	RunMax   float64 `json:"run_max_ns"`
	ApplyAvg float64 `json:"apply_avg_ns"`
	ApplyMax float64 `json:"apply_max_ns"`
}

// SystemTimes converts a world's timings to SystemTimes, in order; nil
// for none. It allocates.
func SystemTimes(ts []world.SystemTiming) []SystemTime {
	if len(ts) == 0 {
		return nil
	}
	out := make([]SystemTime, len(ts))
	for i, t := range ts {
		out[i] = SystemTime{
			System: t.System, Phase: t.Phase.String(), Samples: t.Run.Samples,
			RunAvg: float64(t.Run.Avg), RunMin: float64(t.Run.Min), RunMax: float64(t.Run.Max),
			ApplyAvg: float64(t.Apply.Avg), ApplyMax: float64(t.Apply.Max),
		}
	}
	return out
}
