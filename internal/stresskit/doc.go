// Package stresskit is the timing harness and the report format that
// cmd/stress and the ecs-stress example share: it times fixed steps of
// several copies of one simulation, taking turns in rounds, counts their
// heap allocations, and prints the results as cmd/stress's table or as
// one JSON object per line.
//
// Outline:
//
//   - Timing: [Time], [Sample], [Rounds]; [ThreadTime], [Median].
//   - Results: [Result], [NewResult], [SystemTime], [SystemTimes].
//   - Output: [Table], [NewTable], [Table.Write], [Table.Done].
//   - Flags: [ParseCounts].
package stresskit
