module retro

go 1.26.8

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/RoaringBitmap/roaring/v2 v2.30.0
	github.com/klauspost/compress v1.20.4
	github.com/spf13/pflag v1.1.0
)

require (
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/mschoch/smat v0.2.0 // indirect
	golang.org/x/sys v0.30.0 // indirect
)
