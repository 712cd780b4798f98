package engine

// InputHarness exposes an Input's step boundary to the tests, which drive
// an Input the way the engine does.
type InputHarness struct{ in *Input }

func ExportInputHarness(in *Input) InputHarness { return InputHarness{in} }

// EndStep consumes the edges latched for the fixed view.
func (h InputHarness) EndStep() { h.in.endStep() }

// RunMain is Main without the exit.
var RunMain = runMain
