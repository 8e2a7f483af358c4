package bench

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
)

// FormatMs prints a time given in milliseconds with a unit that suits it:
// 812ns, 41.3µs, 2.08ms, 1.234s.
func FormatMs(ms float64) string {
	ns := ms * 1e6
	switch {
	case ns < 1e3:
		return fmt.Sprintf("%.0fns", ns)
	case ns < 1e4:
		return fmt.Sprintf("%.2fµs", ns/1e3)
	case ns < 1e6:
		return fmt.Sprintf("%.1fµs", ns/1e3)
	case ns < 1e9:
		return fmt.Sprintf("%.2fms", ns/1e6)
	}
	return fmt.Sprintf("%.3fs", ns/1e9)
}

// throughput is the headline throughput of a result: GFLOP/s for the
// matmul, calls per second for the overhead kernel, else GB/s.
func throughput(r *Result, goSide bool) string {
	g, b, c := r.GFLOPs, r.GBps, r.CallsPerS
	if goSide {
		g, b, c = r.GoGFLOPs, r.GoGBps, r.GoCallsPer
	}
	switch {
	case r.TargetGFLOPs != 0:
		return fmt.Sprintf("%.1f GFLOP/s", g)
	case r.Kernel == "K9":
		return fmt.Sprintf("%.2f Mcall/s", c/1e6)
	}
	return fmt.Sprintf("%.1f GB/s", b)
}

func target(r *Result) string {
	if r.TargetGFLOPs != 0 {
		return fmt.Sprintf("≥%g GFLOP/s", r.TargetGFLOPs)
	}
	s := FormatMs(r.TargetMs)
	if r.TargetScaled {
		s += "*"
	}
	return s
}

