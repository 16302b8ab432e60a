// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)

// Command sched_ext loads sched_ext.bpf.o with cilium/ebpf, its ops table
// edited through the Go shadow (sched_ext.shadow.go, from stops-shadow gen
// --lang go): a new name, SCX_OPS_SWITCH_PARTIAL, a timeout and a batch
// size, fifo_enqueue_alt in the enqueue slot, fitted to the running
// kernel. It attaches the scheduler with link.AttachStructOps, runs a
// SCHED_EXT task under it, checks from the counters which programs ran,
// and detaches it: the Go twin of ../sched_ext.c. Build it with
// CGO_ENABLED=0: a static binary runs in any guest.
package main

//go:generate stops-shadow gen --lang go --package main ../sched_ext.bpf.o -o sched_ext.shadow.go

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"
)

const (
	// include/linux/sched/ext.h (enum scx_ops_flags): only SCHED_EXT
	// tasks run under the BPF scheduler, the rest stays on the fair class.
	scxOpsSwitchPartial = 1 << 3
	// include/uapi/linux/sched.h
	schedExt = 7

	scxState = "/sys/kernel/sched_ext/state"
	scxOps   = "/sys/kernel/sched_ext/root/ops"

	// the argument that makes this program the SCHED_EXT task
	childArg = "--as-sched-ext-task"
)

// counters is the whole .bss of sched_ext.bpf.o (../sched_ext.h).
type counters struct {
	Init, Enqueue, EnqueueAlt, Dispatch, Exit uint64
}

func readLine(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	return line, nil
}

