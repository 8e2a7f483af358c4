package lower

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, that every error it returns is
// an ErrorList of positioned diagnostics, and that whatever it accepts
// prints to text that parses back to the same print. It is seeded with
// every kernel under testdata/ (each whole file and each `// -----` case).
func FuzzParse(f *testing.F) {
	_ = filepath.WalkDir("../testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f.Add(src)
		if cases := splitMLIRCases(path, string(src)); len(cases) > 1 {
			for _, c := range cases {
				f.Add([]byte(strings.TrimLeft(c.text, "\n")))
			}
		}
		return nil
	})
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		lim := ParseLimits{MaxBytes: 1 << 20, MaxOps: 10000, MaxDepth: 32, MaxDenseElements: 1 << 16}
		m, err := Parse("fuzz.mlir", src, lim)
		checkErrorShape(t, m, err)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Print(&b, m); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		lim.MaxBytes = len(text) + 1
		m2, err := Parse("printed.mlir", []byte(text), lim)
		if err != nil {
			t.Fatalf("printed text does not parse: %v\n%s", err, text)
		}
		var b2 bytes.Buffer
		if err := Print(&b2, m2); err != nil {
			t.Fatal(err)
		}
		if b2.String() != text {
			t.Fatalf("Print is not a fixed point:\n%s\n---\n%s", text, b2.String())
		}
	})
}

// fuzzSeeds are small inputs that reach corners the kernels do not.
var fuzzSeeds = []string{
	``,
	`module {}`,
	`#a = loc(unknown) !b = tensor<f32>`,
	`func.func @f(%a: tensor<2x?x*xf32>) { return }`,
	`func.func @f() { "tf.X"() {a = dense<[[1], [2]]> : tensor<2x1xi8>, b = "\0A\"", c = @x::@y, d = array<f16: 1.0>} : () -> () return }`,
	`func.func @f() { %0:2, %1 = "tf.X"() : () -> (tensor<f32>, tensor<f32>, tensor<i1>) return %0#1, %1 : tensor<f32>, tensor<i1> }`,
	`func.func @f() { "tf.X"() ({ ^bb0(%a: tensor<f32>): "tf.Y"(%a) : (tensor<f32>) -> () }) : () -> () return }`,
	`func.func @f() { "tf.X"() {a = #x.y<"]>", (->)>} : () -> () return }`,
}

// TestParsePrefixes parses every prefix of every case in testdata/parse,
// a cheap systematic complement to FuzzParse: text cut anywhere must give
// a module or well-formed diagnostics, never a panic.
func TestParsePrefixes(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(parseTestdataDir, "*.mlir"))
	n := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range splitMLIRCases(path, string(src)) {
			text := strings.TrimLeft(c.text, "\n")
			step := 1
			if testing.Short() {
				step = 13
			}
			for i := 0; i <= len(text); i += step {
				m, err := Parse("prefix.mlir", []byte(text[:i]), ParseLimits{})
				checkErrorShape(t, m, err)
				n++
			}
		}
	}
	t.Logf("%d prefixes", n)
}
