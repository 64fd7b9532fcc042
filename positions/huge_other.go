//go:build !linux

package positions

// Mapped is the number of bytes held in mapped tables: none here.
func Mapped() int64 { return 0 }

func bigSlice[T any](n int) []T { return make([]T, n) }

func freeSlice[T any](s []T) {}
