// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)

// The Go output's run-time API on generated files (go_ops, tcp_cc, fit:
// three objects in one package), no kernel needed: the layout check and
// the reorder case, the own buffer, program slots as cilium/ebpf 0.22
// loads them, the LoadAndAssign guard, what cilium refuses, and FitKernel
// on saved kernels' BTF. Objects come from $STOPS_GO_OBJS, saved BTFs
// from $STOPS_KERNELS_DIR/<version>/vmlinux.btf.
package gotest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
)

func spec(t *testing.T, name string) *ebpf.CollectionSpec {
	t.Helper()
	s, err := ebpf.LoadCollectionSpec(filepath.Join(os.Getenv("STOPS_GO_OBJS"), name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

// wantErr: err wraps errno and its text has every one of parts.
func wantErr(t *testing.T, what string, err, errno error, parts ...string) {
	t.Helper()
	if err == nil || !errors.Is(err, errno) {
		t.Fatalf("%s: got %v, want an error wrapping %v", what, err, errno)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Fatalf("%s: %q does not say %q", what, err, p)
		}
	}
	t.Logf("%s: %v", what, err)
}

func attached(s *ebpf.CollectionSpec, key string) []string {
	var names []string
	for n, p := range s.Programs {
		if p.AttachTo == key {
			names = append(names, n)
		}
	}
	return names
}

func TestLayoutCheckAndReorder(t *testing.T) {
	v, err := GoOpsGoFromSpec(spec(t, "go_ops.bpf.o"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Value().Flags != 1 || v.Value().Id != 7 || v.Value().Range.Hi != 20 ||
		string(v.Value().Name[:5]) != "go_v1" {
		t.Fatalf("initial value read wrongly: %+v", *v.Value())
	}
	_, err = GoOpsGoFromSpec(spec(t, "go_ops_v2.bpf.o"))
	wantErr(t, "reordered", err, syscall.EPROTO, "map go", `member "flags" of the Go type is "init" in the object`)
	_, err = GoOpsGoFromSpec(spec(t, "go_ops_v3.bpf.o"))
	wantErr(t, "nested swapped", err, syscall.EPROTO, `member "lo" of the Go type is "hi" in the object`)
	s := spec(t, "go_ops.bpf.o")
	s.Maps["go"].Value.(*btf.Struct).Size = 72
	_, err = GoOpsGoFromSpec(s)
	wantErr(t, "size", err, syscall.EPROTO, "72 bytes in the object")
	s = spec(t, "go_ops.bpf.o")
	s.Maps["go"].Value.(*btf.Struct).Members[5].Offset += 8
	_, err = GoOpsGoFromSpec(s)
	wantErr(t, "offset", err, syscall.EPROTO, `member "name": bit offset`)
	_, err = TcpCcShadowCcFromSpec(spec(t, "go_ops.bpf.o"))
	wantErr(t, "no such map", err, syscall.ENOENT, "shadow_cc")
}

func TestOwnBuffer(t *testing.T) {
	s := spec(t, "go_ops.bpf.o")
	c := s.Copy() // MapSpec.Copy shares Contents' byte slice
	v, err := GoOpsGoFromSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	if p := uintptr(unsafe.Pointer(v.Value())); p%8 != 0 {
		t.Fatalf("value at %#x: not 8-aligned", p)
	}
	v.Value().Knob = 0x1122334455667788
	v.Value().Id = 9
	orig := c.Maps["go"].Contents[0].Value.([]byte)
	if orig[4] != 7 {
		t.Fatalf("a write through the view reached a copy of the spec")
	}
	now := s.Maps["go"].Contents[0].Value.([]byte)
	if now[4] != 9 || now[48] != 0x88 || unsafe.Pointer(&now[0]) != unsafe.Pointer(v.Value()) {
		t.Fatalf("the spec does not hold the view's buffer")
	}
	s.Maps["go"].Contents[0].Value = now[:10]
	_, err = GoOpsGoFromSpec(s)
	wantErr(t, "short value", err, syscall.EINVAL, "10 bytes")
	s.Maps["go"].Contents[0].Value = "x"
	_, err = GoOpsGoFromSpec(s)
	wantErr(t, "not bytes", err, syscall.EINVAL, "string")
	s = spec(t, "tcp_cc.bpf.o")
	v1, _ := TcpCcShadowCcFromSpec(s)
	if _, err := TcpCcShadowCcFromSpec(s); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "second view", v1.SetInit(nil), syscall.EBUSY, "no longer this view's buffer")
}

func TestSlots(t *testing.T) {
	s := spec(t, "tcp_cc.bpf.o")
	v, err := TcpCcShadowCcFromSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	const key = "tcp_congestion_ops:init"
	init, alt := s.Programs["cc_init"], s.Programs["init_alt"]
	if v.Init() != init || v.Release() != s.Programs["cc_release"] || v.GetInfo() != nil {
		t.Fatal("compiled slots read wrongly")
	}
	if err := v.SetInit(alt); err != nil {
		t.Fatal(err)
	}
	if got := attached(s, key); len(got) != 1 || got[0] != "init_alt" || v.Init() != alt {
		t.Fatalf("after SetInit(init_alt): %v carry %s", got, key)
	}
	if s.Programs["cc_init"] != nil || init.AttachTo != "" {
		t.Fatal("the displaced cc_init is still in the spec, or still has its AttachTo")
	}
	if err := v.SetInit(init); err != nil { // back from the displaced
		t.Fatal(err)
	}
	if got := attached(s, key); len(got) != 1 || got[0] != "cc_init" || s.Programs["init_alt"] != nil {
		t.Fatalf("after SetInit(cc_init): %v", got)
	}
	if err := v.SetRelease(nil); err != nil || v.Release() != nil || s.Programs["cc_release"] != nil {
		t.Fatalf("SetRelease(nil): %v", err)
	}
	wantErr(t, "foreign program", v.SetInit(&ebpf.ProgramSpec{Name: "x", Type: ebpf.StructOps}), syscall.EINVAL, "not one of the spec's")
	wantErr(t, "program of another slot", v.SetInit(s.Programs["cc_ssthresh"]), syscall.EINVAL, "tcp_congestion_ops:ssthresh", "one member")
	s.Programs["xdp"] = &ebpf.ProgramSpec{Name: "xdp", Type: ebpf.XDP}
	wantErr(t, "not struct_ops", v.SetInit(s.Programs["xdp"]), syscall.EINVAL, "not StructOps")

	// Two maps of one type share their slots in cilium/ebpf 0.22.
	g := spec(t, "go_ops.bpf.o")
	gv, err := GoOpsGoFromSpec(g)
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, "two maps of one type", gv.SetInit(g.Programs["go_init_alt"]), syscall.EINVAL, "maps go and twin", "go_ops:init")
	if err := gv.SetInit(g.Programs["go_init"]); err != nil {
		t.Fatalf("putting the slot's own program back: %v", err)
	}
	delete(g.Maps, "twin")
	if err := gv.SetInit(g.Programs["go_init_alt"]); err != nil {
		t.Fatalf("one map of the type: %v", err)
	}
}

type tcpObjs struct {
	Map      *ebpf.Map     `ebpf:"shadow_cc"`
	Ssthresh *ebpf.Program `ebpf:"cc_ssthresh"`
	Inner    struct {
		Undo *ebpf.Program `ebpf:"cc_undo_cwnd"`
		Init *ebpf.Program `ebpf:"cc_init"`
	}
	Release *ebpf.Program `ebpf:"cc_release"`
}

type tcpObjsAll struct {
	tcpObjs
	Cong *ebpf.Program `ebpf:"cc_cong_avoid"`
}

func TestCheckBeforeLoad(t *testing.T) {
	s := spec(t, "tcp_cc.bpf.o")
	wantErr(t, "NewCollection, init_alt in no slot", TcpCcCheck(s, nil), syscall.EINVAL, "init_alt is in no slot")
	wantErr(t, "LoadAndAssign, cong_avoid not asked for", TcpCcCheck(s, &tcpObjs{}), syscall.EINVAL,
		"slot cong_avoid holds program cc_cong_avoid", "leave the whole value unwritten")
	if err := TcpCcCheck(s, &tcpObjsAll{}); err != nil {
		t.Fatalf("every slotted program asked for: %v", err)
	}
	v, _ := TcpCcShadowCcFromSpec(s)
	if err := v.SetInit(s.Programs["init_alt"]); err != nil {
		t.Fatal(err)
	}
	if err := TcpCcCheck(s, nil); err != nil {
		t.Fatalf("init_alt slotted: %v", err)
	}

	// What cilium/ebpf 0.22 refuses at load: a non-zero nested struct.
	g := spec(t, "go_ops.bpf.o")
	delete(g.Programs, "go_init_alt") // in no slot
	gv, _ := GoOpsGoFromSpec(g)
	wantErr(t, "non-zero nested", gv.Check(), ebpf.ErrNotSupported, "member range", "non-zero nested")
	wantErr(t, "non-zero nested, object", GoOpsCheck(g, nil), ebpf.ErrNotSupported, "member range")
	gv.Value().Range = GoOpsGoGoOpsRange{}
	if err := gv.Check(); err != nil {
		t.Fatalf("nested zeroed: %v", err)
	}
	f := spec(t, "fit.bpf.o")
	fv, err := FitFitOpsFromSpec(f)
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, "flavor", fv.Check(), ebpf.ErrNotSupported, "bpf_struct_ops_tcp_congestion_ops___fit")
}

// One fit: the reports ("member:program:errno;" in BTF order) and the error.
func fit(t *testing.T, v *FitFitOpsTcpCongestionOpsFitMap, k *btf.Spec) (string, error) {
	var log strings.Builder
	err := v.FitKernel(k, func(member string, p *ebpf.ProgramSpec, err error) {
		name, e := "-", 0
		if p != nil {
			name = p.Name
		}
		var errno syscall.Errno
		if errors.As(err, &errno) {
			e = int(errno)
		}
		log.WriteString(member + ":" + name + ":" + strings.TrimPrefix(itoa(e), "+") + ";")
	})
	return log.String(), err
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func TestFitKernel(t *testing.T) {
	dir := os.Getenv("STOPS_KERNELS_DIR")
	for _, ver := range []string{"6.1", "6.12", "7.2"} {
		path := filepath.Join(dir, ver, "vmlinux.btf")
		k, err := btf.LoadSpec(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var kt *btf.Struct
		if err := k.TypeByName("tcp_congestion_ops", &kt); err != nil {
			t.Fatal(err)
		}
		txKept := false
		for _, m := range kt.Members {
			txKept = txKept || m.Name == "cwnd_event_tx_start"
		}
		s := spec(t, "fit.bpf.o")
		delete(s.Maps, "fit_ops2") // its slots are fit_ops' (one type)
		v, err := FitFitOpsFromSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		tx, spare := s.Programs["fit_tx_start"], s.Programs["fit_spare"]
		if err := v.SetFitNokernel(spare); err != nil {
			t.Fatal(err)
		}
		want := "fit_nokernel:fit_spare:0;fit_knob:-:0;"
		if !txKept {
			want = "cwnd_event_tx_start:fit_tx_start:0;" + want
		}
		v.Value().FitKnob = 7 // a knob the kernel lacks, set: nothing changes
		got, err := fit(t, v, k)
		wantOpNotSupp := strings.Replace(want, "fit_knob:-:0", "fit_knob:-:"+itoa(int(syscall.EOPNOTSUPP)), 1)
		if !errors.Is(err, syscall.EOPNOTSUPP) || got != wantOpNotSupp || v.FitNokernel() != spare || s.Programs["fit_spare"] == nil {
			t.Fatalf("%s: knob set: %q %v, want %q EOPNOTSUPP, nothing changed", ver, got, err, wantOpNotSupp)
		}
		v.Value().FitKnob = 0
		got, err = fit(t, v, k)
		if err != nil || got != want {
			t.Fatalf("%s: %q %v, want %q", ver, got, err, want)
		}
		if v.FitNokernel() != nil || s.Programs["fit_spare"] != nil {
			t.Fatalf("%s: fit_nokernel not cleared", ver)
		}
		if (v.CwndEventTxStart() == tx) != txKept || (s.Programs["fit_tx_start"] != nil) != txKept {
			t.Fatalf("%s: cwnd_event_tx_start kept %v, kernel has it %v", ver, v.CwndEventTxStart() == tx, txKept)
		}
		if v.Ssthresh() != s.Programs["ca_ssthresh"] || v.Ssthresh() == nil || string(v.Value().Name[:9]) != "stops_fit" {
			t.Fatalf("%s: members the kernel has changed", ver)
		}
		w, err := FitFitWideFromSpec(s)
		if err != nil {
			t.Fatal(err)
		}
		var log strings.Builder
		err = w.FitKernel(k, func(m string, _ *ebpf.ProgramSpec, e error) { log.WriteString(m + ";") })
		if !errors.Is(err, syscall.EINVAL) || log.String() != "flags;" {
			t.Fatalf("%s: fit_wide: %q %v, want flags EINVAL", ver, log.String(), err)
		}
		t.Logf("%s: %s", ver, want)
	}
	// no such kernel type
	s := spec(t, "fit.bpf.o")
	v, _ := FitFitOpsFromSpec(s)
	empty, err := btf.LoadSpec(filepath.Join(os.Getenv("STOPS_GO_OBJS"), "go_ops.bpf.o"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = fit(t, v, empty)
	wantErr(t, "no kernel type", err, syscall.ENOENT, "tcp_congestion_ops")
}
