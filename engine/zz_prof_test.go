package engine_test

import (
	"context"
	"github.com/sandjit/sandjit/engine"
	"github.com/sandjit/sandjit/internal/bench"
	"os"
	"testing"
)

func TestZZProf(t *testing.T) {
	f := os.Getenv("ZZFILE")
	if f == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(f)
	ctx := context.Background()
	rt, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	j, err := rt.Compile(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	x, err := j.Default(ctx)
	if err != nil {
		t.Fatal(err)
	}
	x.Release()
}

func TestZZDump(t *testing.T) {
	out := os.Getenv("ZZDUMP")
	if out == "" {
		t.Skip()
	}
	os.MkdirAll(out, 0o755)
	ctx := context.Background()
	rt, err := engine.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close(ctx)
	srcs := map[string][]byte{}
	for _, k := range bench.Suite() {
		srcs["suite_"+k.Name] = []byte(k.Source(bench.DimsFor(64)))
	}
	ents, _ := os.ReadDir("../testdata/kernels")
	for _, e := range ents {
		b, _ := os.ReadFile("../testdata/kernels/" + e.Name())
		srcs[e.Name()] = b
	}
	for name, src := range srcs {
		j, err := rt.Compile(ctx, src)
		if err != nil {
			os.WriteFile(out+"/"+name+".err", []byte(err.Error()), 0o644)
			continue
		}
		x, err := j.Default(ctx)
		if err != nil {
			os.WriteFile(out+"/"+name+".err", []byte(err.Error()), 0o644)
			continue
		}
		os.WriteFile(out+"/"+name+".loops", []byte(x.Kernel().Program.String()), 0o644)
		os.WriteFile(out+"/"+name+".wat", []byte(x.WAT()), 0o644)
		x.Release()
	}
}
