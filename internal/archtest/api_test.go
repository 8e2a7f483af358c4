package archtest

import (
	"encoding/json"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// public are the packages whose exported API a program outside the module
// uses: it cannot import anything under internal/, so no exported
// identifier of theirs may need a type from there.
var public = []string{"engine", "server", "memref", "cache"}

// reexported are the type aliases through which a public package hands
// out a type defined under internal/ on purpose: the program names it
// through the public package (RATIONALE.md, "Errors and types a program
// names"). Every other exported type, function, method, field, variable
// and constant must mention no internal type.
var reexported = map[string]bool{
	"engine.Error":          true,
	"engine.ErrorList":      true,
	"engine.Pos":            true,
	"engine.LimitError":     true,
	"engine.TensorType":     true,
	"engine.DenseAttr":      true,
	"engine.ParseLimits":    true,
	"engine.Module":         true,
	"engine.Func":           true,
	"engine.Kernel":         true,
	"engine.Constraint":     true,
	"engine.SymbolicShapes": true,
}

// listed is what go list says of one package.
type listed struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	Export     string
}

// TestPublicAPIMentionsNoInternalType type-checks each public package
// (its dependencies from the build cache's export data) and walks the
// type of every exported identifier: functions and methods (of exported
// types), exported struct fields and interface methods, variables and
// constants. A type from a package under internal/ is an error unless it
// is reached through one of the reexported aliases.
func TestPublicAPIMentionsNoInternalType(t *testing.T) {
	if testing.Short() {
		t.Skip("builds export data with the go command: skipped with -short")
	}
	args := []string{"list", "-export", "-deps", "-json=ImportPath,Dir,GoFiles,CgoFiles,Export"}
	for _, p := range public {
		args = append(args, mod+p)
	}
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string]listed{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var l listed
		if err := dec.Decode(&l); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs[l.ImportPath] = l
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		l, ok := pkgs[path]
		if !ok || l.Export == "" {
			return nil, os.ErrNotExist
		}
		return os.Open(l.Export)
	})
	for _, name := range public {
		l := pkgs[mod+name]
		var files []*ast.File
		for _, f := range append(l.GoFiles, l.CgoFiles...) {
			af, err := parser.ParseFile(fset, filepath.Join(l.Dir, f), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, af)
		}
		conf := types.Config{Importer: imp, FakeImportC: true}
		pkg, err := conf.Check(l.ImportPath, fset, files, nil)
		if err != nil {
			t.Fatalf("type-checking %s: %v", name, err)
		}
		for _, bad := range internalMentions(name, pkg) {
			t.Errorf("%s", bad)
		}
	}
}

// internalMentions lists the exported identifiers of pkg whose type
// mentions an internal package's type, as "pkg.Name: the type".
func internalMentions(name string, pkg *types.Package) []string {
	var bad []string
	check := func(what string, typ types.Type) {
		if p := internalIn(typ, map[types.Type]bool{}); p != "" {
			bad = append(bad, what+": mentions "+p)
		}
	}
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		obj := scope.Lookup(n)
		if !obj.Exported() {
			continue
		}
		what := name + "." + n
		switch o := obj.(type) {
		case *types.TypeName:
			if o.IsAlias() {
				if !reexported[what] {
					check(what, types.Unalias(o.Type()))
				}
				continue
			}
			named, _ := o.Type().(*types.Named)
			if named == nil {
				continue
			}
			check(what, named.Underlying())
			for i := range named.NumMethods() {
				if m := named.Method(i); m.Exported() {
					check(what+"."+m.Name(), m.Type())
				}
			}
		default:
			check(what, obj.Type())
		}
	}
	sort.Strings(bad)
	return bad
}

// internalIn returns the first internal package's type that t mentions
// ("" if none), looking through everything a caller of the API sees: the
// exported fields of structs, the methods of interfaces, signatures. A
// named type or alias of a public package is not looked into: it is
// checked as an identifier of its own package.
func internalIn(t types.Type, seen map[types.Type]bool) string {
	if t == nil || seen[t] {
		return ""
	}
	seen[t] = true
	isInternal := func(p *types.Package) bool {
		return p != nil && strings.HasPrefix(p.Path(), mod) && strings.Contains(p.Path()+"/", "/internal/")
	}
	switch t := t.(type) {
	case *types.Alias:
		if isInternal(t.Obj().Pkg()) {
			return t.Obj().Pkg().Path() + "." + t.Obj().Name()
		}
		if t.Obj().Pkg() == nil || strings.HasPrefix(t.Obj().Pkg().Path(), mod) {
			return "" // a public package's name for it
		}
		return internalIn(types.Unalias(t), seen)
	case *types.Named:
		if isInternal(t.Obj().Pkg()) {
			return t.Obj().Pkg().Path() + "." + t.Obj().Name()
		}
		for i := range t.TypeArgs().Len() {
			if p := internalIn(t.TypeArgs().At(i), seen); p != "" {
				return p
			}
		}
		return ""
	case *types.Pointer:
		return internalIn(t.Elem(), seen)
	case *types.Slice:
		return internalIn(t.Elem(), seen)
	case *types.Array:
		return internalIn(t.Elem(), seen)
	case *types.Chan:
		return internalIn(t.Elem(), seen)
	case *types.Map:
		if p := internalIn(t.Key(), seen); p != "" {
			return p
		}
		return internalIn(t.Elem(), seen)
	case *types.Signature:
		for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
			for i := range tup.Len() {
				if p := internalIn(tup.At(i).Type(), seen); p != "" {
					return p
				}
			}
		}
	case *types.Struct:
		for i := range t.NumFields() {
			if f := t.Field(i); f.Exported() {
				if p := internalIn(f.Type(), seen); p != "" {
					return p
				}
			}
		}
	case *types.Interface:
		for i := range t.NumMethods() {
			if p := internalIn(t.Method(i).Type(), seen); p != "" {
				return p
			}
		}
	case *types.TypeParam:
		return internalIn(t.Constraint(), seen)
	}
	return ""
}
