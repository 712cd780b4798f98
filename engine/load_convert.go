package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// convert turns a raw value into a value of kind k by one rule whatever
// its source, as the text a player typed in a file, a variable or a flag
// means one thing: an int is decimal digits with an optional sign, a float
// a finite decimal number with an optional exponent, a bool what
// strconv.ParseBool reads (spaces around them are ignored), a string any
// text, and a list a file's list of names or a comma-separated text, each
// name trimmed and empty ones dropped, of at most maxList names.
func convert(k kind, v *node, maxList int) (any, error) {
	switch k {
	case kindInt:
		return toInt(v)
	case kindFloat:
		return toFloat(v)
	case kindBool:
		return toBool(v)
	case kindString, kindButton:
		return toString(v)
	case kindList:
		return toList(v, maxList)
	}
	return nil, fmt.Errorf("engine: no conversion to %v", k)
}

// scalar returns v's text, or an error saying that v is not what is
// wanted.
func scalar(v *node, want string) (string, error) {
	if v.form != formText {
		return "", notA(v, want)
	}
	return v.text, nil
}

func notA(v *node, want string) error {
	return fmt.Errorf("%w: %s is not %s", ErrWrongType, v.describe(), want)
}

func toInt(v *node) (any, error) {
	s, err := scalar(v, "an integer")
	if err != nil {
		return nil, err
	}
	t := strings.TrimSpace(s)
	if !isDecimal(t, false) {
		return nil, notA(v, "an integer")
	}
	n, err := strconv.Atoi(t)
	if err != nil {
		return nil, fmt.Errorf("%w: %s does not fit an int", ErrOutOfRange, quoteShort(t))
	}
	return n, nil
}

func toFloat(v *node) (any, error) {
	s, err := scalar(v, "a number")
	if err != nil {
		return nil, err
	}
	t := strings.TrimSpace(s)
	if !isDecimal(t, true) {
		return nil, notA(v, "a number")
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsInf(f, 0) {
		return nil, fmt.Errorf("%w: %s does not fit a float64", ErrOutOfRange, quoteShort(t))
	}
	return f, nil
}

func toBool(v *node) (any, error) {
	s, err := scalar(v, "true or false")
	if err != nil {
		return nil, err
	}
	b, err := strconv.ParseBool(strings.TrimSpace(s))
	if err != nil {
		return nil, notA(v, "true or false")
	}
	return b, nil
}

func toString(v *node) (any, error) {
	return scalar(v, "a string")
}

func toList(v *node, maxList int) (any, error) {
	out := []string{}
	add := func(name string) error {
		if name = strings.TrimSpace(name); name == "" {
			return nil
		}
		if len(out) == maxList {
			return wrap("", ErrLimit, fmt.Sprintf(": a list of more than LoadOptions.MaxValues (%d) names", maxList))
		}
		out = append(out, name)
		return nil
	}
	switch v.form {
	case formNull:
	case formText:
		for name := range strings.SplitSeq(v.text, ",") {
			if err := add(name); err != nil {
				return nil, err
			}
		}
	case formList:
		for i, item := range v.items {
			if item.form != formText {
				return nil, fmt.Errorf("%w: item %d, %s, is not a name", ErrWrongType, i+1, item.describe())
			}
			if err := add(item.text); err != nil {
				return nil, err
			}
		}
	default:
		return nil, notA(v, "a list of names")
	}
	return out, nil
}

// isDecimal reports whether s is a decimal number: an optional sign and
// digits, and, if fraction is true, optionally a fraction and an exponent
// (1.5, .5, 5., 1e3, -2.5E-3). Not hexadecimal, octal or binary forms, nor
// digit separators, nor Inf and NaN.
func isDecimal(s string, fraction bool) bool {
	i := skipSign(s, 0)
	j := skipDigits(s, i)
	if !fraction {
		return j > i && j == len(s)
	}
	n := j - i
	if j < len(s) && s[j] == '.' {
		k := skipDigits(s, j+1)
		n, j = n+k-j-1, k
	}
	if n == 0 {
		return false
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		e := skipSign(s, j+1)
		if j = skipDigits(s, e); j == e {
			return false
		}
	}
	return j == len(s)
}

// skipSign returns the index after an optional sign at s[i].
func skipSign(s string, i int) int {
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		return i + 1
	}
	return i
}

// skipDigits returns the index after the decimal digits from s[i].
func skipDigits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}
