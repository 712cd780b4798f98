// Package compact is the compact save-string codec: an entity whose save
// is a type and a few numbers becomes one short ASCII string such as
// "#g(q-!ok{)", read back through the definitions the save carries. It
// imports the standard library only.
//
// # Outline
//
//   - Definitions: [Definition], [Property], [Kind] and its constants
//     [Int], [Uint], [Boolean], [Float32], [String].
//   - Tables: [NewTable] (a build's definitions, keys in order),
//     [LoadTable] (a save's, keys given), [Table.Definitions],
//     [Table.Used], [Table.Key].
//   - Values: [Value], [Absent], [IntValue], [UintValue], [FloatValue],
//     [Float32Value], [BoolValue], [StringValue]; [Entity], [Field].
//   - Codec: [Table.Encode], [Table.AppendEncode], [Table.Decode],
//     [Table.AppendDecode].
//   - Errors: [Error] and the Err sentinels; [ErrNoFit] says "keep this
//     entity as a plain object".
//
// # The string
//
// A string is the definition key, then one field per property in
// definition order: "!" for an absent value, or the value. Fields after
// the last present one are left out. Numbers are little-endian base-45
// varints: every digit but the last is a character of
// "PQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}", the last one of
// "#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNO", the digit being the
// character's position, so a number below 45 is one character and a reader
// knows where each number ends.
//
//	int      (value − offset) / step × 10^decimals, zigzagged (n ≥ 0 → 2n, n < 0 → −2n−1)
//	uint     (value − offset) / step × 10^decimals
//	boolean  0 or 1
//	float32  the 32 IEEE 754 bits
//	string   the length in UTF-16 code units, then the characters; 0 is null (read as absent)
//
// An entity fits its definition when its definition has every property it
// gives and every value is one its property holds exactly: a stored
// integer must come out whole and in range and read back as the very
// value. An empty string never fits. An entity that does not fit stays a
// plain object in the save.
//
// # Evolution
//
// A save carries its definitions ([Table.Used] picks the ones its strings
// need; [Definition] has the YAML and JSON tags of that form), so a later
// build may append, reorder or drop properties: read the save's strings
// with [LoadTable] of the save's own definitions, then match fields to
// the current build's by name. A field the current build dropped is then
// one to report or ignore; one it added is absent, so it keeps its
// default.
package compact
