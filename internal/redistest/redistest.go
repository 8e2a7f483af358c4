// Package redistest starts a real Redis (Debian's redis-server) for tests:
// on a free loopback port, in a temporary directory, without persistence.
// Without the binary a test is skipped with a message saying so — unless
// it runs in CI (CI=true) or SANDJIT_REQUIRE_REDIS is set, where a missing
// redis-server fails the test, so that CI cannot pass by skipping.
package redistest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Server is a redis-server child process.
type Server struct {
	Addr string // 127.0.0.1:PORT
	t    testing.TB
	bin  string
	dir  string
	port int
	cmd  *exec.Cmd
	done chan struct{}
}

// Required reports whether a missing redis-server fails tests rather than
// skipping them.
func Required() bool {
	return os.Getenv("CI") == "true" || os.Getenv("SANDJIT_REQUIRE_REDIS") != ""
}

// Start starts redis-server on a free loopback port; it is stopped when
// the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if Required() {
			t.Fatalf("redis-server not found, and CI=true or SANDJIT_REQUIRE_REDIS is set: apt-get install -y redis-server")
		}
		t.Skip("redis-server not installed (apt-get install -y redis-server): Redis test skipped")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	s := &Server{Addr: "127.0.0.1:" + strconv.Itoa(port), t: t, bin: bin, dir: t.TempDir(), port: port}
	s.Restart()
	t.Cleanup(s.Stop)
	return s
}

// Restart starts the server again (empty: nothing persists) on the same
// port after Stop.
func (s *Server) Restart() {
	s.t.Helper()
	if s.cmd != nil {
		s.t.Fatal("redistest: Restart of a running server")
	}
	cmd := exec.Command(s.bin, "--port", strconv.Itoa(s.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", s.dir, "--protected-mode", "yes", "--loglevel", "warning")
	out, err := os.Create(fmt.Sprintf("%s/redis-%d.log", s.dir, time.Now().UnixNano()))
	if err != nil {
		s.t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("redistest: %v", err)
	}
	s.cmd = cmd
	s.done = make(chan struct{})
	go func() { cmd.Wait(); out.Close(); close(s.done) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if s.ping() {
			return
		}
		select {
		case <-s.done:
			b, _ := os.ReadFile(out.Name())
			s.cmd = nil
			s.t.Fatalf("redistest: redis-server exited:\n%s", b)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.Stop()
			s.t.Fatal("redistest: redis-server did not answer within 10s")
		}
	}
}

func (s *Server) ping() bool {
	c, err := net.DialTimeout("tcp", s.Addr, time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return false
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	return err == nil && strings.HasPrefix(line, "+PONG")
}

// Stop kills the server (SIGKILL: a crash, not a shutdown) and waits for
// it to exit. It may be called more than once.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.cmd = nil
}
