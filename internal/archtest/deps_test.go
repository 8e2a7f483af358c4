// Package archtest enforces the import map (README.md, "How it works"):
// memref and cache are leaves, the front end (mlir) knows no op
// semantics, the shape library (shape) and the control-flow split (flow)
// know no op either, the loop IR knows
// neither MLIR nor Wasm, the Wasm encoder knows nothing of sandjit, the
// code generator does not see the front end or the checker, op families
// (internal/ops/…) see the compiler only through opkit, and engine
// sits on top of them all.
package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

const mod = "github.com/sandjit/sandjit/"

// allowed lists, for each package, the sandjit packages it may import.
var allowed = map[string][]string{
	"memref":                   {},
	"cache":                    {},
	"internal/mlir":            {"memref"},
	"internal/mlir/mlirtest":   {},
	"internal/loopir":          {"memref"},
	"internal/shape":           {"memref", "internal/mlir"},
	"internal/flow":            {"internal/mlir", "internal/shape"},
	"internal/opkit":           {"memref", "internal/mlir", "internal/loopir", "internal/shape"},
	"internal/ops/*":           {"memref", "internal/mlir", "internal/loopir", "internal/shape", "internal/opkit"},
	"internal/lower":           {"memref", "internal/mlir", "internal/loopir", "internal/shape", "internal/flow", "internal/opkit", "internal/ops/*"},
	"internal/refeval":         {"memref", "internal/mlir", "internal/refeval/refmath", "internal/refeval/nd"},
	"internal/refeval/nd":      {},
	"internal/refeval/refmath": {"memref"},
	"internal/wasm":            {},
	"internal/wasmmath":        {"internal/wasm"},
	"internal/wasmgen":         {"memref", "internal/loopir", "internal/wasm", "internal/wasmmath"},
	"engine":                   {"memref", "internal/mlir", "internal/lower", "internal/loopir", "internal/wasm", "internal/wasmgen", "cache"},
	"internal/golden":          {"memref"},
	"internal/bench":           {"memref", "engine"},
	"internal/archtest":        {},
	"internal/redistest":       {},
	"internal/readme":          {},
	"server":                   {"memref", "internal/mlir", "internal/lower", "engine", "cache"},
	"cmd/sandjit":              {"*"},
}

func TestImportMap(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, mod+"...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], mod)
		allow, ok := allowed[pkg]
		if strings.HasPrefix(pkg, "internal/ops/") {
			// Every op family has the same map: opkit and what a
			// lowering builds with, never lower or another family.
			allow, ok = allowed["internal/ops/*"]
		}
		if !ok {
			t.Errorf("package %s is not in the import map; add it to allowed (and to the package table of README.md)", pkg)
			continue
		}
		if len(allow) == 1 && allow[0] == "*" {
			continue
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, mod) {
				continue
			}
			dep := strings.TrimPrefix(imp, mod)
			if !contains(allow, dep) {
				t.Errorf("%s imports %s, which the import map forbids", pkg, dep)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s || strings.HasSuffix(x, "/*") && strings.HasPrefix(s, x[:len(x)-1]) {
			return true
		}
	}
	return false
}
