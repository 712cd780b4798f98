package compact

import "math/bits"

// The two alphabets of base-45 digits: every digit of a number but its
// last comes from moreDigits, the last from lastDigits, so a reader knows
// a number has ended when it reads a character of lastDigits. A digit's
// value is its position in its alphabet.
const (
	moreDigits = "PQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}"
	lastDigits = "#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNO"
	absentMark = '!'
)

// digitValue maps a byte to its digit: 0…44 for lastDigits, 64+0…64+44
// for moreDigits, and notDigit for every other byte.
var digitValue = func() (t [256]uint8) {
	for i := range t {
		t[i] = notDigit
	}
	for i := 0; i < 45; i++ {
		t[lastDigits[i]] = uint8(i)
		t[moreDigits[i]] = moreFlag | uint8(i)
	}
	return t
}()

const (
	moreFlag = 64
	notDigit = 255
)

// appendVarint appends v as little-endian base-45 digits.
func appendVarint(b []byte, v uint64) []byte {
	for v >= 45 {
		b = append(b, moreDigits[v%45])
		v /= 45
	}
	return append(b, lastDigits[v])
}

// varintError says why readVarint stopped: the kind of failure and the
// byte at fault.
type varintError struct {
	kind error
	pos  int
}

// readVarint reads the number that starts at s[pos] and returns it and the
// position after it. Digits of value 0 above the last nonzero one are
// accepted (they change nothing), so only a nonzero digit past 64 bits
// overflows.
func readVarint(s string, pos int) (v uint64, next int, fail *varintError) {
	mul := uint64(1)
	mulOver := false // mul has passed 2⁶⁴: any nonzero digit overflows
	for i := pos; ; i++ {
		if i >= len(s) {
			return 0, i, &varintError{ErrTruncated, i}
		}
		d := digitValue[s[i]]
		if d == notDigit {
			return 0, i, &varintError{ErrDigit, i}
		}
		if digit := uint64(d &^ moreFlag); digit != 0 {
			hi, lo := bits.Mul64(digit, mul)
			var carry uint64
			v, carry = bits.Add64(v, lo, 0)
			if mulOver || hi != 0 || carry != 0 {
				return 0, i, &varintError{ErrOverflow, i}
			}
		}
		if d&moreFlag == 0 {
			return v, i + 1, nil
		}
		if !mulOver {
			hi, lo := bits.Mul64(mul, 45)
			mul, mulOver = lo, hi != 0
		}
	}
}
