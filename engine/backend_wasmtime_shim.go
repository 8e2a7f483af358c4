//go:build cgo && linux && (amd64 || arm64) && !sandjit_nowasmtime

package engine

// This file is sandjit's thin cgo layer over the parts of wasmtime's C
// API that wasmtime-go v39 does not bind, or binds too slowly for kernel
// calls:
//
//   - shared memories (wasmtime_sharedmemory_new, _data, _data_size), so
//     that one Store per worker goroutine can import the same arena;
//   - stores, instances and export lookup on raw handles;
//   - direct calls (wasmtime_func_call_unchecked) through a per-instance
//     block of C memory: no Go allocation, no lock, no type conversion per
//     call (wasmtime-go's Func.Call allocates and takes a process-wide
//     mutex on every call; this path costs a cgo crossing plus the call:
//     go test ./engine -run NONE -bench 'WasmtimeShimCall|BackendCall');
//   - the engine's epoch counter and per-call epoch deadlines.
//
// Engines and modules are made with wasmtime-go (configuration, Cranelift
// compilation, Serialize, NewModuleDeserialize); this file borrows
// their C handles. wasmtime-go also carries the prebuilt static library
// the C functions here link against, and its headers; since cgo cannot
// point an include path into another module, the few declarations used
// are repeated below, pinned to the wasmtime-go version in go.mod, and
// checked against wasmtime-go's own C types by TestWasmtimeShimLayout.
//
// Like the backend, it is behind the build constraint
//
//	cgo && linux && (amd64 || arm64) && !sandjit_nowasmtime

