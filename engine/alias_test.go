package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/sandjit/sandjit/internal/mlir"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sandjit/sandjit/internal/golden"
	"github.com/sandjit/sandjit/internal/refeval"
	"github.com/sandjit/sandjit/memref"
)

// aliasForm is one way a kernel's result can forward another value
// (issue 12): its kernel and the argument sets to run it on.
type aliasForm struct {
	name string
	src  string
	args func(t *testing.T) [][]*memref.Tensor
}

// vecArgs gives each of a form's f32 vector arguments n elements (one
// argument set per n).
func vecArgs(nargs int, ns ...int) func(t *testing.T) [][]*memref.Tensor {
	return func(t *testing.T) [][]*memref.Tensor {
		var sets [][]*memref.Tensor
		for _, n := range ns {
			set := make([]*memref.Tensor, nargs)
			for i := range set {
				set[i] = f32s(t, []int{n}, func(j int) float32 { return float32((j*7+i*3)%11)/4 - 1.2 })
			}
			sets = append(sets, set)
		}
		return sets
	}
}

// identityOps are TensorFlow's forwarding ops of one operand.
var identityOps = []string{"tf.Identity", "tf.StopGradient", "tf.Snapshot", "tf.PreventGradient", "tf.CheckNumerics"}

// aliasForms is every form of result aliasing: a forwarding op of a
// computed value, of an argument and of a constant; one value returned
// twice; an argument returned directly; a result that is also an operand
// of a later result; results of If/While (and their region forms) that
// forward operands.
func aliasForms() []aliasForm {
	var forms []aliasForm
	for _, op := range identityOps {
		short := strings.TrimPrefix(op, "tf.")
		forms = append(forms, aliasForm{short + " of a computed value", fmt.Sprintf(`func.func @compute(%%a: tensor<?xf32>) -> tensor<?xf32> {
  %%0 = "tf.Tanh"(%%a) : (tensor<?xf32>) -> tensor<?xf32>
  %%1 = "%s"(%%0) {message = "tanh"} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %%1 : tensor<?xf32>
}`, op), vecArgs(1, 0, 1, 3, 37)})
		forms = append(forms, aliasForm{short + " of an argument", fmt.Sprintf(`func.func @f(%%a: tensor<?xf32>, %%b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %%0 = "%s"(%%a) {message = "a"} : (tensor<?xf32>) -> tensor<?xf32>
  %%1 = "tf.AddV2"(%%0, %%b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  func.return %%0, %%1 : tensor<?xf32>, tensor<?xf32>
}`, op), vecArgs(2, 1, 9)})
		forms = append(forms, aliasForm{short + " of a constant", fmt.Sprintf(`func.func @f(%%a: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<2x2xf32>) {
  %%c = "tf.Const"() {value = dense<[1.5, -2.0, 3.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %%s = "tf.Const"() {value = dense<0.5> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %%0 = "%[1]s"(%%c) {message = "c"} : (tensor<3xf32>) -> tensor<3xf32>
  %%1 = "%[1]s"(%%s) {message = "s"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %%2 = "tf.Mul"(%%0, %%a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %%0, %%2, %%1 : tensor<3xf32>, tensor<3xf32>, tensor<2x2xf32>
}`, op), vecArgs(1, 3)})
	}
	forms = append(forms,
		aliasForm{"IdentityN of a computed value, an argument and a constant", `func.func @f(%a: tensor<?xf32>, %b: tensor<?x2xf32>) -> (tensor<?xf32>, tensor<?x2xf32>, tensor<2xi32>, tensor<?xf32>, tensor<?xf32>) {
  %c = "tf.Const"() {value = dense<[7, -8]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Exp"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1:3 = "tf.IdentityN"(%0, %b, %c) {T = [f32, f32, i32]} : (tensor<?xf32>, tensor<?x2xf32>, tensor<2xi32>) -> (tensor<?xf32>, tensor<?x2xf32>, tensor<2xi32>)
  %2 = "tf.Neg"(%1#0) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %1#0, %1#1, %1#2, %2, %0 : tensor<?xf32>, tensor<?x2xf32>, tensor<2xi32>, tensor<?xf32>, tensor<?xf32>
}`, func(t *testing.T) [][]*memref.Tensor {
			return [][]*memref.Tensor{{f32s(t, []int{5}, func(i int) float32 { return float32(i) - 2 }), f32s(t, []int{3, 2}, func(i int) float32 { return float32(i) })}}
		}},
		aliasForm{"a computed value returned twice", `func.func @f(%a: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Sigmoid"(%a) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Identity"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %0 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}`, func(t *testing.T) [][]*memref.Tensor {
			return [][]*memref.Tensor{{f32s(t, []int{4, 9}, func(i int) float32 { return float32(i%13) - 6 })}}
		}},
		aliasForm{"arguments returned directly", `func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Identity"(%b) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %a, %b, %a, %0 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}`, vecArgs(2, 0, 6)},
		aliasForm{"a result that is an operand of a later result", `func.func @f(%a: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>) {
  %ax = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Softmax"(%a) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Identity"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Mul"(%1, %a) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Sum"(%2, %ax) {keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %4 = "tf.StopGradient"(%2) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %1, %4, %3, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>
}`, func(t *testing.T) [][]*memref.Tensor {
			return [][]*memref.Tensor{{f32s(t, []int{3, 7}, func(i int) float32 { return float32(i%5) / 3 })}}
		}},
		aliasForm{"Identity of a view and of a shape", `func.func @f(%a: tensor<?x3xf32>) -> (tensor<?xf32>, tensor<2xi64>, tensor<?xf32>) {
  %m1 = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Reshape"(%a, %m1) : (tensor<?x3xf32>, tensor<1xi32>) -> tensor<?xf32>
  %1 = "tf.Identity"(%0) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.Shape"(%a) : (tensor<?x3xf32>) -> tensor<2xi64>
  %3 = "tf.Snapshot"(%2) : (tensor<2xi64>) -> tensor<2xi64>
  %4 = "tf.Abs"(%a) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %5 = "tf.Reshape"(%4, %m1) : (tensor<?x3xf32>, tensor<1xi32>) -> tensor<?xf32>
  %6 = "tf.Identity"(%5) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %1, %3, %6 : tensor<?xf32>, tensor<2xi64>, tensor<?xf32>
}`, func(t *testing.T) [][]*memref.Tensor {
			return [][]*memref.Tensor{{f32s(t, []int{4, 3}, func(i int) float32 { return float32(i) - 5 })}}
		}},
		aliasForm{"views (Reshape, ExpandDims, Squeeze) of every kind of value", `func.func @f(%a: tensor<?x3xf32>) -> (tensor<?xf32>, tensor<1x?x3xf32>, tensor<?x3xf32>, tensor<3xi32>, tensor<2x2xf32>, tensor<?xf32>, tensor<2xi64>, tensor<3x?xf32>) {
  %m1 = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %s22 = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %c = "tf.Const"() {value = dense<[[4, -5, 6]]> : tensor<1x3xi32>} : () -> tensor<1x3xi32>
  %h = "tf.Const"() {value = dense<2.5> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tf.Reshape"(%a, %m1) : (tensor<?x3xf32>, tensor<1xi32>) -> tensor<?xf32>
  %1 = "tf.Abs"(%a) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %2 = "tf.ExpandDims"(%1, %z) : (tensor<?x3xf32>, tensor<i32>) -> tensor<1x?x3xf32>
  %3 = "tf.Squeeze"(%c) {squeeze_dims = [0]} : (tensor<1x3xi32>) -> tensor<3xi32>
  %4 = "tf.Reshape"(%h, %s22) : (tensor<4xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  %5 = "tf.Identity"(%2) : (tensor<1x?x3xf32>) -> tensor<1x?x3xf32>
  %6 = "tf.Reshape"(%5, %m1) : (tensor<1x?x3xf32>, tensor<1xi32>) -> tensor<?xf32>
  %7 = "tf.Shape"(%a) : (tensor<?x3xf32>) -> tensor<2xi64>
  %8 = "tf.ExpandDims"(%7, %z) : (tensor<2xi64>, tensor<i32>) -> tensor<1x2xi64>
  %9 = "tf.Reshape"(%8, %m1) : (tensor<1x2xi64>, tensor<1xi32>) -> tensor<2xi64>
  %10 = "tf.Neg"(%a) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %s = "tf.Const"() {value = dense<[3, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %11 = "tf.Reshape"(%10, %s) : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<3x?xf32>
  func.return %0, %5, %1, %3, %4, %6, %9, %11 : tensor<?xf32>, tensor<1x?x3xf32>, tensor<?x3xf32>, tensor<3xi32>, tensor<2x2xf32>, tensor<?xf32>, tensor<2xi64>, tensor<3x?xf32>
}`, func(t *testing.T) [][]*memref.Tensor {
			return [][]*memref.Tensor{
				{f32s(t, []int{4, 3}, func(i int) float32 { return float32(i) - 5 })},
				{f32s(t, []int{0, 3}, func(i int) float32 { return 1 })},
				{f32s(t, []int{1, 3}, func(i int) float32 { return -float32(i) })},
			}
		}},
		aliasForm{"If whose branches forward their operands", `func.func @f(%p: tensor<i1>, %x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0:2 = "tf.If"(%p, %x, %y) {then_branch = @pass, else_branch = @swap, is_stateless = true} : (tensor<i1>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  %1 = "tf.Identity"(%0#1) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0#0, %1, %x : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
func.func private @pass(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  func.return %a, %b : tensor<?xf32>, tensor<?xf32>
}
func.func private @swap(%a: tensor<?xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Identity"(%b) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Neg"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.Identity"(%1) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %2 : tensor<?xf32>, tensor<?xf32>
}`, condArgs},
		aliasForm{"IfRegion yielding an enclosing value and an argument", `func.func @f(%p: tensor<i1>, %x: tensor<?xf32>, %y: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Exp"(%y) : (tensor<?xf32>) -> tensor<?xf32>
  %1:2 = "tf.IfRegion"(%p) ({
    %2 = "tf.Identity"(%0) : (tensor<?xf32>) -> tensor<?xf32>
    "tf.Yield"(%2, %x) : (tensor<?xf32>, tensor<?xf32>) -> ()
  }, {
    "tf.Yield"(%x, %x) : (tensor<?xf32>, tensor<?xf32>) -> ()
  }) {is_stateless = true} : (tensor<i1>) -> (tensor<?xf32>, tensor<?xf32>)
  func.return %1#0, %1#1 : tensor<?xf32>, tensor<?xf32>
}`, condArgs},
		aliasForm{"While whose loop values pass through", `func.func @f(%n: tensor<i32>, %x: tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>, tensor<?xf32>) {
  %0:2 = "tf.While"(%n, %x) {cond = @cond, body = @body, is_stateless = true} : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
  func.return %0#0, %0#1, %x : tensor<i32>, tensor<?xf32>, tensor<?xf32>
}
func.func private @cond(%i: tensor<i32>, %v: tensor<?xf32>) -> tensor<i1> {
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Greater"(%i, %z) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func private @body(%i: tensor<i32>, %v: tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>) {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Sub"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %1 = "tf.Identity"(%v) : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1 : tensor<i32>, tensor<?xf32>
}`, loopArgs},
		aliasForm{"WhileRegion forwarding a loop value", `func.func @f(%n: tensor<i32>, %x: tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>) {
  %0:2 = "tf.WhileRegion"(%n, %x) ({
  ^bb0(%i: tensor<i32>, %v: tensor<?xf32>):
    %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %c = "tf.Greater"(%i, %z) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "tf.Yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %v: tensor<?xf32>):
    %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %d = "tf.Sub"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %w = "tf.Snapshot"(%v) : (tensor<?xf32>) -> tensor<?xf32>
    "tf.Yield"(%d, %w) : (tensor<i32>, tensor<?xf32>) -> ()
  }) {is_stateless = true} : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>)
  func.return %0#0, %0#1 : tensor<i32>, tensor<?xf32>
}`, loopArgs},
	)
	return forms
}

