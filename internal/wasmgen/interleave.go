package wasmgen

import "github.com/sandjit/sandjit/internal/wasm"
import "strings"

// Interleaving unrolled body instances.
//
// An unrolled group emits its body instances one after another, and each
// instance of a heavy body (a math function: exp is ~24 dependent vector
// operations) is one long dependency chain. wazero schedules nothing: it
// lowers the instructions in order, so the CPU sees instance 0's whole
// chain before instance 1's first instruction, and its out-of-order window
// (on Zen 3, the FP scheduler long before the 256-entry ROB) fills with
// operations waiting on their predecessors. Emitting w instances statement
// by statement — instance 0's first statement, instance 1's first, … —
// puts w independent operations side by side, which the CPU can issue in
// the same cycle.
//
// Side by side, the w statements of a round use the same v128 constants at
// the same places (a polynomial's coefficients, exp's ln 2), and wazero
// loads a v128.const from its constant pool at every use, into a register
// of its own (it has no memory operands for vector arithmetic): a
// round loads each such constant once, into a local that the other
// instances read. For exp that is 13 of its 18 loads per vector.
//
// Interleaving four instances and sharing their constants made the heavy
// math bodies (exp, log, tanh, softmax's exponentials) faster under wazero
// when it was measured; two gave about half the gain, and eight spilled
// and was slower than four. Light bodies (cost ≤ 12) are bound by memory,
// not latency, and measured no change, so they are left in order. Under
// wasmtime (Cranelift) the order measured neutral.

// interleaveWidth is how many unrolled instances of a body costing cost
// per point are emitted side by side (1: none; see above).
func interleaveWidth(cost, unroll int) int {
	if cost <= 12 {
		return 1
	}
	return min(unroll, 4)
}

// interleave reorders f.Body[starts[0]:starts[len(starts)-1]], the
// unrolled instances [starts[k], starts[k+1]) that end the body, in
// groups of w instances: the groups stay in order, and within a group the
// instances' statements (runs of instructions that start and end with an
// empty operand stack) alternate, first statements first, with the
// v128 constants they share loaded once (see above).
//
// The caller guarantees that the instances do not depend on each other
// through memory (they are iterations of a parallel or reduce loop, in
// modeContig: disjoint addresses, or the same read-only ones).
// Dependence through locals is checked here: a group whose instances
// share a local that one of them writes (a shared accumulator or min/max
// flag) is left in order, as is a group with control flow, an
// instruction whose stack effect is not known, or instances whose
// statements do not match up one to one. It reports whether anything was
// reordered.
func interleave(f *wasm.Func, starts []int, w int) bool {
	lo, hi := starts[0], starts[len(starts)-1]
	if w < 2 || len(starts) < 3 || hi != len(f.Body) {
		return false
	}
	body := f.Body
	out := make([]wasm.Instr, 0, (hi-lo)*9/8) // and a tee per shared constant
	changed := false
	for g := 0; g+1 < len(starts); g += w {
		end := min(g+w, len(starts)-1)
		parts := make([][][]wasm.Instr, 0, end-g)
		ok := true
		for k := g; k < end && ok; k++ {
			st, good := statements(body[starts[k]:starts[k+1]])
			parts = append(parts, st)
			ok = good && len(st) == len(parts[0])
		}
		if ok && len(parts) > 1 && localsIndependent(body, starts[g:end+1]) {
			for i := range parts[0] {
				out = appendRound(f, out, parts, i)
			}
			changed = true
			continue
		}
		out = append(out, body[starts[g]:starts[end]]...)
	}
	f.Body = append(body[:lo], out...)
	return changed
}

// appendRound appends statement i of every part, loading the v128
// constants that all of them use at the same position once: the first
// part's copy is tee'd into a new local, which the others get.
func appendRound(f *wasm.Func, out []wasm.Instr, parts [][][]wasm.Instr, i int) []wasm.Instr {
	first := parts[0][i]
	var shared map[int]uint32
	for j, in := range first {
		if in.Op != wasm.OpV128Const {
			continue
		}
		same := true
		for _, p := range parts[1:] {
			q := p[i]
			same = same && len(q) == len(first) && q[j].Op == wasm.OpV128Const && q[j].V128 == in.V128
		}
		if same {
			if shared == nil {
				shared = map[int]uint32{}
			}
			shared[j] = f.NewLocal(wasm.V128)
		}
	}
	for k, p := range parts {
		for j, in := range p[i] {
			l, ok := shared[j]
			switch {
			case !ok:
				out = append(out, in)
			case k == 0:
				out = append(out, in, wasm.Instr{Op: wasm.OpLocalTee, Imm: uint64(l)})
			default:
				out = append(out, wasm.Instr{Op: wasm.OpLocalGet, Imm: uint64(l)})
			}
		}
	}
	return out
}

