package analysis

import (
	"context"
	"runtime"
	"sync"

	"github.com/pgnls/pgnls/syntax"
)

// batchBytes is about how much game text one unit of work holds: games are
// handed to the workers in batches so that synchronisation costs little
// next to the work on them.
const batchBytes = 64 << 10

// StreamItem is one game of a stream with what the callbacks of
// EachGame compute for it.
type StreamItem[T any] struct {
	Game  syntax.StreamGame
	Value T
}

// EachGame reads the games of gr and runs work on them on jobs
// goroutines, or on every core (runtime.GOMAXPROCS) when jobs < 1, while
// later games are still being read. read runs on each game as it is
// read, in file order (for what depends on the games before it, such as
// gr.Facts); work runs concurrently; emit runs in file order once work is
// done. At most a few batches of games per core are held at once, so
// memory does not grow with the stream. It stops early when ctx is done,
// and returns once the goroutines it started have ended.
func EachGame[T any](ctx context.Context, gr *syntax.GameReader, jobs int, read, work, emit func(*StreamItem[T])) {
	EachGameBatch(ctx, gr, jobs, batchBytes, read, work, emit)
}

// EachGameBatch is EachGame with the size of a unit of work given: the
// games a worker takes at once hold at least batchSize bytes of text (1:
// one game at a time, for work that takes long on each game, such as an
// engine's analysis).
func EachGameBatch[T any](ctx context.Context, gr *syntax.GameReader, jobs, batchSize int, read, work, emit func(*StreamItem[T])) {
	type batch struct {
		items []StreamItem[T]
		done  chan struct{}
	}
	workers := jobs
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	todo := make(chan *batch, workers)
	order := make(chan *batch, 4*workers) // bounds the batches in flight
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for b := range todo {
				for i := range b.items {
					work(&b.items[i])
				}
				close(b.done)
			}
		})
	}
	wg.Go(func() {
		defer close(order)
		defer close(todo)
		b, size := &batch{done: make(chan struct{})}, 0
		send := func() {
			order <- b
			todo <- b
			b, size = &batch{done: make(chan struct{})}, 0
		}
		for ctx.Err() == nil {
			g, ok := gr.Next()
			if !ok {
				break
			}
			b.items = append(b.items, StreamItem[T]{Game: g})
			if read != nil {
				read(&b.items[len(b.items)-1])
			}
			if size += len(g.Game.Text); size >= batchSize {
				send()
			}
		}
		if len(b.items) > 0 {
			send()
		}
	})
	for b := range order {
		<-b.done
		for i := range b.items {
			emit(&b.items[i])
		}
	}
	wg.Wait() // not deferred: a panic in emit must not wait for a reader blocked on order
}

// Offsets turns the starts of the games of a stream into byte offsets
// from the start of the stream. A syntax.Pos is 32 bits: the Start of a
// streamed game wraps past 2 GiB, while the difference of two starts in
// a row is right as long as the games between them are shorter than
// 2 GiB, which a game always is. The zero Offsets is a new stream's.
type Offsets struct {
	last syntax.Pos
	off  int64
}

// Of returns the offset of g, the next game of the stream: the games
// must be given in order, each once.
func (o *Offsets) Of(g syntax.StreamGame) int64 {
	o.off += int64(g.Start - o.last)
	o.last = g.Start
	return o.off
}
