package explorer

import (
	"net"
	"testing"
)

// The address printed opens the page: on every interface, at localhost;
// only a loopback address counts as local.
func TestListenURL(t *testing.T) {
	for _, c := range []struct {
		ip    string
		url   string
		local bool
	}{
		{"::", "http://localhost:8080/", false},
		{"0.0.0.0", "http://localhost:8080/", false},
		{"127.0.0.1", "http://127.0.0.1:8080/", true},
		{"::1", "http://[::1]:8080/", true},
		{"192.0.2.7", "http://192.0.2.7:8080/", false},
	} {
		url, local := listenURL(&net.TCPAddr{IP: net.ParseIP(c.ip), Port: 8080})
		if url != c.url || local != c.local {
			t.Errorf("%s: %s %v, want %s %v", c.ip, url, local, c.url, c.local)
		}
	}
}