func condArgs(t *testing.T) [][]*memref.Tensor {
	var sets [][]*memref.Tensor
	for _, p := range []bool{true, false} {
		c, _ := memref.FromSlice([]int{}, []bool{p})
		sets = append(sets, []*memref.Tensor{c,
			f32s(t, []int{5}, func(i int) float32 { return float32(i) - 1.5 }),
			f32s(t, []int{5}, func(i int) float32 { return float32(i) / 4 })})
	}
	return sets
}

func loopArgs(t *testing.T) [][]*memref.Tensor {
	var sets [][]*memref.Tensor
	for _, n := range []int32{0, 3} {
		c, _ := memref.FromSlice([]int{}, []int32{n})
		sets = append(sets, []*memref.Tensor{c, f32s(t, []int{6}, func(i int) float32 { return float32(i) * 0.75 })})
	}
	return sets
}

// TestResultAliasing runs every form of result aliasing (aliasForms) on
// every backend through Run, RunInArena and RunInto, with inputs on the
// heap and in the arena, and compares each result with the reference
// evaluator. It also checks what each entry point promises about
// ownership (RATIONALE.md, "Results forward their operands"): no run
// changes an input; RunInArena's results are arena tensors of their own
// — none shares a block with another result or an input, so freeing each
// once is right — and leave nothing else allocated; RunInto fills the
// caller's tensors and allocates nothing that outlives the run.
func TestResultAliasing(t *testing.T) {
	ctx := context.Background()
	for _, backend := range Backends() {
		rt := newRuntime(t, WithBackend(backend), WithWorkers(2))
		for _, form := range aliasForms() {
			t.Run(backend+"/"+form.name, func(t *testing.T) {
				exe := compile(t, rt, form.src)
				for k, args := range form.args(t) {
					want, err := refeval.Eval(ctx, exe.Func(), exe.Module(), args)
					if err != nil {
						t.Fatalf("case %d: reference: %v", k, err)
					}
					checkAliasRuns(t, rt, exe, fmt.Sprintf("case %d", k), args, want)
				}
			})
		}
	}
}

