package positions

import (
	"sync/atomic"
	"syscall"
	"unsafe"
)

// Large tables read at random (the hash tables and key stores of many-pile
// games) are mapped from the kernel directly and backed by huge pages
// where it allows them: with small pages nearly every read of a large
// table also misses the TLB, which halves the speed of the lookups. The
// Go heap cannot be asked for that, since it hands out memory it has used
// before. Mapped reports the bytes so held, for measuring.

// hugeFloor is the smallest table worth mapping.
const hugeFloor = 4 << 20

var mapped atomic.Int64

// Mapped is the number of bytes held in mapped tables now.
func Mapped() int64 { return mapped.Load() }

// bigSlice returns a zeroed slice of n elements, mapped when it is large;
// free must be called on it once it is no longer used.
func bigSlice[T any](n int) []T {
	size := uintptr(n) * unsafe.Sizeof(*new(T))
	if size < hugeFloor {
		return make([]T, n)
	}
	b, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]T, n)
	}
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE; a refusal only costs speed
	mapped.Add(int64(size))
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n)
}

// freeSlice releases a slice from bigSlice.
func freeSlice[T any](s []T) {
	size := uintptr(len(s)) * unsafe.Sizeof(*new(T))
	if size < hugeFloor || len(s) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), size)
	if syscall.Munmap(b) == nil {
		mapped.Add(-int64(size))
	}
}