// waitState waits up to 2 s for the scheduler state to read want.
func waitState(want string) (string, bool) {
	var s string
	for i := 0; i < 200; i++ {
		s, _ = readLine(scxState)
		if s == want {
			return s, true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return s, false
}

func progName(p *ebpf.ProgramSpec) string {
	if p == nil {
		return "NULL"
	}
	return p.Name
}

func printValue(what string, ops *SchedExtFifoSchedExtOpsMap) {
	v := ops.Value()
	fmt.Printf("  %-9s name %q flags %#x timeout_ms %d dispatch_max_batch %d\n", what,
		string(bytes.TrimRight(v.Name[:], "\x00")), v.Flags, v.TimeoutMs, v.DispatchMaxBatch)
	fmt.Printf("  %-9s init=%s enqueue=%s dispatch=%s exit=%s\n", "", progName(ops.Init()),
		progName(ops.Enqueue()), progName(ops.Dispatch()), progName(ops.Exit()))
}

// resolveKfuncs gives each kfunc call that cilium/ebpf 0.22 cannot
// resolve its kernel BTF id by exact name. Its lookup matches "f___v2" and
// "f___v2_impl" as flavors of "f" and drops one too few (btf.Spec's
// AnyTypesByName skips the candidate after one it deletes), so on 7.2
// scx_bpf_dsq_move_to_local is "multiple matching types". A call the
// loader resolves keeps its reference, line and function metadata, and
// loses only cilium's own kfunc metadata, so cilium leaves it alone.
func resolveKfuncs(spec *ebpf.CollectionSpec, kernel *btf.Spec) error {
	ids := map[string]btf.TypeID{}
	for _, p := range spec.Programs {
		for i := range p.Instructions {
			ins := &p.Instructions[i]
			name := ins.Reference()
			if !ins.IsKfuncCall() || ins.Constant != -1 || name == "" {
				continue
			}
			var fn *btf.Func
			err := kernel.TypeByName(name, &fn)
			if !errors.Is(err, btf.ErrMultipleMatches) {
				continue // cilium resolves it, or says why not
			}
			id, ok := ids[name]
			if !ok {
				// the candidates AnyTypesByName leaves hold the exact one
				cands, lerr := kernel.AnyTypesByName(name)
				if lerr != nil {
					return lerr
				}
				for _, t := range cands {
					if f, isFn := t.(*btf.Func); isFn && f.Name == name {
						if id, lerr = kernel.TypeID(f); lerr != nil {
							return lerr
						}
						break
					}
				}
				if id == 0 {
					return fmt.Errorf("kfunc %s: no function of that exact name in the kernel's BTF", name)
				}
				ids[name] = id
				fmt.Printf("  kfunc     %s: BTF id %d by exact name (cilium/ebpf 0.22: %v)\n", name, id, err)
			}
			n := asm.Instruction{OpCode: ins.OpCode, Dst: ins.Dst, Src: ins.Src, Constant: int64(id)}
			n = n.WithReference(name).WithSource(ins.Source()).WithSymbol(ins.Symbol())
			if f := btf.FuncMetadata(ins); f != nil {
				n = btf.WithFuncMetadata(n, f)
			}
			*ins = n
		}
	}
	return nil
}

// asTask is the child: its one thread switches to SCHED_EXT, sleeps and
// wakes a few times so the BPF scheduler enqueues it, and exits with the
// policy it then has. The policy is per thread, hence the locked thread.
func asTask() {
	runtime.LockOSThread()
	var param [8]byte // struct sched_param: priority 0
	if _, _, e := unix.RawSyscall(unix.SYS_SCHED_SETSCHEDULER, 0, schedExt,
		uintptr(unsafe.Pointer(&param[0]))); e != 0 {
		fmt.Fprintf(os.Stderr, "sched_ext: error: sched_setscheduler(SCHED_EXT): %v\n", e)
		os.Exit(255)
	}
	for i := 0; i < 20; i++ {
		ts := unix.Timespec{Nsec: 1000000}
		unix.Nanosleep(&ts, nil)
	}
	p, _, e := unix.RawSyscall(unix.SYS_SCHED_GETSCHEDULER, 0, 0, 0)
	if e != 0 {
		os.Exit(255)
	}
	os.Exit(int(p & 0xff))
}

// runTask runs this program as the SCHED_EXT child; the policy it saw.
func runTask() (int, error) {
	self, err := os.Executable()
	if err != nil {
		return -1, err
	}
	cmd := exec.Command(self, childArg)
	cmd.Stderr = os.Stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return -1, err
	}
	code := cmd.ProcessState.ExitCode()
	if code < 0 || code == 255 {
		return -1, fmt.Errorf("the SCHED_EXT child failed (%v)", cmd.ProcessState)
	}
	return code, nil
}

func run(path, name string) error {
	spec, err := ebpf.LoadCollectionSpec(path)
	if err != nil {
		return err
	}
	ops, err := SchedExtFifoFromSpec(spec)
	if err != nil {
		return err
	}
	alt := spec.Programs["fifo_enqueue_alt"]
	if alt == nil || ops.Enqueue() == nil || ops.Enqueue().Name != "fifo_enqueue" {
		return fmt.Errorf("%s: no fifo_enqueue_alt, or fifo_enqueue not in the enqueue slot", path)
	}
	v := ops.Value()
	if len(name) >= len(v.Name) {
		return fmt.Errorf("name %q does not fit %d bytes", name, len(v.Name))
	}
	fmt.Printf("sched_ext: %s, map fifo (%d-byte Go shadow)\n", path, unsafe.Sizeof(*v))
	printValue("compiled", ops)

	// The edits: all through the Go shadow, before load. The displaced
	// fifo_enqueue leaves the spec (cilium/ebpf loads no struct_ops
	// program in no slot).
	clear(v.Name[:])
	copy(v.Name[:], name)
	v.Flags = scxOpsSwitchPartial
	v.TimeoutMs = 3000
	v.DispatchMaxBatch = 8
	if err := ops.SetEnqueue(alt); err != nil {
		return err
	}
	printValue("to load", ops)

	// Fit the table to the running kernel instead of a table of which
	// kernel has which member. sched_ext_ops is a vmlinux type: the fit
	// and the load share one parse of vmlinux's BTF (FitKernel(nil) would
	// parse its own, and then search the modules too), seconds under TCG.
	cache := btf.NewCache()
	kernel, err := cache.Kernel()
	if err != nil {
		return fmt.Errorf("the running kernel's BTF: %w", err)
	}
	dropped := 0
	err = ops.FitKernel(kernel, func(member string, p *ebpf.ProgramSpec, err error) {
		dropped++
		why := "dropped, this kernel has no such member"
		if err != nil {
			why = err.Error()
		}
		fmt.Printf("  fit       %s (%s): %s\n", member, progName(p), why)
	})
	if errors.Is(err, syscall.ENOENT) {
		return fmt.Errorf("struct sched_ext_ops is not found in kernel BTF: no sched_ext in this kernel (%w)", err)
	} else if err != nil {
		return fmt.Errorf("the ops table does not fit this kernel: %w", err)
	}
	fmt.Printf("  fit       %d member(s) dropped for this kernel's sched_ext_ops\n", dropped)

	if err := resolveKfuncs(spec, kernel); err != nil {
		return err
	}
	coll, err := SchedExtNewCollection(spec, &ebpf.CollectionOptions{Cache: cache})
	if err != nil {
		return fmt.Errorf("loading: %w", err)
	}
	defer coll.Close()
	l, err := link.AttachStructOps(link.StructOpsOptions{Map: coll.Maps["fifo"]})
	if err != nil {
		return fmt.Errorf("attaching %q: %w", name, err)
	}
	defer l.Close()
	state, ok := waitState("enabled")
	root, err := readLine(scxOps)
	if !ok || err != nil {
		return fmt.Errorf("attached, but %s is %q, not enabled, or %s unreadable (%v)", scxState, state, scxOps, err)
	}
	fmt.Printf("  kernel    state: %s, root/ops: %s\n", state, root)
	if root != name {
		return fmt.Errorf("the kernel runs %q, not %q", root, name)
	}

	policy, err := runTask()
	if err != nil {
		return err
	}
	fmt.Printf("  child     sched_setscheduler(SCHED_EXT) ok, sched_getscheduler = %d%s\n", policy,
		map[bool]string{true: " (SCHED_EXT)", false: ""}[policy == schedExt])
	if policy != schedExt {
		return fmt.Errorf("the child ran with policy %d", policy)
	}

	if err := l.Close(); err != nil {
		return err
	}
	if state, ok := waitState("disabled"); !ok {
		return fmt.Errorf("%s still %q after detach", scxState, state)
	}
	if _, err := os.Stat(scxOps); !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s still there after detach", scxOps)
	}
	fmt.Printf("  kernel    after detach: state disabled, root/ops gone\n")

	var c counters
	if err := coll.Maps[".bss"].Lookup(uint32(0), &c); err != nil {
		return fmt.Errorf("reading .bss: %w", err)
	}
	fmt.Printf("  counters  init=%d enqueue=%d enqueue_alt=%d dispatch=%d exit=%d\n",
		c.Init, c.Enqueue, c.EnqueueAlt, c.Dispatch, c.Exit)
	if c.Init != 1 || c.Enqueue != 0 || c.EnqueueAlt == 0 || c.Exit != 1 {
		return errors.New("counters do not match the slots loaded")
	}
	fmt.Printf("  result    fifo_enqueue_alt ran in the enqueue slot; fifo_enqueue did not\n")
	return nil
}

func main() {
	if len(os.Args) == 2 && os.Args[1] == childArg {
		asTask()
	}
	name := flag.String("name", "go_named_fifo", "scheduler name (1-127 bytes)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: sched_ext [--name NAME] [OBJ.bpf.o]\n"+
			"  Loads OBJ (default sched_ext.bpf.o) as a global FIFO scheduler NAME\n"+
			"  for SCHED_EXT tasks only, runs a task under it, reports the counters,\n"+
			"  and detaches it. Needs root and a kernel with sched_ext.\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	path := "sched_ext.bpf.o"
	if flag.NArg() > 1 {
		flag.Usage()
		os.Exit(2)
	}
	if flag.NArg() == 1 {
		path = flag.Arg(0)
	}
	if err := run(path, *name); err != nil {
		fmt.Fprintf(os.Stderr, "sched_ext: error: %v\n", err)
		fmt.Println("sched_ext: FAILED")
		os.Exit(1)
	}
	fmt.Println("sched_ext: ok")
}
