package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"

	"retro/out/table"
	"retro/positions/cluster"
	"retro/retro"
)

// writeTableKept writes the table of a solve that keeps checkpoints in
// ck to target, the regular file (or name not taken) that path leads to:
// into the checkpoint's table file (ck.TableFile), going on from the
// blocks its last save stands for, saving what is written every
// interval once it is on disk, and moved to target once whole. A kill
// while the table is written costs at most an interval's blocks; nothing
// but a whole table is ever at target.
func writeTableKept(ctx context.Context, path, target string, ck *retro.Checkpoint, s *solved, opt table.Options) error {
	f, err := keepTable(ck, &opt, s.elapsed)
	if err != nil {
		return err
	}
	defer f.Close()
	return writeKept(ctx, path, target, f, func(w ctxFile) error { return table.WriteAt(w, s.game, s.results, opt) })
}

// writeKept writes a table into f, a file of the checkpoint, by write,
// and moves it to target, the file path leads to, once it is on disk.
func writeKept(ctx context.Context, path, target string, f *os.File, write func(w ctxFile) error) error {
	if err := write(ctxFile{ctx, f}); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return moveWhole(ctx, path, target, f.Name())
}

// openKept opens a file of the checkpoint, emptied unless a save stands
// for what it holds (resume).
func openKept(ck *retro.Checkpoint, name string, resume bool) (*os.File, error) {
	flags := os.O_RDWR | os.O_CREATE
	if !resume {
		flags |= os.O_TRUNC
	}
	if err := os.MkdirAll(ck.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("%w: %v", retro.ErrCheckpoint, err)
	}
	f, err := os.OpenFile(name, flags, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", retro.ErrCheckpoint, err)
	}
	return f, nil
}

// gatherKept writes, on rank 0 of a solve in ranks that keeps checkpoints
// in ck, the table from the blocks the ranks hand it into the checkpoint's
// gather file (ck.GatherFile), going on from where its last save stood,
// saving every interval where it stands once on disk, and moves it to
// target once whole: a kill while the blocks are gathered costs at most
// an interval's pieces.
func gatherKept(ctx context.Context, path, target string, ck *retro.Checkpoint, s *solved, comm cluster.Comm, opt table.Options) error {
	peer, bytes, head, ok, err := ck.LoadGathered()
	if err != nil {
		return err
	}
	f, err := openKept(ck, ck.GatherFile(), ok)
	if err != nil {
		return err
	}
	defer f.Close()
	opt.Gathered = table.Gathered{Peer: peer, Bytes: bytes, Head: head}
	opt.Sent = func(at table.Gathered) error {
		if !ck.Due() {
			return nil
		}
		if err := f.Sync(); err != nil { // the pieces on disk before the save that stands for them
			return err
		}
		return ck.SaveGathered(at.Peer, at.Bytes, at.Head, s.elapsed)
	}
	return writeKept(ctx, path, target, f, func(w ctxFile) error { return table.WriteParts(w, comm, s.game, s.parts, opt) })
}

// keepTable opens the checkpoint's table file, this rank's, and sets opt
// to write blocks there from those of its last save (opt.Written), and to
// save every interval those written since, once on disk (opt.Placed);
// solve is the solve's whole time, which the saves record.
func keepTable(ck *retro.Checkpoint, opt *table.Options, solve time.Duration) (*os.File, error) {
	saved, blocks, err := ck.LoadTable()
	if err != nil {
		return nil, err
	}
	written, err := table.DecodeEntries(saved[:min(len(saved), blocks*table.EntrySize)])
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", retro.ErrCheckpoint, ck.TableFile(), err)
	}
	f, err := openKept(ck, ck.TableFile(), len(written) > 0)
	if err != nil {
		return nil, err
	}
	opt.Written = written
	opt.Placed = func(entries []table.Entry) error {
		if !ck.Due() {
			return nil
		}
		if err := f.Sync(); err != nil { // the blocks on disk before the save that stands for them
			return err
		}
		return ck.SaveTable(table.EncodeEntries(entries), len(entries), solve)
	}
	return f, nil
}

// moveWhole puts the whole file part at target, the file path leads to:
// renamed there, or, on another file system, copied by way of a temporary
// file (writeTemp) and removed. A file replaced keeps its permissions.
func moveWhole(ctx context.Context, path, target, part string) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.Chmod(part, mode); err != nil {
		return err
	}
	err := os.Rename(part, target)
	if !errors.Is(err, syscall.EXDEV) {
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", path, errors.Unwrap(err))
		}
		return nil
	}
	src, err := os.Open(part)
	if err != nil {
		return err
	}
	defer src.Close()
	err = writeTemp(ctx, path, target, func(f *os.File) error {
		_, err := io.Copy(ctxWriter{ctx, f}, src)
		return err
	})
	if err != nil {
		return err
	}
	return os.Remove(part)
}
