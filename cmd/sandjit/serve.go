package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os/signal"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/sandjit/sandjit/server"
)

// redisLog sends go-redis's messages (failed dials, pool trouble) to the
// server's log as warnings.
type redisLog struct{ log *slog.Logger }

func (l redisLog) Printf(ctx context.Context, format string, v ...any) {
	l.log.WarnContext(ctx, "redis: "+fmt.Sprintf(format, v...))
}

// runServe is `sandjit serve --addr HOST:PORT [--config FILE]`: the
// multi-tenant server, until SIGINT or SIGTERM. Logs are JSON lines on
// stderr.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	configPath := fs.String("config", "", "tenants and quotas (JSON; see deploy/config.example.json); required")
	cacheDir := fs.String("cache-dir", "", "keep compiled kernels on disk here (overrides the config's cache_dir)")
	logLevel := fs.String("log-level", "info", "debug, info, warn or error")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("serve: unexpected argument %q", pos[0])
	}
	if *configPath == "" {
		return usagef("serve: --config FILE is required (tenants and their API keys; see deploy/config.example.json)")
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return usagef("serve: --log-level: %v", err)
	}
	cfg, err := server.LoadConfig(*configPath)
	if err != nil {
		return err
	}
	if *cacheDir != "" {
		cfg.CacheDir = *cacheDir
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: level}))
	if cfg.Redis != nil {
		// go-redis logs through a process-wide logger; this process is
		// ours, so its lines join the JSON log.
		redis.SetLogger(redisLog{log})
	}

	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	srv, err := server.New(ctx, cfg, server.WithLogger(log))
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		srv.Close(context.Background())
		return fmt.Errorf("serve: %w", err)
	}
	serveErr := srv.Serve(ctx, ln)
	closeCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Close(closeCtx); err != nil && serveErr == nil {
		serveErr = err
	}
	if serveErr == nil {
		log.Info("stopped")
	}
	return serveErr
}
