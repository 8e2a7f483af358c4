package engine

import (
	"context"
	"sync"
	"sync/atomic"
)

// lifetime is the counted gate around a closable's entry points, after
// net/http's Server.Shutdown: every call that may touch what Close frees
// enters it first and leaves it when done; Close shuts the gate (later
// entries fail with ErrClosed), cancels work that can stop early (see
// stopping and ctx), waits until the last call in flight has left, and
// only then frees. Entering costs one atomic add, leaving another: no
// lock on a run's path.
type lifetime struct {
	// state is the number of calls inside, plus closingBit once Close began.
	state atomic.Int64

	drainOnce sync.Once
	drained   chan struct{} // closed once closing with nobody inside

	ctx    context.Context // cancelled when Close begins: background work's context
	cancel context.CancelFunc

	freeOnce, bgOnce sync.Once
	freed            chan struct{} // closed once free has returned
	err              error         // free's error
}

const closingBit = 1 << 62

func newLifetime() *lifetime {
	l := &lifetime{drained: make(chan struct{}), freed: make(chan struct{})}
	l.ctx, l.cancel = context.WithCancel(context.Background())
	return l
}

// enter lets a call in, or reports false once Close has begun.
func (l *lifetime) enter() bool {
	if l.state.Add(1)&closingBit != 0 {
		l.leave()
		return false
	}
	return true
}

// leave ends a call that entered.
func (l *lifetime) leave() {
	if l.state.Add(-1) == closingBit {
		l.drainOnce.Do(func() { close(l.drained) })
	}
}

// stopping reports whether Close has begun: long work (a chunked run, a
// While loop) checks it between steps, as it checks its context.
func (l *lifetime) stopping() bool { return l.state.Load()&closingBit != 0 }

// shutdown shuts the gate, cancels l.ctx, waits for the calls inside to
// leave and runs free, once, whoever calls. If ctx ends first it returns
// ctx.Err() and free runs later, when the last call leaves (a second
// shutdown may wait for it). Every call after the first returns free's
// error.
func (l *lifetime) shutdown(ctx context.Context, free func(context.Context) error) error {
	if l.state.Or(closingBit) == 0 {
		l.drainOnce.Do(func() { close(l.drained) })
	}
	l.cancel()
	select {
	case <-l.drained:
	case <-ctx.Done():
		select {
		case <-l.drained:
		default:
			l.bgOnce.Do(func() {
				go func() {
					<-l.drained
					l.free(context.Background(), free)
				}()
			})
			return ctx.Err()
		}
	}
	l.free(ctx, free)
	return l.err
}

// release shuts the gate without waiting: free runs now if nobody is
// inside (its error returned), else when the last call leaves.
func (l *lifetime) release(free func(context.Context) error) error {
	if l.state.Or(closingBit) == 0 {
		l.drainOnce.Do(func() { close(l.drained) })
	}
	l.cancel()
	select {
	case <-l.drained:
		l.free(context.Background(), free)
		<-l.freed
		return l.err
	default:
		l.bgOnce.Do(func() {
			go func() {
				<-l.drained
				l.free(context.Background(), free)
			}()
		})
		return nil
	}
}

func (l *lifetime) free(ctx context.Context, free func(context.Context) error) {
	l.freeOnce.Do(func() {
		l.err = free(context.WithoutCancel(ctx))
		close(l.freed)
	})
}
