package loaderr

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestWritePosition(t *testing.T) {
	tests := []struct {
		file      string
		line, col int
		want      string
	}{
		{"a.yaml", 3, 7, "a.yaml:3:7: "},
		{"a.yaml", 3, 0, "a.yaml:3: "},
		{"a.yaml", 0, 7, "a.yaml: "},
		{"", 3, 7, ""},
	}
	for _, tt := range tests {
		var b strings.Builder
		WritePosition(&b, tt.file, tt.line, tt.col)
		if got := b.String(); got != tt.want {
			t.Errorf("WritePosition(%q, %d, %d) = %q, want %q", tt.file, tt.line, tt.col, got, tt.want)
		}
	}
}

type testError struct{ n int }

func (e *testError) Error() string { return fmt.Sprint("error ", e.n) }

func TestAll(t *testing.T) {
	e1, e2, e3 := &testError{1}, &testError{2}, &testError{3}
	err := errors.Join(e1, errors.New("other"), errors.Join(fmt.Errorf("wrapped: %w", e2), e3))
	got := All[*testError](err)
	if len(got) != 3 || got[0] != e1 || got[1] != e2 || got[2] != e3 {
		t.Errorf("All(joined) = %v, want [error 1 error 2 error 3]", got)
	}
	if got := All[*testError](e1); len(got) != 1 || got[0] != e1 {
		t.Errorf("All(e1) = %v, want [error 1]", got)
	}
	if got := All[*testError](nil); got != nil {
		t.Errorf("All(nil) = %v, want nil", got)
	}
	if got := All[*testError](errors.New("none")); got != nil {
		t.Errorf("All(no match) = %v, want nil", got)
	}
}
