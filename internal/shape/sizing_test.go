package shape

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/mlir"
	"github.com/sandjit/sandjit/memref"
)

// TestSizingDims checks the sizing ops' shape functions on valid values,
// unknown values and hostile ones (negative, past memref.MaxElements,
// products that would overflow): a message, never a wrapped size.
func TestSizingDims(t *testing.T) {
	D := mlir.Dynamic
	ok := []struct {
		name string
		got  func() ([]int, string)
		want []int
	}{
		{"reshape infers -1", func() ([]int, string) { return ReshapeDims([]int{2, 6}, 2, []int64{3, -1}) }, []int{3, 4}},
		{"reshape dynamic input", func() ([]int, string) { return ReshapeDims([]int{D, 6}, 2, []int64{-1, 3}) }, []int{D, 3}},
		{"reshape unknown value", func() ([]int, string) { return ReshapeDims([]int{2, 6}, 3, nil) }, []int{D, D, D}},
		{"reshape to empty", func() ([]int, string) { return ReshapeDims([]int{0, 6}, 2, []int64{0, 5}) }, []int{0, 5}},
		{"broadcast", func() ([]int, string) { return BroadcastToDims([]int{1, 3}, 3, []int64{2, 4, 3}) }, []int{2, 4, 3}},
		{"tile", func() ([]int, string) { return TileDims([]int{2, D}, []int64{3, 2}) }, []int{6, D}},
		{"pad", func() ([]int, string) { return PadDims([]int{2, 3}, []int64{1, 0, 2, 2}) }, []int{3, 7}},
		{"fill target", func() ([]int, string) { return Target(2, []int64{4, 0}) }, []int{4, 0}},
	}
	for _, c := range ok {
		got, msg := c.got()
		if msg != "" || !slices.Equal(got, c.want) {
			t.Errorf("%s: %v (%q), want %v", c.name, got, msg, c.want)
		}
	}
	big := int64(memref.MaxElements) + 1
	bad := []struct {
		name string
		got  func() ([]int, string)
		want string
	}{
		{"reshape count", func() ([]int, string) { return ReshapeDims([]int{2, 6}, 2, []int64{5, 2}) }, "tensor with 12 values"},
		{"reshape two -1", func() ([]int, string) { return ReshapeDims([]int{12}, 2, []int64{-1, -1}) }, "non-negative"},
		{"reshape huge", func() ([]int, string) { return ReshapeDims([]int{12}, 1, []int64{big}) }, "too large"},
		{"reshape overflowing product", func() ([]int, string) {
			return ReshapeDims([]int{12}, 3, []int64{math.MaxInt32, math.MaxInt32, math.MaxInt32})
		}, "tensor with 12 values"},
		{"reshape -1 of empty", func() ([]int, string) { return ReshapeDims([]int{0}, 2, []int64{0, -1}) }, "cannot infer"},
		{"broadcast incompatible", func() ([]int, string) { return BroadcastToDims([]int{2, 3}, 2, []int64{4, 3}) }, "Incompatible shapes"},
		{"broadcast rank", func() ([]int, string) { return BroadcastToDims([]int{2, 3}, 1, []int64{3}) }, "no greater than"},
		{"target negative", func() ([]int, string) { return Target(1, []int64{-2}) }, "dimension 0 is -2"},
		{"tile negative", func() ([]int, string) { return TileDims([]int{2}, []int64{-1}) }, "multiples[0] >= 0"},
		{"tile overflowing", func() ([]int, string) { return TileDims([]int{1 << 20}, []int64{1 << 40}) }, "too large"},
		{"pad negative", func() ([]int, string) { return PadDims([]int{2}, []int64{-1, 0}) }, "non-negative"},
		{"pad huge", func() ([]int, string) { return PadDims([]int{2}, []int64{0, big}) }, "too large"},
	}
	for _, c := range bad {
		got, msg := c.got()
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s: %v (%q), want a message containing %q", c.name, got, msg, c.want)
		}
	}
}