// statements splits straight-line code at the points where the operand
// stack is empty. ok is false if the code has control flow or an
// instruction with no known stack effect, pops below empty or ends with
// values on the stack.
func statements(code []wasm.Instr) (st [][]wasm.Instr, ok bool) {
	depth, b := 0, 0
	for i, in := range code {
		pop, push, known := stackEffect(in.Op)
		if !known || depth < pop {
			return nil, false
		}
		depth += push - pop
		if depth == 0 {
			st = append(st, code[b:i+1])
			b = i + 1
		}
	}
	return st, depth == 0
}

// localsIndependent reports whether no local written by one instance
// [starts[k], starts[k+1]) is read or written by another.
func localsIndependent(body []wasm.Instr, starts []int) bool {
	writer := map[uint64]int{}
	for k := 0; k+1 < len(starts); k++ {
		for _, in := range body[starts[k]:starts[k+1]] {
			if in.Op == wasm.OpLocalSet || in.Op == wasm.OpLocalTee {
				if w, ok := writer[in.Imm]; ok && w != k {
					return false
				}
				writer[in.Imm] = k
			}
		}
	}
	for k := 0; k+1 < len(starts); k++ {
		for _, in := range body[starts[k]:starts[k+1]] {
			if in.Op == wasm.OpLocalGet {
				if w, ok := writer[in.Imm]; ok && w != k {
					return false
				}
			}
		}
	}
	return true
}

// stackEffect is how many operands op pops and how many results it
// pushes; known is false for control flow, calls, globals and memory
// management, which interleave never moves.
func stackEffect(op wasm.Opcode) (pop, push int, known bool) {
	if op == 0 || op >= wasm.NumOpcodes {
		return 0, 0, false
	}
	e := stackEffects[op]
	return int(e.pop), int(e.push), e.known
}

type stackEff struct {
	pop, push int8
	known     bool
}

// stackEffects is derived once from the opcode names (see effectOf).
var stackEffects = func() (t [wasm.NumOpcodes]stackEff) {
	for op := wasm.Opcode(1); op < wasm.NumOpcodes; op++ {
		t[op] = effectOf(op.String())
	}
	return t
}()

// unaryOps and binaryOps name, by the part after the type's dot and up to
// an underscore, the numeric instructions that pop one or two operands
// and push one result.
var (
	unaryOps = []string{"eqz", "clz", "ctz", "popcnt", "abs", "neg", "ceil", "floor", "trunc", "nearest",
		"sqrt", "not", "any", "all", "bitmask", "wrap", "extend", "convert", "demote", "promote",
		"reinterpret", "extadd", "splat", "extract"}
	binaryOps = []string{"add", "sub", "mul", "div", "rem", "and", "andnot", "or", "xor", "shl", "shr",
		"rotl", "rotr", "min", "max", "pmin", "pmax", "copysign", "eq", "ne", "lt", "gt", "le", "ge",
		"narrow", "avgr", "q15mulr", "dot", "extmul", "shuffle", "swizzle", "replace"}
)

// effectOf is the stack effect of the instruction with the given text
// name.
func effectOf(name string) stackEff {
	k := func(pop, push int8) stackEff { return stackEff{pop, push, true} }
	switch name {
	case "local.get":
		return k(0, 1)
	case "local.set", "drop":
		return k(1, 0)
	case "local.tee":
		return k(1, 1)
	case "select", "v128.bitselect":
		return k(3, 1)
	}
	ty, op, found := strings.Cut(name, ".")
	if !found || ty == "local" || ty == "global" || ty == "memory" {
		return stackEff{}
	}
	switch {
	case op == "const":
		return k(0, 1)
	case strings.HasPrefix(op, "store"):
		return k(2, 0) // address, value (a lane store takes its lane as an immediate)
	case strings.HasPrefix(op, "load") && strings.HasSuffix(op, "_lane"):
		return k(2, 1) // address, vector
	case strings.HasPrefix(op, "load"):
		return k(1, 1)
	}
	head, _, _ := strings.Cut(op, "_")
	head = strings.TrimRight(head, "0123456789") // extend8_s, extend32_s
	for _, u := range unaryOps {
		if head == u {
			return k(1, 1)
		}
	}
	for _, b := range binaryOps {
		if head == b {
			return k(2, 1)
		}
	}
	return stackEff{}
}
