// Package mlirtest reads the test files of the front end and the checker:
// kernels split by `// -----`, with `// expected-error @+1 {{…}}`
// annotations for the diagnostics they must produce (MLIR's -verify-diagnostics
// convention).
package mlirtest

import (
	"regexp"
	"strconv"
	"strings"
)

// Case is one `// -----`-separated part of a test file. Its Text keeps the
// file's line numbers (earlier lines are blank).
type Case struct {
	File      string
	FirstLine int
	Text      string
}

var splitMarker = regexp.MustCompile(`(?m)^// -----\s*$`)

// SplitCases splits a test file's text into its cases.
func SplitCases(file, src string) []Case {
	var out []Case
	locs := splitMarker.FindAllStringIndex(src, -1)
	start := 0
	for i := 0; i <= len(locs); i++ {
		end := len(src)
		if i < len(locs) {
			end = locs[i][0]
		}
		pre := strings.Count(src[:start], "\n")
		out = append(out, Case{File: file, FirstLine: pre + 1, Text: strings.Repeat("\n", pre) + src[start:end]})
		if i < len(locs) {
			start = locs[i][1]
		}
	}
	return out
}

// Diag is an `expected-error` annotation: a diagnostic on Line whose
// message contains Substr.
type Diag struct {
	Line   int
	Substr string
}

var expectedErrorRE = regexp.MustCompile(`expected-error\s*(?:@([+-]\d+))?\s*\{\{(.*?)\}\}`)

// ExpectedDiags returns the annotations of a case's text.
func ExpectedDiags(text string) []Diag {
	var out []Diag
	for i, line := range strings.Split(text, "\n") {
		for _, m := range expectedErrorRE.FindAllStringSubmatch(line, -1) {
			off := 0
			if m[1] != "" {
				off, _ = strconv.Atoi(m[1])
			}
			out = append(out, Diag{Line: i + 1 + off, Substr: m[2]})
		}
	}
	return out
}

// FuzzSeeds are small inputs that reach corners of the parser the kernels
// in testdata do not; FuzzParse and FuzzCompile start from them.
var FuzzSeeds = []string{
	``,
	`module {}`,
	`#a = loc(unknown) !b = tensor<f32>`,
	`func.func @f(%a: tensor<2x?x*xf32>) { return }`,
	`func.func @f() { "tf.X"() {a = dense<[[1], [2]]> : tensor<2x1xi8>, b = "\0A\"", c = @x::@y, d = array<f16: 1.0>} : () -> () return }`,
	`func.func @f() { %0:2, %1 = "tf.X"() : () -> (tensor<f32>, tensor<f32>, tensor<i1>) return %0#1, %1 : tensor<f32>, tensor<i1> }`,
	`func.func @f() { "tf.X"() ({ ^bb0(%a: tensor<f32>): "tf.Y"(%a) : (tensor<f32>) -> () }) : () -> () return }`,
	`func.func @f() { "tf.X"() {a = #x.y<"]>", (->)>} : () -> () return }`,
	`func.func @f() { "tf.X"() {a = dense<[[(1, -2.5e-3)], [(0x7FC00001, -0x1)]]> : tensor<2x1xcomplex<f32>>, b = dense<(-0.0,1e308)> : tensor<9xcomplex<f64>>} : () -> () return }`,
	`func.func @f() { "tf.X"() {a = dense<[(1.0, 2.0), 3]> : tensor<2xcomplex<f32>>, b = dense<(1.0,> : tensor<complex<f32>>} : () -> () return }`,
	`func.func @f() -> tensor<3xcomplex<f64>> { %0 = "tf.X"() {value = dense<"0x000000000000F03F0000000000000000"> : tensor<3xcomplex<f64>>} : () -> tensor<3xcomplex<f64>> return %0 : tensor<3xcomplex<f64>> }`,
}
