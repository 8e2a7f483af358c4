package loopir

// Pass is one named transformation of a Program. Passes keep every
// invariant Verify checks.
type Pass struct {
	Name string
	Run  func(*Program)
}

// Passes is the pass pipeline, in order. Each pass lives in its own file.
var Passes = []Pass{
	{"fuse", Fuse},
	{"dce", DeadCode},
	{"cse", CSE},
	{"unroll-reduce", UnrollReduce},
	{"pack-matmul", PackMatmul},
}
