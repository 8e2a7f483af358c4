package loopir

import (
	"fmt"
	"strings"
)

// CSE merges identical instructions within each nest body (after fusion,
// the same load or the same subexpression often appears several times).
// Stores and accumulations are never merged.
func CSE(p *Program) {
	for _, n := range p.Nests {
		seen := map[string]int{}
		remap := make([]int, len(n.Body))
		body := n.Body[:0:0]
		for i, in := range n.Body {
			for j, a := range in.Args {
				in.Args[j] = remap[a]
			}
			if in.HasResult() {
				k := instrKey(in)
				if prev, ok := seen[k]; ok {
					remap[i] = prev
					continue
				}
				seen[k] = len(body)
			}
			body = append(body, in)
			remap[i] = len(body) - 1
		}
		n.Body = body
	}
}

func instrKey(in *Instr) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d/%v/%d/%d/%d/%d/%d/%v/%d", in.Op, in.Type, in.Args, in.Bits, in.Red, in.Cmp, in.Math, in.Round, in.Size, in.Loop)
	if in.Acc != nil {
		b.WriteString(in.Acc.String())
	}
	return b.String()
}
