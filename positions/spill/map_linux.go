package spill

import (
	"os"
	"syscall"
	"unsafe"
)

// reserve gives the file its size in blocks of the filesystem before it
// is mapped: a sparse file's pages are backed only when first written, and
// a page the filesystem cannot back then (a full disk) ends the process
// with SIGBUS. ENOSPC is ErrNoSpace; a filesystem that cannot allocate
// ahead (EOPNOTSUPP) is left sparse, as it was.
func reserve(f *os.File, size int64) error {
	if size <= 0 {
		return nil
	}
	for {
		err := syscall.Fallocate(int(f.Fd()), 0, 0, size)
		switch err {
		case nil, syscall.EOPNOTSUPP, syscall.ENOSYS:
			return nil
		case syscall.EINTR:
			continue
		case syscall.ENOSPC, syscall.EDQUOT, syscall.EFBIG:
			return ErrNoSpace
		}
		return err
	}
}

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