/*
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Declarations from wasmtime v39's C API (wasm.h, wasmtime/*.h), as shipped
// in wasmtime-go v39.0.1's build/include. Only what this file uses.

typedef struct wasm_engine_t wasm_engine_t;
typedef struct wasm_memorytype_t wasm_memorytype_t;
typedef struct wasm_trap_t wasm_trap_t;
typedef struct wasmtime_error wasmtime_error_t;
typedef struct wasmtime_module wasmtime_module_t;
typedef struct wasmtime_store wasmtime_store_t;
typedef struct wasmtime_context wasmtime_context_t;
typedef struct wasmtime_sharedmemory wasmtime_sharedmemory_t;

typedef struct wasm_byte_vec_t { size_t size; uint8_t *data; } wasm_byte_vec_t;

typedef struct wasmtime_func { uint64_t store_id; void *__private; } wasmtime_func_t;
typedef struct wasmtime_instance { uint64_t store_id; size_t __private; } wasmtime_instance_t;
typedef struct { struct { uint64_t store_id; uint32_t __private1; }; uint32_t __private2; } wt_memory_or_table_t;
typedef struct { uint64_t store_id; uint32_t __private1, __private2, __private3; } wt_global_t;
typedef union {
	wasmtime_func_t func;
	wt_global_t global;
	wt_memory_or_table_t table;
	wt_memory_or_table_t memory;
	wasmtime_sharedmemory_t *sharedmemory;
} wt_extern_union_t;
typedef struct wasmtime_extern { uint8_t kind; wt_extern_union_t of; } wasmtime_extern_t;
typedef union wasmtime_val_raw {
	int32_t i32; int64_t i64; float f32; double f64; uint8_t v128[16];
	uint32_t anyref; uint32_t externref; void *funcref;
} wasmtime_val_raw_t;

enum { WT_EXTERN_FUNC = 0, WT_EXTERN_SHAREDMEMORY = 4 };

_Static_assert(sizeof(wasmtime_func_t) == 16, "wasmtime_func_t");
_Static_assert(sizeof(wasmtime_instance_t) == 16, "wasmtime_instance_t");
_Static_assert(sizeof(wasmtime_extern_t) == 32, "wasmtime_extern_t");
_Static_assert(sizeof(wasmtime_val_raw_t) == 16, "wasmtime_val_raw_t");

extern wasmtime_error_t *wasmtime_memorytype_new(uint64_t min, bool max_present, uint64_t max,
	bool is_64, bool shared, uint8_t page_size_log2, wasm_memorytype_t **ret);
extern void wasm_memorytype_delete(wasm_memorytype_t *);
extern wasmtime_error_t *wasmtime_sharedmemory_new(const wasm_engine_t *, const wasm_memorytype_t *,
	wasmtime_sharedmemory_t **ret);
extern void wasmtime_sharedmemory_delete(wasmtime_sharedmemory_t *);
extern uint8_t *wasmtime_sharedmemory_data(const wasmtime_sharedmemory_t *);
extern size_t wasmtime_sharedmemory_data_size(const wasmtime_sharedmemory_t *);
extern wasmtime_store_t *wasmtime_store_new(wasm_engine_t *, void *data, void (*finalizer)(void *));
extern wasmtime_context_t *wasmtime_store_context(wasmtime_store_t *);
extern void wasmtime_store_limiter(wasmtime_store_t *, int64_t memory_size, int64_t table_elements,
	int64_t instances, int64_t tables, int64_t memories);
extern void wasmtime_store_delete(wasmtime_store_t *);
extern void wasmtime_context_set_epoch_deadline(wasmtime_context_t *, uint64_t ticks_beyond_current);
extern void wasmtime_engine_increment_epoch(wasm_engine_t *);
extern wasmtime_error_t *wasmtime_instance_new(wasmtime_context_t *, const wasmtime_module_t *,
	const wasmtime_extern_t *imports, size_t nimports, wasmtime_instance_t *, wasm_trap_t **);
extern bool wasmtime_instance_export_get(wasmtime_context_t *, const wasmtime_instance_t *,
	const char *name, size_t name_len, wasmtime_extern_t *item);
extern void wasmtime_extern_delete(wasmtime_extern_t *);
extern wasmtime_error_t *wasmtime_func_call_unchecked(wasmtime_context_t *, const wasmtime_func_t *,
	wasmtime_val_raw_t *args_and_results, size_t len, wasm_trap_t **trap);
extern bool wasmtime_trap_code(const wasm_trap_t *, uint8_t *code);
extern void wasm_trap_message(const wasm_trap_t *, wasm_byte_vec_t *out);
extern void wasm_trap_delete(wasm_trap_t *);
extern void wasmtime_error_message(const wasmtime_error_t *, wasm_byte_vec_t *out);
extern void wasmtime_error_delete(wasmtime_error_t *);
extern void wasm_byte_vec_delete(wasm_byte_vec_t *);

// wt_inst is one Store holding one instance, its exported functions by
// slot, and the argument/result block of its calls. It lives in C memory,
// so a call passes Go nothing but scalars and this pointer.
typedef struct {
	wasmtime_store_t *store;
	wasmtime_context_t *cx;
	wasmtime_instance_t inst;
	wasmtime_val_raw_t raw[4];
	wasm_trap_t *trap;       // the last call's trap, if it trapped
	wasmtime_error_t *err;   // the last call's error, if it failed
	size_t nfuncs;
	wasmtime_func_t funcs[];
} wt_inst;

// Outcomes of wt_inst_instantiate and wt_call.
enum { WT_OK = 0, WT_TRAP = 1, WT_ERROR = 2 };

static wt_inst *wt_inst_new(wasm_engine_t *engine, size_t nfuncs, int64_t memory_size) {
	wt_inst *w = calloc(1, sizeof(wt_inst) + nfuncs * sizeof(wasmtime_func_t));
	if (w == NULL) {
		return NULL;
	}
	w->nfuncs = nfuncs;
	w->store = wasmtime_store_new(engine, NULL, NULL);
	w->cx = wasmtime_store_context(w->store);
	// One instance, no memory of its own (the arena is imported), a few
	// small tables at most.
	wasmtime_store_limiter(w->store, memory_size, 1 << 16, 1, 4, 1);
	return w;
}

static void wt_inst_delete(wt_inst *w) {
	if (w->trap != NULL) {
		wasm_trap_delete(w->trap);
	}
	if (w->err != NULL) {
		wasmtime_error_delete(w->err);
	}
	wasmtime_store_delete(w->store);
	free(w);
}

static int wt_inst_instantiate(wt_inst *w, const wasmtime_module_t *m, wasmtime_sharedmemory_t *mem, uint64_t deadline) {
	wasmtime_extern_t imp;
	memset(&imp, 0, sizeof imp);
	imp.kind = WT_EXTERN_SHAREDMEMORY;
	imp.of.sharedmemory = mem;
	wasmtime_context_set_epoch_deadline(w->cx, deadline);
	w->err = wasmtime_instance_new(w->cx, m, &imp, mem != NULL ? 1 : 0, &w->inst, &w->trap);
	if (w->err != NULL) {
		return WT_ERROR;
	}
	return w->trap != NULL ? WT_TRAP : WT_OK;
}

// wt_inst_export puts the exported function name into slot: 1 if found,
// 0 if there is no such export, -1 if it is not a function.
static int wt_inst_export(wt_inst *w, size_t slot, const char *name, size_t len) {
	wasmtime_extern_t ex;
	if (slot >= w->nfuncs || !wasmtime_instance_export_get(w->cx, &w->inst, name, len, &ex)) {
		return 0;
	}
	if (ex.kind != WT_EXTERN_FUNC) {
		wasmtime_extern_delete(&ex);
		return -1;
	}
	w->funcs[slot] = ex.of.func;
	return 1;
}

// wt_call calls the function in slot f with up to three i32 arguments
// (n is the larger of its parameter and result counts); an i32 result is
// left in raw[0].
static int wt_call(wt_inst *w, size_t f, uint64_t deadline, uint32_t a0, uint32_t a1, uint32_t a2, size_t n) {
	w->raw[0].i64 = 0;
	w->raw[0].i32 = (int32_t)a0;
	w->raw[1].i64 = 0;
	w->raw[1].i32 = (int32_t)a1;
	w->raw[2].i64 = 0;
	w->raw[2].i32 = (int32_t)a2;
	wasmtime_context_set_epoch_deadline(w->cx, deadline);
	w->err = wasmtime_func_call_unchecked(w->cx, &w->funcs[f], w->raw, n, &w->trap);
	if (w->err != NULL) {
		return WT_ERROR;
	}
	return w->trap != NULL ? WT_TRAP : WT_OK;
}

static int32_t wt_result(wt_inst *w) { return w->raw[0].i32; }

// wt_take_trap moves the last trap's code and message out and deletes it.
static bool wt_take_trap(wasm_trap_t **t, uint8_t *code, wasm_byte_vec_t *msg) {
	bool has = wasmtime_trap_code(*t, code);
	wasm_trap_message(*t, msg);
	wasm_trap_delete(*t);
	*t = NULL;
	return has;
}

static void wt_take_error(wasmtime_error_t **e, wasm_byte_vec_t *msg) {
	wasmtime_error_message(*e, msg);
	wasmtime_error_delete(*e);
	*e = NULL;
}

static wasmtime_error_t *wt_sharedmemory_new(wasm_engine_t *engine, uint64_t pages, wasmtime_sharedmemory_t **ret) {
	wasm_memorytype_t *ty = NULL;
	wasmtime_error_t *err = wasmtime_memorytype_new(pages, true, pages, false, true, 16, &ty);
	if (err != NULL) {
		return err;
	}
	err = wasmtime_sharedmemory_new(engine, ty, ret);
	wasm_memorytype_delete(ty);
	return err;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/bytecodealliance/wasmtime-go/v39"
)

// wtBorrow reads the C handle a wasmtime-go object wraps (its only field,
// _ptr). wasmtime-go keeps it unexported; its layout is checked here, by
// name and type, so that a changed wasmtime-go fails with an error rather
// than a crash.
func wtBorrow(obj any, ctype string) (unsafe.Pointer, error) {
	v := reflect.ValueOf(obj)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil, fmt.Errorf("wasmtime shim: nil %T", obj)
	}
	s := v.Elem()
	f, ok := s.Type().FieldByName("_ptr")
	if !ok || s.NumField() != 1 || f.Type.Kind() != reflect.Pointer || !strings.Contains(f.Type.Elem().Name(), ctype) {
		return nil, fmt.Errorf("wasmtime shim: %T does not wrap a %s as this shim expects (wasmtime-go changed?)", obj, ctype)
	}
	p := s.FieldByIndex(f.Index).UnsafePointer()
	if p == nil {
		return nil, fmt.Errorf("wasmtime shim: %T is closed", obj)
	}
	return p, nil
}

// wtEngine is a wasmtime-go engine's C handle. The wasmtime-go Engine must
// stay open (and reachable) while the handle is used.
type wtEngine struct {
	p    *C.wasm_engine_t
	keep *wasmtime.Engine
}

// wtBorrowEngine returns e's C handle.
func wtBorrowEngine(e *wasmtime.Engine) (wtEngine, error) {
	p, err := wtBorrow(e, "wasm_engine")
	if err != nil {
		return wtEngine{}, err
	}
	return wtEngine{p: (*C.wasm_engine_t)(p), keep: e}, nil
}

// incrementEpoch advances the engine's epoch by one tick (safe from any
// goroutine; it is an atomic add).
func (e wtEngine) incrementEpoch() { C.wasmtime_engine_increment_epoch(e.p) }

// wtModule is a wasmtime-go module's C handle.
type wtModule struct {
	p    *C.wasmtime_module_t
	keep *wasmtime.Module
}

// wtBorrowModule returns m's C handle; m must stay open while it is used.
func wtBorrowModule(m *wasmtime.Module) (wtModule, error) {
	p, err := wtBorrow(m, "wasmtime_module")
	if err != nil {
		return wtModule{}, err
	}
	return wtModule{p: (*C.wasmtime_module_t)(p), keep: m}, nil
}

// wtSharedMemory is a wasmtime shared linear memory, made outside any store:
// every store of the same engine can import it. Its data is reserved at
// its maximum size when it is made, so its base never moves.
type wtSharedMemory struct {
	p    *C.wasmtime_sharedmemory_t
	data []byte
}

// newWTSharedMemory makes a shared memory of exactly pages 64 KiB pages
// (minimum = maximum).
func newWTSharedMemory(e wtEngine, pages uint32) (*wtSharedMemory, error) {
	if pages == 0 || pages > 65536 {
		return nil, fmt.Errorf("wasmtime shim: a wasm32 memory has 1 to 65536 pages, not %d", pages)
	}
	var p *C.wasmtime_sharedmemory_t
	if err := C.wt_sharedmemory_new(e.p, C.uint64_t(pages), &p); err != nil {
		return nil, wtTakeError(&err)
	}
	m := &wtSharedMemory{p: p}
	n := uint64(C.wasmtime_sharedmemory_data_size(p))
	if n != uint64(pages)*65536 {
		C.wasmtime_sharedmemory_delete(p)
		return nil, fmt.Errorf("wasmtime shim: shared memory of %d pages has %d bytes", pages, n)
	}
	m.data = unsafe.Slice((*byte)(unsafe.Pointer(C.wasmtime_sharedmemory_data(p))), n)
	return m, nil
}

// bytes is the whole memory. The slice is valid until close.
func (m *wtSharedMemory) bytes() []byte { return m.data }

// close drops this handle; the memory itself is freed when the last store
// importing it is gone too.
func (m *wtSharedMemory) close() {
	if m.p != nil {
		C.wasmtime_sharedmemory_delete(m.p)
		m.p, m.data = nil, nil
	}
}

// wtTrap is a Wasm trap.
type wtTrap struct {
	Code    uint8 // a wasmtime_trap_code_t, if HasCode
	HasCode bool
	Message string
}

// wtTrapInterrupt is wasmtime's trap code for an epoch deadline reached.
const wtTrapInterrupt = 10

func (t *wtTrap) Error() string { return t.Message }

// Interrupted reports whether the trap is an epoch deadline.
func (t *wtTrap) Interrupted() bool { return t.HasCode && t.Code == wtTrapInterrupt }

// errWTNoExport is returned by newWTInstance when a function is missing.
var errWTNoExport = errors.New("wasmtime shim: missing export")

// wtInstance is a Store of its own holding one instance of a module, with
// the functions it was asked for in slots. It must be used by one
// goroutine at a time.
type wtInstance struct {
	w      *C.wt_inst
	nfuncs int
}

// newWTInstance makes a store (with a resource limiter: memoryLimit bytes of
// memory, one instance) and instantiates m in it, importing mem (its only
// import) if mem is not nil; funcs are the exports to call, by slot.
// deadline is the epoch deadline, in ticks from now, for the start
// function.
func newWTInstance(e wtEngine, m wtModule, mem *wtSharedMemory, memoryLimit int64, funcs []string, deadline uint64) (*wtInstance, error) {
	w := C.wt_inst_new(e.p, C.size_t(len(funcs)), C.int64_t(memoryLimit))
	if w == nil {
		return nil, errors.New("wasmtime shim: out of memory")
	}
	inst := &wtInstance{w: w, nfuncs: len(funcs)}
	var mp *C.wasmtime_sharedmemory_t
	if mem != nil {
		mp = mem.p
	}
	rc := C.wt_inst_instantiate(w, m.p, mp, C.uint64_t(deadline))
	if err := inst.outcome(rc); err != nil {
		inst.close()
		return nil, fmt.Errorf("instantiating: %w", err)
	}
	for i, name := range funcs {
		cs := C.CString(name)
		found := C.wt_inst_export(w, C.size_t(i), cs, C.size_t(len(name)))
		C.free(unsafe.Pointer(cs))
		if found != 1 {
			inst.close()
			if found == 0 {
				return nil, fmt.Errorf("%w %q", errWTNoExport, name)
			}
			return nil, fmt.Errorf("wasmtime shim: export %q is not a function", name)
		}
	}
	return inst, nil
}

// call calls the function in slot f with nargs i32 arguments (a0…a2, at
// most 3) and one i32 result, with an epoch deadline of deadline ticks
// from now. The caller vouches for the function's type: the call is
// unchecked. It allocates nothing unless it fails.
func (i *wtInstance) call(f int, deadline uint64, nargs int, a0, a1, a2 uint32) (int32, error) {
	if uint(f) >= uint(i.nfuncs) || uint(nargs) > 3 {
		return 0, fmt.Errorf("wasmtime shim: call of slot %d with %d arguments", f, nargs)
	}
	rc := C.wt_call(i.w, C.size_t(f), C.uint64_t(deadline), C.uint32_t(a0), C.uint32_t(a1), C.uint32_t(a2), C.size_t(max(nargs, 1)))
	if rc != C.WT_OK {
		return 0, i.outcome(rc)
	}
	return int32(C.wt_result(i.w)), nil
}

// close deletes the store and everything in it.
func (i *wtInstance) close() {
	if i.w != nil {
		C.wt_inst_delete(i.w)
		i.w = nil
	}
}

func (i *wtInstance) outcome(rc C.int) error {
	switch rc {
	case C.WT_OK:
		return nil
	case C.WT_TRAP:
		var code C.uint8_t
		var msg C.wasm_byte_vec_t
		has := C.wt_take_trap(&i.w.trap, &code, &msg)
		return &wtTrap{Code: uint8(code), HasCode: bool(has), Message: wtTakeMessage(&msg)}
	default:
		return wtTakeError(&i.w.err)
	}
}

// wtTakeError turns a wasmtime_error_t into an error, deletes it and clears
// *e.
func wtTakeError(e **C.wasmtime_error_t) error {
	var msg C.wasm_byte_vec_t
	C.wt_take_error(e, &msg)
	return errors.New(wtTakeMessage(&msg))
}

func wtTakeMessage(v *C.wasm_byte_vec_t) string {
	s := C.GoStringN((*C.char)(unsafe.Pointer(v.data)), C.int(v.size))
	C.wasm_byte_vec_delete(v)
	return wtCondense(strings.TrimRight(s, "\x00"))
}

// wtCondense turns wasmtime's multi-line error report (context, wasm
// backtrace, "Caused by:" chain, native stack backtrace) into one line:
// the causes joined by ": ", then the innermost wasm frame in brackets.
func wtCondense(s string) string {
	s, _, _ = strings.Cut(s, "\n\nStack backtrace:")
	head, causes, ok := strings.Cut(s, "\n\nCaused by:")
	if !ok {
		return strings.Join(strings.Fields(s), " ")
	}
	var parts []string
	for _, l := range strings.Split(causes, "\n") {
		l = strings.TrimSpace(l)
		if i := strings.Index(l, ": "); i > 0 && strings.Trim(l[:i], "0123456789") == "" {
			l = l[i+2:]
		}
		if l != "" {
			parts = append(parts, l)
		}
	}
	out := strings.Join(parts, ": ")
	if _, bt, ok := strings.Cut(head, "wasm backtrace:"); ok {
		for _, l := range strings.Split(bt, "\n") {
			if f := strings.Fields(l); len(f) > 0 {
				out += " [wasm backtrace: " + strings.Join(f, " ") + "]"
				break
			}
		}
	} else if h := strings.TrimSpace(head); h != "" {
		out = h + ": " + out
	}
	return out
}

// layout reports the sizes of the C types this file declares itself, for
// the test that compares them with wasmtime-go's (built from the real
// headers).
func wtLayout() map[string]uintptr {
	return map[string]uintptr{
		"wasmtime_func":     unsafe.Sizeof(C.wasmtime_func_t{}),
		"wasmtime_instance": unsafe.Sizeof(C.wasmtime_instance_t{}),
		"wasmtime_extern":   unsafe.Sizeof(C.wasmtime_extern_t{}),
		"wasm_byte_vec_t":   unsafe.Sizeof(C.wasm_byte_vec_t{}),
	}
}
