package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A File is a file to write whole.
type File struct {
	// Target is the name written: the new file is renamed to it.
	Target string
	// Name is the name errors say, Target when empty: the name the user
	// gave, when Target is the file a symbolic link leads to.
	Name string
	// Pattern names the new file, in Target's folder, as os.CreateTemp
	// takes it ("*" stands for a random part), so that whoever cleans up
	// after a kill knows it by its name.
	Pattern string
}

// Write writes the file whole or not at all. fill writes into the new
// file; it is then synced, given the permissions of the file it replaces
// (0644 for a new name) and renamed over Target, and the folder is
// synced. An error of fill, or of any step, removes the new file and
// leaves Target as it was.
//
// Errors say Name, never the new file's: "cannot write NAME: …" for the
// steps of Write itself, and an error of fill about the new file is made
// to say NAME instead.
func (w File) Write(fill func(f *os.File) error) (err error) {
	name := w.Name
	if name == "" {
		name = w.Target
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(w.Target); err == nil {
		mode = st.Mode().Perm() // a file replaced keeps its permissions
	}
	dir := filepath.Dir(w.Target)
	f, err := os.CreateTemp(dir, w.Pattern)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", name, errors.Unwrap(err))
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
			err = hideNew(name, f.Name(), err)
		}
	}()
	if err = fill(f); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Chmod(f.Name(), mode); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), w.Target); err != nil {
		return fmt.Errorf("cannot write %s: %w", name, errors.Unwrap(err))
	}
	syncDir(dir)
	return nil
}

// syncDir syncs a folder, so that a rename in it lasts through a crash;
// a folder that cannot be opened or synced (some systems refuse) is left.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// hideNew makes an error about the new file (a *fs.PathError of newName)
// say name instead: the user asked for name and never heard of the new
// file.
func hideNew(name, newName string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == newName {
		return fmt.Errorf("cannot write %s: %w", name, pe.Err)
	}
	return err
}
