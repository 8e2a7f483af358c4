package engine

import (
	"encoding/binary"
	"runtime/debug"

	"github.com/sandjit/sandjit/cache"
	"github.com/sandjit/sandjit/internal/lower"
	"github.com/sandjit/sandjit/internal/wasmgen"
	"github.com/sandjit/sandjit/memref"
)

// Every cache key of a compilation is made here, from the kernel's
// content address down:
//
//	jitKey                     a JitExecutable in a runtime's cache (Compile)
//	kernelKey                  the kernel's content address (JitExecutable.Key)
//	├ defaultKey               its default executable
//	├ specKey                  a specialization: symbolic shapes and values
//	└ segmentKey               a segment of a kernel with control flow (a kernelKey of its own)
//	  artifactKey              any of those, generated with given options and limits (the shared Cache, on disk)
//
// Nothing a caller chooses (an id, a tenant) is part of any of them, so
// the same kernel from two callers is compiled once and one caller cannot
// plant an entry under another kernel's key.

// CompilerVersion names the compiler in every cache key. Bump it whenever
// lowering or code generation changes what a kernel compiles to, so that
// caches on disk from an older sandjit are not used.
const CompilerVersion = "sandjit-compiler-3"

// compilerID is CompilerVersion plus the VCS revision of the build when
// the binary records one.
var compilerID = func() string {
	id := CompilerVersion
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				id += "/" + s.Value
			}
		}
	}
	return id
}()

// kernelKey is the content address of a kernel: a SHA-256 over
//
//   - the kernel text, byte for byte;
//   - the entry function's name (as asked for; "" means the default rule);
//   - the file name shown in diagnostics (errors are cached too, and carry it);
//   - the compiler identity (CompilerVersion and the build's VCS revision);
//   - the ABI version of the argument block (memref.ABIVersion).
func kernelKey(src []byte, entry, filename string) cache.Key {
	var abi [4]byte
	binary.LittleEndian.PutUint32(abi[:], memref.ABIVersion)
	return cache.NewKey([]byte("sandjit/kernel"), src, []byte(entry), []byte(filename), []byte(compilerID), abi[:])
}

// jitKey is the key of a JitExecutable in a runtime's cache: the parts of
// kernelKey plus the compile options that change what Compile returns
// (specialization mode, stages, parse limits), hashed in one pass so that
// a hit costs one SHA-256 of the text.
func jitKey(src []byte, cfg *compileConfig) cache.Key {
	var abi [4]byte
	binary.LittleEndian.PutUint32(abi[:], memref.ABIVersion)
	var opt [34]byte
	opt[0], opt[1] = byte(cfg.mode), boolByte(cfg.stages)
	l := cfg.limits
	for i, v := range []int{l.MaxBytes, l.MaxOps, l.MaxDepth, l.MaxDenseElements} {
		binary.LittleEndian.PutUint64(opt[2+8*i:], uint64(v))
	}
	return cache.NewKey([]byte("sandjit/jit"), src, []byte(cfg.entry), []byte(cfg.filename), []byte(compilerID), abi[:], opt[:])
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// defaultKey is the key of a kernel's default executable.
func defaultKey(kernel cache.Key) cache.Key {
	return cache.NewKey(kernel[:], []byte("default"))
}

// specKey is the key of a kernel's specialization on symbolic shapes sym
// and the contents of the value-constrained arguments (values, by
// argument index; nil for the others).
func specKey(kernel cache.Key, sym lower.SymbolicShapes, values []*memref.Tensor) cache.Key {
	k := sym.AppendKey([]byte("spec"))
	for i, v := range values {
		if v == nil {
			continue
		}
		k = binary.LittleEndian.AppendUint32(k, uint32(i))
		k = append(k, v.Data[:v.Len()*v.DType.Size()]...)
	}
	return cache.NewKey(kernel[:], k)
}

// segmentKey is the kernel key of the segment (or function) name of a
// kernel with control flow, compiled as a JitExecutable of its own.
func segmentKey(kernel cache.Key, name string) cache.Key {
	return cache.NewKey(kernel[:], []byte("flow:"+name))
}

// artifactKey is the key of an executable's artifact (its lowered kernel
// and Wasm) in the shared Cache and on disk: the executable's key, the
// code generator's options and the compile limits, which change what is
// generated or whether it is.
func artifactKey(key cache.Key, opts wasmgen.Options, lim CompileLimits) cache.Key {
	var limKey [32]byte
	binary.LittleEndian.PutUint64(limKey[:], uint64(lim.LoopInstructions))
	binary.LittleEndian.PutUint64(limKey[8:], uint64(lim.WasmBytes))
	binary.LittleEndian.PutUint64(limKey[16:], uint64(lim.Rank))
	binary.LittleEndian.PutUint64(limKey[24:], uint64(lim.Elements))
	return cache.NewKey(key[:], opts.Key(), limKey[:])
}
