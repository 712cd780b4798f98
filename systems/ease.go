package systems

import "math"

// Ease maps a tween's progress t, from 0 to 1, to how far along its value
// is: 0 at the start, 1 at the end, and possibly beyond both in between
// (Back and Elastic overshoot). The functions below are the usual ones
// (Robert Penner's, as drawn on easings.net); any func(float64) float64
// with f(0) = 0 and f(1) = 1 will do.
type Ease func(t float64) float64

// Linear moves at constant speed.
func Linear(t float64) float64 { return t }

// InQuad starts slowly and accelerates (t²).
func InQuad(t float64) float64 { return t * t }

// OutQuad starts fast and decelerates.
func OutQuad(t float64) float64 { return 1 - (1-t)*(1-t) }

// InOutQuad accelerates, then decelerates.
func InOutQuad(t float64) float64 {
	if t < 0.5 {
		return 2 * t * t
	}
	u := -2*t + 2
	return 1 - u*u/2
}

// InCubic starts slowly and accelerates (t³).
func InCubic(t float64) float64 { return t * t * t }

// OutCubic starts fast and decelerates.
func OutCubic(t float64) float64 {
	u := 1 - t
	return 1 - u*u*u
}

// InOutCubic accelerates, then decelerates.
func InOutCubic(t float64) float64 {
	if t < 0.5 {
		return 4 * t * t * t
	}
	u := -2*t + 2
	return 1 - u*u*u/2
}

// InSine starts slowly, along a quarter sine wave.
func InSine(t float64) float64 { return 1 - math.Cos(t*math.Pi/2) }

// OutSine decelerates along a quarter sine wave.
func OutSine(t float64) float64 { return math.Sin(t * math.Pi / 2) }

// InOutSine accelerates, then decelerates, along half a sine wave.
func InOutSine(t float64) float64 { return -(math.Cos(math.Pi*t) - 1) / 2 }

// InExpo starts almost still and accelerates exponentially.
func InExpo(t float64) float64 {
	if t <= 0 {
		return 0
	}
	return math.Pow(2, 10*t-10)
}

// OutExpo starts fast and settles exponentially.
func OutExpo(t float64) float64 {
	if t >= 1 {
		return 1
	}
	return 1 - math.Pow(2, -10*t)
}

// InOutExpo accelerates, then settles, exponentially.
func InOutExpo(t float64) float64 {
	switch {
	case t <= 0:
		return 0
	case t >= 1:
		return 1
	case t < 0.5:
		return math.Pow(2, 20*t-10) / 2
	}
	return (2 - math.Pow(2, -20*t+10)) / 2
}

// The constants of the Back and Elastic easings, as on easings.net.
const (
	backC1    = 1.70158
	backC2    = backC1 * 1.525
	backC3    = backC1 + 1
	elasticC4 = 2 * math.Pi / 3
	elasticC5 = 2 * math.Pi / 4.5
)

// InBack pulls back a little before moving forward.
func InBack(t float64) float64 { return backC3*t*t*t - backC1*t*t }

// OutBack overshoots the end a little and comes back.
func OutBack(t float64) float64 {
	if t <= 0 {
		return 0 // 1 - backC3 + backC1 is 0 only up to rounding
	}
	u := t - 1
	return 1 + backC3*u*u*u + backC1*u*u
}

// InOutBack pulls back at the start and overshoots at the end.
func InOutBack(t float64) float64 {
	if t < 0.5 {
		return (2 * t) * (2 * t) * ((backC2+1)*2*t - backC2) / 2
	}
	u := 2*t - 2
	return (u*u*((backC2+1)*u+backC2) + 2) / 2
}

// InElastic winds up with growing oscillations before it leaves.
func InElastic(t float64) float64 {
	if t <= 0 || t >= 1 {
		return math.Round(t)
	}
	return -math.Pow(2, 10*t-10) * math.Sin((t*10-10.75)*elasticC4)
}

// OutElastic overshoots and oscillates around the end like a spring.
func OutElastic(t float64) float64 {
	if t <= 0 || t >= 1 {
		return math.Round(t)
	}
	return math.Pow(2, -10*t)*math.Sin((t*10-0.75)*elasticC4) + 1
}

// InOutElastic oscillates at both ends.
func InOutElastic(t float64) float64 {
	switch {
	case t <= 0:
		return 0
	case t >= 1:
		return 1
	case t < 0.5:
		return -(math.Pow(2, 20*t-10) * math.Sin((20*t-11.125)*elasticC5)) / 2
	}
	return math.Pow(2, -20*t+10)*math.Sin((20*t-11.125)*elasticC5)/2 + 1
}

// OutBounce bounces against the end like a dropped ball.
func OutBounce(t float64) float64 {
	const n1, d1 = 7.5625, 2.75
	switch {
	case t < 1/d1:
		return n1 * t * t
	case t < 2/d1:
		t -= 1.5 / d1
		return n1*t*t + 0.75
	case t < 2.5/d1:
		t -= 2.25 / d1
		return n1*t*t + 0.9375
	}
	t -= 2.625 / d1
	return n1*t*t + 0.984375
}

// InBounce bounces against the start before it leaves.
func InBounce(t float64) float64 { return 1 - OutBounce(1-t) }

// InOutBounce bounces at both ends.
func InOutBounce(t float64) float64 {
	if t < 0.5 {
		return (1 - OutBounce(1-2*t)) / 2
	}
	return (1 + OutBounce(2*t-1)) / 2
}