// WriteTable prints results as an aligned table: per kernel the sandjit
// median, p10, p90 and CPU time per call (RunInArena on arena inputs), the
// medians of Run on arena inputs and on heap inputs and of RunInto, the
// dynamic form's median and its ratio to the static one (when measured),
// the Go baseline's median and CPU time, the ratio sandjit/Go, the throughput, the target,
// whether it is met, and the number of calls measured. With native peers'
// results (Config.Native), a column per peer with its median and one with
// the ratio sandjit/fastest peer follow the ratio sandjit/Go.
func WriteTable(w io.Writer, results []Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	// The kernel's name and title, left-aligned in one padded cell.
	nameW := len("kernel")
	for i := range results {
		nameW = max(nameW, len(results[i].Kernel)+1+len(results[i].Title))
	}
	peers := nativeNames(results)
	dynamic := slices.ContainsFunc(results, func(r Result) bool { return r.Dynamic != nil })
	var dynHead string
	if dynamic {
		dynHead = "dynamic\tdyn/static\t"
	}
	var nativeHead string
	if len(peers) > 0 {
		nativeHead = strings.Join(peers, "\t") + "\tratio C\tC target\tmet C\t"
	}
	fmt.Fprintf(tw, "%-*s\tsandjit median\tp10\tp90\tcpu/call\tRun\tRun heap-in\tRunInto\t%sGo median\tGo cpu/call\tratio\t%sthroughput\ttarget\tmet\tcalls\t\n", nameW, "kernel", dynHead, nativeHead)
	scaled := false
	for i := range results {
		r := &results[i]
		met := "no"
		if r.Met {
			met = "yes"
		}
		scaled = scaled || r.TargetScaled
		var native string
		if len(peers) > 0 {
			for _, name := range peers {
				cell := "-"
				if j := slices.IndexFunc(r.Native, func(n NativeResult) bool { return n.Name == name }); j >= 0 {
					cell = FormatMs(r.Native[j].Timing.MedianMs)
				}
				native += cell + "\t"
			}
			if r.NativeRatio > 0 {
				native += fmt.Sprintf("%.2f\t", r.NativeRatio)
			} else {
				native += "-\t"
			}
			if r.NativeMet != nil {
				metC := "no"
				if *r.NativeMet {
					metC = "yes"
				}
				native += fmt.Sprintf("≤%.2f\t%s\t", r.NativeTargetRatio, metC)
			} else {
				native += "-\t-\t"
			}
		}
		var dyn string
		switch {
		case r.Dynamic != nil:
			dyn = fmt.Sprintf("%s\t%.2f\t", FormatMs(r.Dynamic.MedianMs), r.DynamicRatio)
		case dynamic:
			dyn = "-\t-\t"
		}
		fmt.Fprintf(tw, "%-*s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s%s\t%s\t%.2f\t%s%s\t%s\t%s\t%d\t\n",
			nameW, r.Kernel+" "+r.Title, FormatMs(r.Sandjit.MedianMs), FormatMs(r.Sandjit.P10Ms), FormatMs(r.Sandjit.P90Ms),
			FormatMs(r.Sandjit.CPUMs), FormatMs(r.SandjitRun.MedianMs), FormatMs(r.SandjitHeap.MedianMs), FormatMs(r.SandjitInto.MedianMs),
			dyn, FormatMs(r.Go.MedianMs), FormatMs(r.Go.CPUMs), r.Ratio, native, throughput(r, false), target(r), met, r.Iters)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(results) > 0 {
		r := &results[0]
		fmt.Fprintf(w, "size %d, backend %s, %d worker(s), specialization %s; calls: measured RunInArena calls (each variant gets an equal share of the budget, in batches of ~20 ms), after %d warm-up\n",
			r.Size, r.Backend, r.Workers, r.Specialization, r.Warmup)
		fmt.Fprintln(w, "sandjit: RunInArena on arena inputs, result freed (nothing copied); Run: result copied out; heap-in: inputs copied in too; RunInto: into a kept arena tensor; ratio = sandjit/Go (medians); cpu: all threads")
		if dynamic {
			fmt.Fprintln(w, "dynamic: the same kernel with every dim ?, RunInArena, same inputs and specialization mode (specializations ready); dyn/static = dynamic/sandjit (medians)")
		}
		if len(peers) > 0 {
			fmt.Fprintf(w, "%s: medians of native/suite.c (%s), same inputs, in a child process after each kernel's variants (a quarter of the budget each); ratio C = sandjit/fastest C\n",
				strings.Join(peers, ", "), nativeFlagsNote(results, peers))
			fmt.Fprintln(w, "C target: the target over the native time peers.md measured when it was set (Kernel.AnchorMs), i.e. the target as a ratio to native code; met C: ratio C within it (the target judged on this machine)")
		}
	}
	if scaled {
		fmt.Fprintln(w, "* target scaled from size 1024 by the bytes moved")
	}
	return nil
}

// nativeNames lists the native peers of results in order of appearance.
func nativeNames(results []Result) []string {
	var names []string
	for i := range results {
		for _, n := range results[i].Native {
			if !slices.Contains(names, n.Name) {
				names = append(names, n.Name)
			}
		}
	}
	return names
}

// nativeFlagsNote says which flags built each peer: "-O3 -march=native; -Ofast -march=native".
func nativeFlagsNote(results []Result, peers []string) string {
	flags := make([]string, len(peers))
	for i := range results {
		for _, n := range results[i].Native {
			if j := slices.Index(peers, n.Name); flags[j] == "" {
				flags[j] = n.Flags
			}
		}
	}
	return strings.Join(flags, "; ")
}

// WriteJSON writes results as a JSON array, one object per kernel.
func WriteJSON(w io.Writer, results []Result) error {
	if results == nil {
		results = []Result{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(results)
}

// WriteSVG draws a bar chart of each kernel's time relative to the Go
// baseline (sandjit/Go), to its target (sandjit/target) and, when native
// peers ran, to the fastest of them (sandjit/C) on a log scale: bars grow
// up from 1× when sandjit is slower, down when faster.
// It is plain SVG 1.1 with no scripts or external resources.
func WriteSVG(w io.Writer, results []Result, title string) error {
	const (
		left, right, top, bottom = 70.0, 20.0, 50.0, 70.0
		plotH, barW              = 320.0, 22.0
	)
	bars, groupW, against := 2.0, 64.0, "the Go baseline and to the target"
	for _, r := range results {
		if r.NativeRatio > 0 {
			bars, groupW, against = 3, 86, "the Go baseline, to the target and to native C"
			break
		}
	}
	lo, hi := 1.0, 1.0
	for _, r := range results {
		for _, v := range []float64{r.Ratio, r.TargetRatio, r.NativeRatio} {
			if v > 0 && !math.IsInf(v, 0) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	dlo, dhi := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if dlo == dhi {
		dlo, dhi = dlo-1, dhi+1
	}
	width := left + right + groupW*float64(max(len(results), 1))
	height := top + plotH + bottom
	y := func(v float64) float64 { return top + plotH*(dhi-math.Log10(v))/(dhi-dlo) }

	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">
<rect x="0" y="0" width="%.0f" height="%.0f" fill="white"/>
<text x="%.0f" y="20" font-size="14" font-weight="bold">%s</text>
<text x="%.0f" y="38" fill="#444">time relative to %s (log scale; below 1× is faster)</text>
`, width, height, width, height, width, height, left, html.EscapeString(title), left, against)
	// Decades: grid lines and labels.
	for e := dlo; e <= dhi; e++ {
		v := math.Pow(10, e)
		yy := y(v)
		stroke, sw := "#ddd", 1.0
		if e == 0 {
			stroke, sw = "#000", 1.5
		}
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="%s" stroke-width="%.1f"/>
<text x="%.0f" y="%.1f" text-anchor="end">%s×</text>
`, left, yy, width-right, yy, stroke, sw, left-6, yy+4, strings.TrimSuffix(fmt.Sprintf("%g", v), ".0"))
	}
	bar := func(x, v float64, fill, label string) {
		if !(v > 0) || math.IsInf(v, 0) {
			return
		}
		y0, y1 := y(1), y(v)
		top, h := min(y0, y1), math.Abs(y1-y0)
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.0f" height="%.1f" fill="%s"><title>%s</title></rect>
`, x, top, barW, max(h, 1), fill, html.EscapeString(label))
		ty := y1 - 4
		if v < 1 {
			ty = y1 + 12
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10">%s</text>
`, x+barW/2, ty, fmtRatio(v))
	}
	for i, r := range results {
		x := left + groupW*float64(i) + (groupW-bars*barW)/2
		bar(x, r.Ratio, "#4e79a7", fmt.Sprintf("%s %s: sandjit/Go = %.3g", r.Kernel, r.Title, r.Ratio))
		col := "#e15759"
		if r.Met {
			col = "#59a14f"
		}
		bar(x+barW, r.TargetRatio, col, fmt.Sprintf("%s %s: sandjit/target = %.3g", r.Kernel, r.Title, r.TargetRatio))
		if bars == 3 {
			bar(x+2*barW, r.NativeRatio, "#f28e2b", fmt.Sprintf("%s %s: sandjit/C (the fastest native peer) = %.3g", r.Kernel, r.Title, r.NativeRatio))
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" text-anchor="middle">%s</text>
`, x+bars*barW/2, top+plotH+18, html.EscapeString(r.Kernel))
	}
	ly := top + plotH + 44
	fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="12" height="12" fill="#4e79a7"/><text x="%.0f" y="%.0f">sandjit / Go</text>
<rect x="%.0f" y="%.0f" width="12" height="12" fill="#59a14f"/><rect x="%.0f" y="%.0f" width="12" height="12" fill="#e15759"/><text x="%.0f" y="%.0f">sandjit / target (met, missed)</text>
`, left, ly, left+16, ly+10, left+130, ly, left+144, ly, left+160, ly+10)
	if bars == 3 {
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="12" height="12" fill="#f28e2b"/><text x="%.0f" y="%.0f">sandjit / fastest C</text>
`, left+370, ly, left+386, ly+10)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func fmtRatio(v float64) string {
	if v >= 10 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.2g", v)
}
