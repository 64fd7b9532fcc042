package spill

import (
	"os"
	"syscall"
	"unsafe"
)

func mmapShared(f *os.File, size int64) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
}

// release drops pages of a shared file mapping: their contents stay in the
// file (MADV_DONTNEED of a shared mapping frees only the process's copy).
func release(b []byte) { _ = syscall.Madvise(b, syscall.MADV_DONTNEED) }

func msync(b []byte) error {
	_, _, e := syscall.Syscall(syscall.SYS_MSYNC, uintptr(unsafePointer(b)), uintptr(len(b)), syscall.MS_SYNC)
	if e != 0 {
		return e
	}
	return nil
}

func munmap(b []byte) error { return syscall.Munmap(b) }

func unsafePointer(b []byte) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(b)) }