// checkAliasRuns runs exe on args through every entry point and checks
// the results against want and the ownership rules.
func checkAliasRuns(t *testing.T, rt *Runtime, exe *JitExecutable, name string, args, want []*memref.Tensor) {
	t.Helper()
	ctx := context.Background()
	same := func(what string, got []*memref.Tensor) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %s: %d results, want %d", name, what, len(got), len(want))
		}
		for i := range want {
			if err := golden.Compare(got[i], want[i], 1e-5, 1e-6); err != nil {
				t.Errorf("%s: %s: result %d: %v", name, what, i, err)
			}
		}
	}
	// The inputs as they were, to see that no run writes them.
	saved := make([]*memref.Tensor, len(args))
	for i, a := range args {
		saved[i], _ = a.Clone()
	}
	unchanged := func(what string, in []*memref.Tensor) {
		t.Helper()
		for i, a := range in {
			if err := golden.Compare(a, saved[i], 0, 0); err != nil {
				t.Errorf("%s: %s changed input %d: %v", name, what, i, err)
			}
		}
	}
	arenaArgs := make([]*memref.Tensor, len(args))
	for i, a := range args {
		aa, err := rt.NewTensor(a.DType, a.Shape)
		if err != nil {
			t.Fatal(err)
		}
		copy(aa.Data, a.Contiguous().Data)
		arenaArgs[i] = aa
	}
	defer func() {
		for _, a := range arenaArgs {
			if err := rt.FreeTensor(a); err != nil {
				t.Errorf("freeing an input: %v", err)
			}
		}
	}()
	base := rt.ArenaStats().InUse

	got, err := exe.Run(ctx, args...)
	if err != nil {
		t.Fatalf("%s: Run: %v", name, err)
	}
	same("Run", got)
	unchanged("Run", args)
	for i, g := range got {
		if _, ok := g.ArenaOffset(rt.arena.alloc); ok && !slices.Contains(args, g) {
			t.Errorf("%s: Run: result %d is in the arena", name, i)
		}
	}

	for _, in := range [][]*memref.Tensor{args, arenaArgs} {
		what := fmt.Sprintf("RunInArena (arena inputs %v)", &in[0] == &arenaArgs[0])
		got, err := exe.RunInArena(ctx, in...)
		if err != nil {
			t.Fatalf("%s: %s: %v", name, what, err)
		}
		same(what, got)
		unchanged(what, in)
		for i, g := range got {
			if _, ok := g.ArenaOffset(rt.arena.alloc); !ok {
				t.Errorf("%s: %s: result %d is not in the arena", name, what, i)
			}
			for j, o := range got[:i] {
				if len(g.Data) > 0 && len(o.Data) > 0 && overlaps(g.Data, o.Data) {
					t.Errorf("%s: %s: results %d and %d share memory", name, what, j, i)
				}
			}
			for j, a := range in {
				if len(g.Data) > 0 && overlaps(g.Data, a.Data) {
					t.Errorf("%s: %s: result %d shares memory with input %d", name, what, i, j)
				}
			}
		}
		for i, g := range got {
			if err := rt.FreeTensor(g); err != nil {
				t.Errorf("%s: %s: freeing result %d: %v", name, what, i, err)
			}
		}
		if n := rt.ArenaStats().InUse; n != base {
			t.Errorf("%s: %s: the arena holds %d bytes after the results are freed, want %d", name, what, n, base)
		}
	}

	for _, in := range [][]*memref.Tensor{args, arenaArgs} {
		for _, inArena := range []bool{true, false} {
			what := fmt.Sprintf("RunInto (arena inputs %v, arena results %v)", &in[0] == &arenaArgs[0], inArena)
			dst := newDst(t, rt, want, inArena)
			if err := exe.RunInto(ctx, dst, in...); err != nil {
				t.Fatalf("%s: %s: %v", name, what, err)
			}
			same(what, dst)
			unchanged(what, in)
			if inArena {
				for _, d := range dst {
					rt.FreeTensor(d)
				}
			}
			if n := rt.ArenaStats().InUse; n != base {
				t.Errorf("%s: %s: the arena holds %d bytes after the run, want %d", name, what, n, base)
			}
		}
	}
}

