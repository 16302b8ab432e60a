// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)

// Command tcp_cc loads tcp_cc.bpf.o with cilium/ebpf, its ops table edited
// through the Go shadow (tcp_cc.shadow.go, from stops-shadow gen --lang
// go): a new name, flags set, init_alt in the init slot, release emptied.
// It registers the congestion control with link.AttachStructOps, runs a
// loopback connection on it and checks from the counters which programs
// ran: the Go twin of ../tcp_cc.c.
package main

//go:generate stops-shadow gen --lang go --package main ../tcp_cc.bpf.o -o tcp_cc.shadow.go

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"
)

// include/net/tcp.h: the only flag a BPF congestion control usually sets.
const tcpCongNonRestricted = 0x1

const available = "/proc/sys/net/ipv4/tcp_available_congestion_control"

// counters is the whole .bss of tcp_cc.bpf.o (../tcp_cc.h).
type counters struct {
	Init, InitAlt, Ssthresh, UndoCwnd, CongAvoid, Release uint64
}

func listed(name string) bool {
	b, err := os.ReadFile(available)
	if err != nil {
		return false
	}
	for _, w := range strings.Fields(string(b)) {
		if w == name {
			return true
		}
	}
	return false
}

// waitListed: unregistration is synchronous; allow the list a moment anyway.
func waitListed(name string, want bool) bool {
	for i := 0; i < 100; i++ {
		if listed(name) == want {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

func progName(p *ebpf.ProgramSpec) string {
	if p == nil {
		return "NULL"
	}
	return p.Name
}

func printValue(what string, ops *TcpCcShadowCcTcpCongestionOpsMap) {
	v := ops.Value()
	fmt.Printf("  %-9s name %q flags %#x\n", what, string(bytes.TrimRight(v.Name[:], "\x00")), v.Flags)
	fmt.Printf("  %-9s init=%s release=%s ssthresh=%s undo_cwnd=%s cong_avoid=%s\n", "",
		progName(ops.Init()), progName(ops.Release()), progName(ops.Ssthresh()),
		progName(ops.UndoCwnd()), progName(ops.CongAvoid()))
}

// connect runs a loopback connection on congestion control name.
func connect(name string, n int64) error {
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer ln.Close()
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var serr error
		err := c.Control(func(fd uintptr) {
			serr = unix.SetsockoptString(int(fd), unix.IPPROTO_TCP, unix.TCP_CONGESTION, name)
		})
		if err == nil {
			err = serr
		}
		if err != nil {
			return fmt.Errorf("setsockopt(TCP_CONGESTION, %q): %w", name, err)
		}
		return nil
	}}
	done := make(chan error, 1)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			_, err = io.Copy(io.Discard, c)
			c.Close()
		}
		done <- err
	}()
	c, err := d.Dial("tcp4", ln.Addr().String())
	if err != nil {
		return err
	}
	raw, err := c.(*net.TCPConn).SyscallConn()
	if err != nil {
		return err
	}
	var got string
	raw.Control(func(fd uintptr) {
		got, err = unix.GetsockoptString(int(fd), unix.IPPROTO_TCP, unix.TCP_CONGESTION)
	})
	if err != nil || strings.TrimRight(got, "\x00") != name {
		c.Close()
		return fmt.Errorf("socket uses %q, not %q (%v)", got, name, err)
	}
	if _, err := io.CopyN(c, zeros{}, n); err != nil {
		c.Close()
		return err
	}
	// Leaving a congestion control calls its release, if it has one.
	raw.Control(func(fd uintptr) {
		err = unix.SetsockoptString(int(fd), unix.IPPROTO_TCP, unix.TCP_CONGESTION, "reno")
	})
	c.Close()
	if err != nil {
		return fmt.Errorf("setsockopt(TCP_CONGESTION, reno): %w", err)
	}
	if err := <-done; err != nil {
		return err
	}
	fmt.Printf("  connection %s on %q: sent %d bytes\n", ln.Addr(), name, n)
	return nil
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func run(path, name string, flags uint32, keep bool) error {
	spec, err := ebpf.LoadCollectionSpec(path)
	if err != nil {
		return err
	}
	ops, err := TcpCcShadowCcFromSpec(spec)
	if err != nil {
		return err
	}
	fmt.Printf("tcp_cc: %s, map shadow_cc (%d-byte Go shadow)\n", path, unsafe.Sizeof(*ops.Value()))
	printValue("compiled", ops)

	// The edits: all through the Go shadow, before load.
	v := ops.Value()
	if len(name) > len(v.Name) {
		return fmt.Errorf("name %q is %d bytes; the name field holds %d", name, len(name), len(v.Name))
	}
	clear(v.Name[:])
	copy(v.Name[:], name)
	v.Flags = flags
	if !keep {
		if err := ops.SetInit(spec.Programs["init_alt"]); err != nil {
			return err
		}
		if err := ops.SetRelease(nil); err != nil {
			return err
		}
	} else {
		// cilium/ebpf cannot load a struct_ops program in no slot.
		delete(spec.Programs, "init_alt")
	}
	printValue("to load", ops)

	coll, err := TcpCcNewCollection(spec, nil)
	if err != nil {
		return fmt.Errorf("loading: %w", err)
	}
	defer coll.Close()
	l, err := link.AttachStructOps(link.StructOpsOptions{Map: coll.Maps["shadow_cc"]})
	if err != nil {
		return fmt.Errorf("registering %q: %w", name, err)
	}
	defer l.Close()
	if !waitListed(name, true) {
		return fmt.Errorf("%q not in %s after attach", name, available)
	}
	fmt.Printf("  kernel    registered %q\n", name)
	if err := connect(name, 4<<20); err != nil {
		return err
	}
	var c counters
	if err := coll.Maps[".bss"].Lookup(uint32(0), &c); err != nil {
		return fmt.Errorf("reading .bss: %w", err)
	}
	fmt.Printf("  counters  init_alt=%d cc_init=%d release=%d cong_avoid=%d ssthresh=%d undo_cwnd=%d\n",
		c.InitAlt, c.Init, c.Release, c.CongAvoid, c.Ssthresh, c.UndoCwnd)
	if err := l.Close(); err != nil {
		return err
	}
	if !waitListed(name, false) {
		return fmt.Errorf("%q still listed after detach", name)
	}
	fmt.Printf("  detached  %q no longer listed\n", name)

	// Each program ran if and only if its slot held it.
	ok := c.InitAlt >= 1 && c.Init == 0 && c.Release == 0
	if keep {
		ok = c.Init >= 1 && c.InitAlt == 0 && c.Release >= 1
	}
	if !ok {
		return errors.New("counters do not match the slots loaded")
	}
	fmt.Printf("  result    %s ran in the init slot; release %s\n", progName(ops.Init()),
		map[bool]string{true: "ran on leaving the congestion control", false: "was emptied and did not run"}[keep])
	return nil
}

func main() {
	name := flag.String("name", fmt.Sprintf("ss_go_%d", os.Getpid()%100000), "congestion control name (1-15 bytes)")
	flags := flag.Uint("flags", tcpCongNonRestricted, "ops flags")
	keep := flag.Bool("keep-slots", false, "leave init and release as compiled")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: tcp_cc [--name NAME] [--flags N] [--keep-slots] [OBJ.bpf.o]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	path := "tcp_cc.bpf.o"
	if flag.NArg() > 1 {
		flag.Usage()
		os.Exit(2)
	}
	if flag.NArg() == 1 {
		path = flag.Arg(0)
	}
	if err := run(path, *name, uint32(*flags), *keep); err != nil {
		fmt.Fprintf(os.Stderr, "tcp_cc: error: %v\n", err)
		fmt.Println("tcp_cc: FAILED")
		os.Exit(1)
	}
	fmt.Println("tcp_cc: ok")
}
