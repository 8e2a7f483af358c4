package shape

import (
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
)

// TestWindowAxis checks TensorFlow's output sizes and paddings
// (GetWindowedOutputSizeVerbose): SAME puts the odd padding after.
func TestWindowAxis(t *testing.T) {
	cases := []struct {
		padding            string
		explicit           [2]int
		in, k, s, d        int
		out, before, after int
	}{
		{"SAME", [2]int{}, 7, 3, 1, 1, 7, 1, 1},
		{"SAME", [2]int{}, 7, 3, 2, 1, 4, 1, 1},
		{"SAME", [2]int{}, 6, 3, 2, 1, 3, 0, 1},
		{"SAME", [2]int{}, 4, 2, 1, 1, 4, 0, 1},
		{"SAME", [2]int{}, 13, 3, 1, 2, 13, 2, 2},
		{"SAME", [2]int{}, 1, 3, 1, 1, 1, 1, 1},
		{"SAME", [2]int{}, 0, 3, 2, 1, 0, 0, 1},
		{"SAME", [2]int{}, 9, 1, 3, 1, 3, 0, 0},
		{"VALID", [2]int{}, 7, 3, 2, 1, 3, 0, 0},
		{"VALID", [2]int{}, 2, 3, 2, 1, 0, 0, 0},
		{"VALID", [2]int{}, 9, 3, 1, 3, 3, 0, 0},
		{"EXPLICIT", [2]int{1, 2}, 5, 3, 2, 1, 3, 1, 2},
		{"EXPLICIT", [2]int{0, 3}, 0, 3, 1, 1, 1, 0, 3},
		{"SAME", [2]int{}, mlir.Dynamic, 3, 2, 1, mlir.Dynamic, mlir.Dynamic, mlir.Dynamic},
		{"SAME", [2]int{}, 7, mlir.Dynamic, 2, 1, 4, mlir.Dynamic, mlir.Dynamic},
		{"VALID", [2]int{}, 7, mlir.Dynamic, 2, 1, mlir.Dynamic, 0, 0},
		{"EXPLICIT", [2]int{2, 1}, mlir.Dynamic, 3, 1, 1, mlir.Dynamic, 2, 1},
	}
	for _, c := range cases {
		w := &Window{Strides: []int{c.s, 1}, Dilations: []int{c.d, 1}, Padding: c.padding, Explicit: [][2]int{c.explicit, {}}}
		out, before, after, msg := w.Axis(0, c.in, c.k)
		if msg != "" || out != c.out || before != c.before || after != c.after {
			t.Errorf("%s %v in %d k %d s %d d %d: got %d, %d, %d %q; want %d, %d, %d", c.padding, c.explicit, c.in, c.k, c.s, c.d,
				out, before, after, msg, c.out, c.before, c.after)
		}
	}
	w := &Window{Strides: []int{1, 1}, Dilations: []int{1 << 32, 1}, Padding: "SAME"}
	if _, _, _, msg := w.Axis(0, 5, 1<<20); !strings.Contains(msg, "too large") {
		t.Errorf("a huge dilated filter: %q", msg)
	}
}
