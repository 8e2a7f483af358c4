// Command sandjit compiles TensorFlow-dialect MLIR kernels to WebAssembly
// and runs them in a sandbox.
//
//	sandjit demo                              run a built-in kernel on built-in inputs
//	sandjit run KERNEL.mlir --input=… [--output=@r.npy]   run a kernel
//	sandjit compile KERNEL.mlir --dump=loops|wat|graph     compile only, show what came out
//	sandjit ops [--format=json]               the op support matrix
//
// Every failure prints one line per diagnostic on stderr and exits with a
// non-zero status: 1 for a bad kernel, bad inputs or a file that cannot be
// read or written, 2 for bad usage (the problem on the first line, then
// the command's one-line usage), 3 for an internal error (a bug in
// sandjit: please report it).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
)

// exit codes
const (
	exitFail     = 1
	exitUsage    = 2
	exitInternal = 3
)

// usageError marks errors in how the command was called.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// command is one subcommand.
type command struct {
	name, summary string
	run           func(ctx context.Context, args []string, stdout, stderr io.Writer) error
	// usage is the one-line synopsis shown after a usage error (the
	// flags' full list is -h's).
	usage string
}

var commands = []command{
	{"demo", "run a built-in kernel on built-in inputs and check it", runDemo,
		"sandjit demo [--dump]"},
	{"run", "run a kernel: sandjit run KERNEL.mlir --input=2x3xf32=1 2 3 4 5 6 --input=@x.npy [--output=@r.npy]", runRun,
		"sandjit run KERNEL.mlir [--input=LITERAL|@in.npy]... [--output=@out.npy]... [--entry=NAME] [--specialize=enabled|disabled|always] [--dump=loops,wat,graph,stages]"},
	{"compile", "compile a kernel and show the result: sandjit compile KERNEL.mlir --dump=loops|wat|graph|stages", runCompile,
		"sandjit compile KERNEL.mlir [--entry=NAME] [--dump=loops,wat,graph,stages] [-o kernel.wasm]"},
	{"ops", "print the op support matrix (--format=text|json)", runOps,
		"sandjit ops [--format=text|json]"},
	{"serve", "the multi-tenant HTTP server: sandjit serve --addr 127.0.0.1:8080 --config tenants.json", runServe,
		"sandjit serve --config FILE [--addr HOST:PORT] [--cache-dir DIR] [--log-level LEVEL]"},
}

func main() {
	os.Exit(mainExit(os.Args[1:], os.Stdout, os.Stderr))
}

// mainExit runs the command line and returns the exit status; it never
// panics out.
func mainExit(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "sandjit: internal error (please report): %s\n", oneLine(fmt.Sprint(r)))
			code = exitInternal
		}
	}()
	if len(args) == 0 {
		fmt.Fprintln(stderr, "sandjit: no command given")
		fmt.Fprintln(stderr, "usage: sandjit COMMAND [flags] (commands: "+commandNames()+"; 'sandjit help' says more)")
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		printUsage(stdout)
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	for _, c := range commands {
		if c.name == args[0] {
			err := c.run(ctx, args[1:], stdout, stderr)
			return report(err, stderr, &c)
		}
	}
	fmt.Fprintf(stderr, "sandjit: unknown command %q\n", args[0])
	fmt.Fprintln(stderr, "usage: sandjit COMMAND [flags] (commands: "+commandNames()+"; 'sandjit help' says more)")
	return exitUsage
}

func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "sandjit compiles TensorFlow-dialect MLIR kernels to WebAssembly and runs them sandboxed.")
	fmt.Fprintln(w, "\nUsage: sandjit COMMAND [flags]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'sandjit COMMAND -h' for a command's flags.")
	fmt.Fprintln(w, "\nExit status: 0 success, 1 a bad kernel, bad inputs or a file that cannot be read or\nwritten, 2 bad usage, 3 an internal error (please report it).")
}

// report prints err (one line per diagnostic; for a usage error, the
// problem and then cmd's one-line usage) and picks the exit status.
func report(err error, stderr io.Writer, cmd *command) int {
	if err == nil {
		return 0
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	var ue usageError
	code := exitFail
	switch {
	case errors.As(err, &ue):
		msg := strings.TrimPrefix(ue.msg, cmd.name+": ")
		fmt.Fprintf(stderr, "sandjit %s: %s\n", cmd.name, oneLine(msg))
		fmt.Fprintf(stderr, "usage: %s\n", cmd.usage)
		fmt.Fprintf(stderr, "Run 'sandjit %s -h' for every flag.\n", cmd.name)
		return exitUsage
	case isInternal(err):
		code = exitInternal
	}
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("%w (gave up: see --timeout)", err)
	}
	for _, line := range strings.Split(strings.TrimRight(err.Error(), "\n"), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "goroutine ") {
			fmt.Fprintf(stderr, "sandjit: %s\n", line)
		}
		if code == exitInternal {
			break // one line; the stack stays out of the user's face
		}
	}
	return code
}

func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// parseInterleaved parses flags that may come before or after positional
// arguments (Go's flag package stops at the first positional one).
// A bad flag is a usageError (report then prints the problem and the
// one-line usage, not the flag package's full list); -h prints the full
// list.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	out := fs.Output()
	for {
		fs.SetOutput(io.Discard)
		err := fs.Parse(args)
		fs.SetOutput(out)
		if err != nil {
			if errors.Is(err, flag.ErrHelp) {
				if fs.Usage != nil {
					fs.Usage()
				} else {
					fs.PrintDefaults()
				}
				return nil, err
			}
			return nil, usageError{err.Error()}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// listFlag collects a repeated flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }
