package readme

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// block is one fenced code block of the README.
type block struct {
	lang  string // the fence's first word: go, sh, …
	norun bool   // the fence says "norun"
	line  int    // of the opening fence
	text  string
}

// blocks returns the README's fenced code blocks.
func blocks(t *testing.T, md string) []block {
	t.Helper()
	var out []block
	var cur *block
	sc := bufio.NewScanner(strings.NewReader(md))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if cur == nil {
			if info, ok := strings.CutPrefix(l, "```"); ok {
				f := strings.Fields(info)
				cur = &block{line: n}
				for i, w := range f {
					if i == 0 {
						cur.lang = w
					}
					cur.norun = cur.norun || w == "norun"
				}
			}
			continue
		}
		if strings.HasPrefix(l, "```") {
			out = append(out, *cur)
			cur = nil
			continue
		}
		cur.text += l + "\n"
	}
	if cur != nil {
		t.Fatalf("README.md:%d: unclosed code block", cur.line)
	}
	return out
}

func readme(t *testing.T) (root, md string) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return root, string(b)
}

func goTool(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the go command: skipped with -short")
	}
	g, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	return g
}

var importBlock = regexp.MustCompile(`(?s)^\s*import\s*(\([^)]*\)|"[^"]*")\s*`)

// exampleFile turns the README's Go blocks into one _test.go file of
// package readme_test, each block the body of an Example (its imports
// hoisted; a block that declares functions is taken as a whole file's
// declarations, its func main becoming the Example).
func exampleFile(t *testing.T, bs []block) (string, int) {
	imports := map[string]bool{}
	var funcs []string
	n := 0
	for _, b := range bs {
		if b.lang != "go" || b.norun {
			continue
		}
		n++
		body := b.text
		if m := importBlock.FindStringSubmatch(body); m != nil {
			for _, l := range strings.Split(strings.Trim(m[1], "()"), "\n") {
				if l = strings.TrimSpace(l); l != "" {
					imports[l] = true
				}
			}
			body = body[len(m[0]):]
		}
		name := fmt.Sprintf("Example_readme%d", b.line)
		pos := fmt.Sprintf("//line README.md:%d\n", b.line+1+strings.Count(b.text[:len(b.text)-len(body)], "\n"))
		if strings.Contains(body, "\nfunc ") || strings.HasPrefix(body, "func ") {
			funcs = append(funcs, pos+strings.Replace(body, "func main()", "func "+name+"()", 1))
			continue
		}
		funcs = append(funcs, "func "+name+"() {\n"+pos+body+"}\n")
	}
	var f strings.Builder
	f.WriteString("// Code generated from README.md by TestREADME; DO NOT EDIT.\n\npackage readme_test\n\nimport (\n")
	for imp := range imports {
		f.WriteString("\t" + imp + "\n")
	}
	f.WriteString(")\n\n")
	for _, fn := range funcs {
		f.WriteString(fn + "\n")
	}
	return f.String(), n
}

// TestREADMEGo compiles the README's Go snippets as Examples and runs the
// ones with an // Output: comment.
func TestREADMEGo(t *testing.T) {
	g := goTool(t)
	root, md := readme(t)
	src, n := exampleFile(t, blocks(t, md))
	if n == 0 {
		t.Fatal("README.md has no Go snippet")
	}
	dir := t.TempDir()
	gen := filepath.Join(dir, "readme_example_test.go")
	if err := os.WriteFile(gen, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	here, _ := os.Getwd()
	ov, _ := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(here, "readme_example_test.go"): gen}})
	overlay := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlay, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(g, "test", "-overlay="+overlay, "-count=1", "-run=^Example_readme", ".")
	cmd.Dir = here
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the README's Go snippets do not compile or run as examples (%v):\n%s\ngenerated from README.md (%s):\n%s", err, out, root, src)
	}
}

// TestREADMECommands runs every command of the README's sh blocks that
// show a "$ " prompt, from a copy of the repository's examples directory,
// with `go run ./cmd/sandjit` as a sandjit binary built once, and compares
// each command's output (stdout and stderr, as a terminal shows them)
// with the lines under it.
func TestREADMECommands(t *testing.T) {
	g := goTool(t)
	root, md := readme(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "sandjit")
	build := exec.Command(g, "build", "-o", bin, "./cmd/sandjit")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/sandjit: %v\n%s", err, out)
	}
	work := filepath.Join(dir, "work")
	if err := os.CopyFS(work, os.DirFS(filepath.Join(root, "examples"))); err != nil {
		t.Fatal(err)
	}
	// The examples directory is examples/ from the repository's root.
	if err := os.MkdirAll(filepath.Join(dir, "root"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(work, filepath.Join(dir, "root", "examples")); err != nil {
		t.Fatal(err)
	}
	work = filepath.Join(dir, "root")
	ran := 0
	for _, b := range blocks(t, md) {
		if b.lang != "sh" || b.norun || !strings.Contains(b.text, "$ ") {
			continue
		}
		for _, c := range commands(b) {
			ran++
			got := runCommand(t, work, bin, c.cmd)
			if got != c.want {
				t.Errorf("README.md:%d: $ %s\ngot:\n%s\nthe README shows:\n%s", c.line, c.cmd, got, c.want)
			}
		}
	}
	if ran == 0 {
		t.Fatal("README.md has no command with a $ prompt")
	}
}

type shCommand struct {
	line      int
	cmd, want string
}

// commands splits a block into its "$ " commands and the output under
// each ("\" at the end of a line continues the command).
func commands(b block) []shCommand {
	var out []shCommand
	lines := strings.Split(strings.TrimSuffix(b.text, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		cmd, ok := strings.CutPrefix(lines[i], "$ ")
		if !ok {
			continue // text before the first prompt
		}
		c := shCommand{line: b.line + 1 + i}
		for strings.HasSuffix(cmd, "\\") && i+1 < len(lines) {
			i++
			cmd = strings.TrimSuffix(cmd, "\\") + "\n" + lines[i]
		}
		c.cmd = cmd
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") {
			i++
			c.want += lines[i] + "\n"
		}
		out = append(out, c)
	}
	return out
}

// runCommand runs one README command in dir with bash, `go run
// ./cmd/sandjit` being bin, and returns what a terminal would show:
// stdout and stderr, plus go run's "exit status N" line when the program
// fails.
func runCommand(t *testing.T, dir, bin, cmd string) string {
	t.Helper()
	goRun := strings.Contains(cmd, "go run ./cmd/sandjit")
	script := strings.ReplaceAll(cmd, "go run ./cmd/sandjit", bin)
	c := exec.Command("bash", "-c", script)
	c.Dir = dir
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	err := c.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && goRun:
		fmt.Fprintf(&out, "exit status %d\n", ee.ExitCode())
	case errors.As(err, &ee):
	default:
		t.Fatalf("$ %s: %v", cmd, err)
	}
	return strings.ReplaceAll(out.String(), bin, "sandjit")
}
