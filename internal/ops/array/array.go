// Package array defines array ops outside the compiler's core families:
// the band and diagonals of matrices, splits, mirrored padding. Each is an
// opkit.Def; package lower adds Ops to its registry.
package array

import (
	"github.com/sandjit/sandjit/internal/opkit"
)

// Ops returns the family's ops.
func Ops() []*opkit.Def {
	return concat(bandOps(), splitOps(), mirrorOps(), diagOps(), bitcastOps())
}

func concat(lists ...[]*opkit.Def) []*opkit.Def {
	var out []*opkit.Def
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