// TestCheckNumericsFault: tf.CheckNumerics passes finite values (the
// largest f32 and f16, subnormals, -0, an empty tensor) and stops the run
// at a NaN or an infinity anywhere — in a vector group, in the remainder
// run one element at a time, in a chunk of a large run on two workers — on
// every backend and entry point, with an ErrArgument naming the op and its
// message, as TensorFlow's InvalidArgument does; the reference evaluator
// agrees, and a failed run leaves nothing allocated.
func TestCheckNumericsFault(t *testing.T) {
	ctx := context.Background()
	const src = `func.func @f(%a: tensor<?xf32>, %h: tensor<?xf16>, %d: tensor<?xf64>) -> (tensor<?xf32>, tensor<?xf16>, tensor<?xf64>) {
  %0 = "tf.Mul"(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.CheckNumerics"(%0) {message = "a squared"} : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.CheckNumerics"(%h) {message = "h"} : (tensor<?xf16>) -> tensor<?xf16>
  %3 = "tf.Exp"(%d) : (tensor<?xf64>) -> tensor<?xf64>
  %4 = "tf.CheckNumerics"(%3) {message = "exp(d)"} : (tensor<?xf64>) -> tensor<?xf64>
  func.return %1, %2, %4 : tensor<?xf32>, tensor<?xf16>, tensor<?xf64>
}`
	// vec makes the three arguments: a of n elements, element bad (if
	// any) set to badVal; h and d with edge values, and hBad and dBad.
	vec := func(n int, bad int, badVal float64, hBad, dBad float64) []*memref.Tensor {
		av := make([]float32, n)
		for i := range av {
			av[i] = float32(i%9) * 1e-3
		}
		if bad >= 0 {
			av[bad] = float32(badVal)
		}
		hv := []uint16{memref.F32ToF16(65504), memref.F32ToF16(float32(math.Copysign(0, -1))), memref.F32ToF16(6e-8), memref.F32ToF16(float32(hBad))}
		a, _ := memref.FromSlice([]int{n}, av)
		h, _ := memref.FromSlice([]int{4}, hv)
		h.DType = memref.Float16
		d, _ := memref.FromSlice([]int{5}, []float64{1, -700, 709, dBad, -1e300})
		return []*memref.Tensor{a, h, d}
	}
	// both has a NaN in the first vector group and an element whose
	// square overflows in the remainder.
	both := vec(11, 1, math.NaN(), 1, 0)
	binary.LittleEndian.PutUint32(both[0].Data[40:], math.Float32bits(1e20))
	cases := []struct {
		name string
		args []*memref.Tensor
		msg  string // "" when the run passes
		ref  string // the reference's message, when not msg
	}{
		{"finite", vec(11, -1, 0, 1, 0), "", ""},
		{"empty", vec(0, -1, 0, 1, 0), "", ""},
		{"largest square", vec(7, 3, math.Sqrt(math.MaxFloat32)*0.999, 1, 0), "", ""},
		{"NaN in a vector group", vec(11, 1, math.NaN(), 1, 0), "a squared : Tensor had NaN values", ""},
		{"overflow to Inf in the remainder", vec(11, 10, 1e20, 1, 0), "a squared : Tensor had Inf values", ""},
		{"-Inf in a large run", vec(3<<20, 2<<20, math.Inf(-1), 1, 0), "a squared : Tensor had Inf values", ""},
		{"f16 Inf", vec(4, -1, 0, math.Inf(1), 0), "h : Tensor had Inf values", ""},
		{"f64 overflow", vec(4, -1, 0, 1, 710), "exp(d) : Tensor had Inf values", ""},
		// TensorFlow names both; the kernel stops at the first, the NaN.
		{"NaN and Inf", both, "a squared : Tensor had NaN values", "a squared : Tensor had Inf and NaN values"},
	}
	for _, backend := range Backends() {
		rt := newRuntime(t, WithBackend(backend), WithWorkers(2))
		exe := compile(t, rt, src)
		for _, c := range cases {
			t.Run(backend+"/"+c.name, func(t *testing.T) {
				want, refErr := refeval.Eval(ctx, exe.Func(), exe.Module(), c.args)
				if c.msg == "" {
					if refErr != nil {
						t.Fatalf("reference: %v", refErr)
					}
					checkAliasRuns(t, rt, exe, c.name, c.args, want)
					return
				}
				ref := c.ref
				if ref == "" {
					ref = c.msg
				}
				if refErr == nil || !strings.Contains(refErr.Error(), ref) {
					t.Errorf("reference: got %v, want an error saying %q", refErr, ref)
				}
				base := rt.ArenaStats().InUse
				check := func(what string, err error) {
					t.Helper()
					var le *mlir.Error
					switch {
					case err == nil:
						t.Errorf("%s: no error, want %q", what, c.msg)
					case !errors.Is(err, ErrArgument) || !errors.As(err, &le) || le.Op != "tf.CheckNumerics":
						t.Errorf("%s: %v (%T): want an ErrArgument from 'tf.CheckNumerics'", what, err, err)
					case !strings.Contains(err.Error(), c.msg):
						t.Errorf("%s: %v: want it to say %q", what, err, c.msg)
					}
					if n := rt.ArenaStats().InUse; n != base {
						t.Errorf("%s: the arena holds %d bytes after the failed run, want %d", what, n, base)
					}
				}
				_, err := exe.Run(ctx, c.args...)
				check("Run", err)
				_, err = exe.RunInArena(ctx, c.args...)
				check("RunInArena", err)
				dst := make([]*memref.Tensor, 3)
				for i, a := range c.args {
					dst[i], _ = memref.New(a.DType, a.Shape)
				}
				check("RunInto", exe.RunInto(ctx, dst, c.args...))
			})
		}
	}
}

// TestResultAliasingGoldens runs the corpus's aliasing kernels
// (testdata/kernels/alias_*.mlir) through every entry point on every
// backend against numpy's goldens, with checkAliasRuns's ownership checks.
func TestResultAliasingGoldens(t *testing.T) {
	kernels, err := golden.Load()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	n := 0
	for _, backend := range Backends() {
		rt := newRuntime(t, WithBackend(backend), WithWorkers(2))
		for _, k := range kernels {
			if !strings.HasPrefix(k.Name, "alias_") {
				continue
			}
			n++
			t.Run(backend+"/"+k.Name, func(t *testing.T) {
				exe, err := rt.Compile(ctx, k.Src, WithEntry(entryOf(t, k)), WithFilename(k.Name+".mlir"))
				if err != nil {
					t.Fatalf("compile: %v", err)
				}
				for _, c := range k.Cases {
					checkAliasRuns(t, rt, exe, c.Name, c.Args, c.Results)
				}
			})
		}
	}
	if n < 4*len(Backends()) {
		t.Errorf("%d aliasing kernels ran, want at least 4 per backend", n)
	}
}
