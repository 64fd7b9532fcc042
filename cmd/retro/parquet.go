//go:build !js

package main

import "retro/out"

// Every build but the browser's writes Parquet files: sg --parquet.
func init() { grundyParquet = out.WriteGrundyParquet }
