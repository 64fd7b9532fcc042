//go:build !linux

package spill

import "os"

func mmapShared(*os.File, int64) ([]byte, error) { return nil, ErrNoMapping }
func reserve(*os.File, int64) error              { return nil }
func release([]byte)                             {}
func msync([]byte) error                         { return ErrNoMapping }
func munmap([]byte) error                        { return nil }
