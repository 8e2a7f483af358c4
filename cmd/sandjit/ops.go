package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/internal/lower"
)

func isInternal(err error) bool { return errors.Is(err, engine.ErrInternal) }

func runOps(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("ops", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "text, json or markdown (README's op table)")
	if pos, err := parseInterleaved(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	matrix := lower.SupportMatrix()
	switch *format {
	case "json":
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(matrix)
	case "text":
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "OP\tDTYPES\tNEEDS\tNOTES")
		for _, op := range matrix {
			needs := op.Needs
			if needs == "" {
				needs = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", op.Name, strings.Join(op.DTypes, " "), needs, op.Notes)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\n%s\n", lower.KnownBeforeRun)
		return nil
	case "markdown":
		_, err := io.WriteString(stdout, opsMarkdown(matrix))
		return err
	}
	return usagef("ops: --format must be text, json or markdown, got %q", *format)
}

// opsMarkdown is the support matrix as the README's table.
func opsMarkdown(matrix []lower.OpSupport) string {
	var b strings.Builder
	b.WriteString("| op | tier | computes | element types | needs | notes |\n|---|---|---|---|---|---|\n")
	cell := func(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
	for _, op := range matrix {
		fmt.Fprintf(&b, "| `%s` | %d | %s | %s | %s | %s |\n", op.Name, op.Tier, cell(op.Computes),
			strings.Join(op.DTypes, " "), cell(op.Needs), cell(op.Notes))
	}
	return b.String()
}
