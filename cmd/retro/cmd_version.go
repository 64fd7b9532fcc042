package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/pflag"
)

func init() {
	register(&command{
		name:  "version",
		usage: "version",
		short: "print the version and the commit this build was made from",
		long: `Version prints the module version of this build ("(devel)" when built from a
checkout), the revision of the source it was built from with its date and
whether the checkout had uncommitted changes (when the build recorded them:
go build and go install inside a git checkout do), and the Go release.
retro --version prints the same.`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) error {
			return func(ctx context.Context, e *env, args []string) error {
				if len(args) != 0 {
					return usagef(commands["version"], "version takes no arguments")
				}
				bi, ok := debug.ReadBuildInfo()
				if !ok {
					bi = nil
				}
				writeVersion(e.stdout, bi, runtime.GOOS+"/"+runtime.GOARCH)
				return nil
			}
		},
	})
}

// writeVersion prints what the build info says of this build:
//
//	retro v1.2.0
//	revision: 4542b89a… (2026-12-01T09:00:00Z, with uncommitted changes)
//	go:       go1.26.8 linux/amd64
func writeVersion(w io.Writer, bi *debug.BuildInfo, platform string) {
	version, goVersion := "unknown", runtime.Version()
	settings := map[string]string{}
	if bi != nil {
		version, goVersion = bi.Main.Version, bi.GoVersion
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
	}
	if version == "" {
		version = "unknown"
	}
	fmt.Fprintf(w, "retro %s\n", version)
	if rev := settings["vcs.revision"]; rev != "" {
		fmt.Fprintf(w, "revision: %s", rev)
		var notes []string
		if t := settings["vcs.time"]; t != "" {
			notes = append(notes, t)
		}
		if settings["vcs.modified"] == "true" {
			notes = append(notes, "with uncommitted changes")
		}
		for k, n := range notes {
			sep := ", "
			if k == 0 {
				sep = " ("
			}
			fmt.Fprint(w, sep+n)
		}
		if len(notes) > 0 {
			fmt.Fprint(w, ")")
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintln(w, "revision: not recorded (go run, go test, -buildvcs=false or no git checkout)")
	}
	fmt.Fprintf(w, "go:       %s %s\n", goVersion, platform)
}
