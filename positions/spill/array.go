package spill

import (
	"errors"
	"fmt"
	"os"
	"unsafe"
)

// ErrNoMapping: this system cannot map a file, so an array cannot spill.
var ErrNoMapping = errors.New("arrays in files need a system that maps files into memory (Linux)")

// ErrNoSpace: the filesystem of the directory has no room for an array's
// file.
var ErrNoSpace = errors.New("no space left")

// An Array is n values of type T, in the heap or in a file.
type Array[T any] struct {
	s    []T
	file *os.File
	path string
	data []byte // the mapping
	keep bool   // the file stays when the array is closed
}

// Heap is an array of n zeroed values in the Go heap.
func Heap[T any](n int64) *Array[T] { return &Array[T]{s: make([]T, n)} }

// Create makes an array of n zeroed values in a new file named name in
// directory dir (the directory is made when it is missing), mapped. Unless
// keep is set the file's name is removed at once: its pages live as long
// as the mapping, and nothing is left behind however the process ends.
func Create[T any](dir, name string, n int64, keep bool) (*Array[T], error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	path := dir + string(os.PathSeparator) + name
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	size := n * int64(unsafe.Sizeof(*new(T)))
	err = f.Truncate(size)
	if err == nil {
		err = reserve(f, size)
	}
	if err != nil {
		f.Close()
		os.Remove(path)
		if errors.Is(err, ErrNoSpace) {
			return nil, fmt.Errorf("spill: %w on %s (the file %s needs %d bytes)", ErrNoSpace, dir, name, size)
		}
		return nil, fmt.Errorf("spill: %s: %w", path, err)
	}
	return mapFile[T](f, path, n, size, keep)
}

// Open maps an array of n values kept in an existing file (a
// checkpoint's); it fails unless the file holds exactly n values.
func Open[T any](path string, n int64) (*Array[T], error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	size := n * int64(unsafe.Sizeof(*new(T)))
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("spill: %w", err)
	}
	if st.Size() != size {
		f.Close()
		return nil, fmt.Errorf("spill: %s holds %d bytes, not the %d of %d values", path, st.Size(), size, n)
	}
	return mapFile[T](f, path, n, size, true)
}

func mapFile[T any](f *os.File, path string, n, size int64, keep bool) (*Array[T], error) {
	a := &Array[T]{file: f, path: path, keep: keep}
	if size == 0 {
		return a, nil
	}
	data, err := mmapShared(f, size)
	if err != nil {
		f.Close()
		if !keep {
			os.Remove(path)
		}
		return nil, fmt.Errorf("spill: %s: %w", path, err)
	}
	a.data = data
	a.s = unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(data))), n)
	if !keep {
		os.Remove(path)
	}
	return a, nil
}

// Slice is the array's values.
func (a *Array[T]) Slice() []T { return a.s }

// InFile reports whether the array is kept in a file.
func (a *Array[T]) InFile() bool { return a.file != nil }

// Path is the array's file, "" for one in the heap.
func (a *Array[T]) Path() string { return a.path }

// byteRange is the whole pages of values lo..hi-1.
func (a *Array[T]) byteRange(lo, hi int64) (int64, int64) {
	size := int64(unsafe.Sizeof(*new(T)))
	from, to := lo*size, hi*size
	page := int64(os.Getpagesize())
	from = (from + page - 1) / page * page // whole pages only
	to = to / page * page
	return from, to
}

// Release drops values lo..hi-1 of a file-backed array from memory (the
// whole pages among them); they stay in the file and are read back when
// next touched. An array in the heap keeps them.
func (a *Array[T]) Release(lo, hi int64) {
	if a.data == nil {
		return
	}
	from, to := a.byteRange(lo, hi)
	if from < to {
		release(a.data[from:to])
	}
}

// Sync writes values lo..hi-1 of a file-backed array out to its file.
func (a *Array[T]) Sync(lo, hi int64) error {
	if a.data == nil {
		return nil
	}
	size := int64(unsafe.Sizeof(*new(T)))
	page := int64(os.Getpagesize())
	from, to := lo*size/page*page, min(int64(len(a.data)), (hi*size+page-1)/page*page)
	if from >= to {
		return nil
	}
	if err := msync(a.data[from:to]); err != nil {
		return fmt.Errorf("spill: %s: %w", a.path, err)
	}
	return nil
}

// Close unmaps a file-backed array and closes its file; the slice is not
// to be used afterwards.
func (a *Array[T]) Close() error {
	if a.file == nil {
		a.s = nil
		return nil
	}
	var err error
	if a.data != nil {
		err = munmap(a.data)
	}
	if cerr := a.file.Close(); err == nil {
		err = cerr
	}
	a.s, a.data, a.file = nil, nil, nil
	return err
}
