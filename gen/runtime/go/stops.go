// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)

// Package stopsrt is the run-time part of stops-shadow's Go output, kept
// as real source so that it is compiled, vetted and tested on its own.
//
// The generator copies everything below the import block into each
// generated file, with every identifier that starts with "stops" renamed
// stops<Obj>... (the object's Go name), so that the files of two objects
// build in one package (scripts/mk-go-runtime, gen/go_runtime.inc).
// Nothing here is exported: the generated types export what a loader uses.
//
// What it mirrors of cilium/ebpf 0.22 (collection.go populateStructOps,
// struct_ops.go, prog.go, elf_reader.go) is said where it is used.
package stopsrt

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strings"
	"syscall"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
)

// stopsCls is a member's kind class, typedefs and qualifiers skipped; the
// generator writes the table's classes by these names, never by number.
type stopsCls uint8

const (
	stopsClsVoid stopsCls = iota
	stopsClsInt
	stopsClsFloat
	stopsClsEnum
	stopsClsPtr
	stopsClsStruct
	stopsClsUnion
	stopsClsArray
	stopsClsFuncProto
	stopsClsOther
)

// stopsMember is one member of a map's type as the generated Go type
// knows it, in the order stopsWalk reads the object's BTF: each member,
// then a struct or union member's own members, to stopsLayout.depth levels.
type stopsMember struct {
	name   string // BTF name, "" for an anonymous member
	bitOff uint32 // from the start of the map's type
	size   uint32 // bytes; stopsUnsized when BTF gives none
	bits   uint8  // bitfield size, 0 for none
	cls    stopsCls
	depth  uint8 // 0: a member of the type, 1: of a member, ...
	slot   bool  // a function pointer: a program slot
}

const stopsUnsized = ^uint32(0)

// stopsLayout is one map's type as the generated Go type lays it out.
type stopsLayout struct {
	obj      string // the object, for messages
	mapName  string
	typ      string // the BTF name, ___flavor kept
	kernType string // the name cilium/ebpf matches slots by
	size     uint32
	depth    uint8 // nesting levels compared below the type
	members  []stopsMember
}

// stopsMap is a typed view of one struct_ops map of a CollectionSpec.
type stopsMap struct {
	spec    *ebpf.CollectionSpec
	l       *stopsLayout
	buf     []byte                       // the map's value buffer
	owned   bool                         // buf is this view's own (stopsOpen)
	removed map[string]*ebpf.ProgramSpec // displaced from slots, by name
}

func (l *stopsLayout) errorf(errno error, format string, args ...any) error {
	return fmt.Errorf("stops-shadow: %s: map %s: struct %s: %s: %w", l.obj,
		l.mapName, l.typ, fmt.Sprintf(format, args...), errno)
}

// stopsClassOf mirrors the C header's kind classes (gen/btf_util.c).
func stopsClassOf(t btf.Type) stopsCls {
	switch v := btf.UnderlyingType(t).(type) {
	case *btf.Void:
		return stopsClsVoid
	case *btf.Int:
		return stopsClsInt
	case *btf.Float:
		return stopsClsFloat
	case *btf.Enum:
		return stopsClsEnum
	case *btf.Pointer:
		return stopsClsPtr
	case *btf.Struct:
		return stopsClsStruct
	case *btf.Union:
		return stopsClsUnion
	case *btf.Fwd:
		if v.Kind == btf.FwdUnion {
			return stopsClsUnion
		}
		return stopsClsStruct
	case *btf.Array:
		return stopsClsArray
	case *btf.FuncProto:
		return stopsClsFuncProto
	default:
		return stopsClsOther
	}
}

func stopsSizeOf(t btf.Type) uint32 {
	n, err := btf.Sizeof(t)
	if err != nil || n < 0 || int64(n) >= int64(stopsUnsized) {
		return stopsUnsized
	}
	return uint32(n)
}

// stopsWalk compares members with the table from *i on; nil, or an error
// naming the first member that differs.
func (l *stopsLayout) walk(members []btf.Member, base uint32, depth uint8, i *int) error {
	for _, bm := range members {
		name := bm.Name
		off := base + uint32(bm.Offset)
		bits := uint32(bm.BitfieldSize)
		cls := stopsClassOf(bm.Type)
		size := stopsSizeOf(bm.Type)
		if *i >= len(l.members) || l.members[*i].depth != depth {
			return l.errorf(syscall.EPROTO, "member %q of the object is not in the Go type", name)
		}
		m := &l.members[*i]
		if m.name != name {
			return l.errorf(syscall.EPROTO, "member %q of the Go type is %q in the object", m.name, name)
		}
		what, got, want := "", uint64(0), uint64(0)
		switch {
		case m.bitOff != off:
			what, got, want = "bit offset", uint64(off), uint64(m.bitOff)
		case uint32(m.bits) != bits:
			what, got, want = "bitfield size", uint64(bits), uint64(m.bits)
		case size == stopsUnsized || size != m.size:
			what, got, want = "size", uint64(size), uint64(m.size)
		case m.cls != cls:
			what, got, want = "kind class", uint64(cls), uint64(m.cls)
		}
		if what != "" {
			return l.errorf(syscall.EPROTO, "member %q: %s %d in the object, %d in the Go type", name, what, got, want)
		}
		*i++
		if bits != 0 || depth >= l.depth || (cls != stopsClsStruct && cls != stopsClsUnion) {
			continue
		}
		var inner []btf.Member
		switch v := btf.UnderlyingType(bm.Type).(type) {
		case *btf.Struct:
			inner = v.Members
		case *btf.Union:
			inner = v.Members
		default:
			continue // a forward declaration has no members
		}
		if err := l.walk(inner, off, depth+1, i); err != nil {
			return err
		}
	}
	return nil
}

// check compares the spec's BTF of the map's value type with the table:
// the type's name and size, then every member (name, bit offset,
// bitfield size, size, kind class); syscall.EPROTO names the first
// member that differs.
func (l *stopsLayout) check(ms *ebpf.MapSpec) error {
	st, ok := ms.Value.(*btf.Struct)
	if !ok || st.Name != l.typ {
		return l.errorf(syscall.EPROTO, "the spec's value type is %v, not the Go type's", ms.Value)
	}
	if st.Size != l.size {
		return l.errorf(syscall.EPROTO, "%d bytes in the object, %d in the Go type", st.Size, l.size)
	}
	i := 0
	if err := l.walk(st.Members, 0, 0, &i); err != nil {
		return err
	}
	if i != len(l.members) {
		return l.errorf(syscall.EPROTO, "member %q of the Go type is not in the object", l.members[i].name)
	}
	return nil
}

// stopsOpen checks map l.mapName of spec against l and gives it a value
// buffer of its own, 8-aligned: MapSpec.Copy shares Contents' byte slice
// between copies, and make([]byte) promises no alignment. The returned
// pointer is the buffer's first byte; the buffer holds no Go pointers.
func stopsOpen(spec *ebpf.CollectionSpec, l *stopsLayout) (*stopsMap, unsafe.Pointer, error) {
	if spec == nil {
		return nil, nil, l.errorf(syscall.EINVAL, "no CollectionSpec")
	}
	ms := spec.Maps[l.mapName]
	if ms == nil {
		return nil, nil, l.errorf(syscall.ENOENT, "no such map in the spec")
	}
	if ms.Type != ebpf.StructOpsMap {
		return nil, nil, l.errorf(syscall.EINVAL, "map type is %v, not StructOps", ms.Type)
	}
	if err := l.check(ms); err != nil {
		return nil, nil, err
	}
	old, err := stopsValue(ms)
	if err != nil {
		return nil, nil, l.errorf(syscall.EINVAL, "%v", err)
	}
	if len(old) != int(l.size) || l.size == 0 {
		return nil, nil, l.errorf(syscall.EINVAL, "value is %d bytes, the Go type %d", len(old), l.size)
	}
	words := make([]uint64, (l.size+7)/8)
	p := unsafe.Pointer(unsafe.SliceData(words))
	buf := unsafe.Slice((*byte)(p), l.size)
	copy(buf, old)
	ms.Contents = []ebpf.MapKV{{Key: uint32(0), Value: buf}}
	return &stopsMap{spec: spec, l: l, buf: buf, owned: true, removed: map[string]*ebpf.ProgramSpec{}}, p, nil
}

// stopsView is a view of map l.mapName for the checks before load, over
// the spec's value as it is (not taken over); nil when the spec has no
// such map (nothing of it is loaded).
func stopsView(spec *ebpf.CollectionSpec, l *stopsLayout) (*stopsMap, error) {
	ms := spec.Maps[l.mapName]
	if ms == nil {
		return nil, nil
	}
	if ms.Type != ebpf.StructOpsMap {
		return nil, l.errorf(syscall.EINVAL, "map type is %v, not StructOps", ms.Type)
	}
	if err := l.check(ms); err != nil {
		return nil, err
	}
	v, err := stopsValue(ms)
	if err != nil || len(v) != int(l.size) {
		return nil, l.errorf(syscall.EINVAL, "value is not %d bytes: %v", l.size, err)
	}
	return &stopsMap{spec: spec, l: l, buf: v, removed: map[string]*ebpf.ProgramSpec{}}, nil
}

// stopsValue is what cilium/ebpf's populateStructOps reads (dataSection).
func stopsValue(ms *ebpf.MapSpec) ([]byte, error) {
	if len(ms.Contents) != 1 {
		return nil, fmt.Errorf("%d contents, want 1", len(ms.Contents))
	}
	if k, ok := ms.Contents[0].Key.(uint32); !ok || k != 0 {
		return nil, errors.New("contents key is not uint32(0)")
	}
	v, ok := ms.Contents[0].Value.([]byte)
	if !ok {
		return nil, fmt.Errorf("value is %T, not []byte", ms.Contents[0].Value)
	}
	return v, nil
}

// live: the spec still holds this view's buffer (not another view's, not
// one a later call of the accessor gave it).
func (s *stopsMap) live() error {
	if !s.owned {
		return nil
	}
	ms := s.spec.Maps[s.l.mapName]
	if ms == nil {
		return s.l.errorf(syscall.ENOENT, "no longer in the spec")
	}
	v, err := stopsValue(ms)
	if err != nil || len(v) != len(s.buf) || unsafe.SliceData(v) != unsafe.SliceData(s.buf) {
		return s.l.errorf(syscall.EBUSY, "the spec's value is no longer this view's buffer (another view took it?)")
	}
	return nil
}

func (s *stopsMap) member(name string) *stopsMember {
	for i := range s.l.members {
		if m := &s.l.members[i]; m.depth == 0 && m.name == name {
			return m
		}
	}
	return nil
}

// key is what cilium/ebpf 0.22 matches a slot by, for every map of the
// type: ProgramSpec.AttachTo "<kernel type>:<member>".
func (s *stopsMap) key(member string) string {
	return s.l.kernType + ":" + member
}

// stopsSortedPrograms: spec.Programs by name, for deterministic results.
func stopsSortedPrograms(spec *ebpf.CollectionSpec) []string {
	names := make([]string, 0, len(spec.Programs))
	for n := range spec.Programs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// slotted: the programs in slot member, by name: those whose AttachTo is
// its key, or (for a ___flavor type) what cilium/ebpf's ELF reader wrote,
// "<type___flavor>:<member>".
func (s *stopsMap) slotted(member string) []string {
	var names []string
	for _, n := range stopsSortedPrograms(s.spec) {
		p := s.spec.Programs[n]
		if p != nil && (p.AttachTo == s.key(member) || p.AttachTo == s.l.typ+":"+member) {
			names = append(names, n)
		}
	}
	return names
}

// prog is the program in slot member, nil for none.
func (s *stopsMap) prog(member string) *ebpf.ProgramSpec {
	if names := s.slotted(member); len(names) > 0 {
		return s.spec.Programs[names[0]]
	}
	return nil
}

// sameSlot: the other struct_ops maps of the spec whose member cilium
// fills from the same AttachTo key: of the same kernel type, with a
// pointer member of that name.
func (s *stopsMap) sameSlot(member string) []string {
	var names []string
	for n, ms := range s.spec.Maps {
		st, ok := ms.Value.(*btf.Struct)
		if n == s.l.mapName || ms.Type != ebpf.StructOpsMap || !ok ||
			stopsEssential(st.Name) != s.l.kernType {
			continue
		}
		for _, m := range st.Members {
			if m.Name == member && stopsClassOf(m.Type) == stopsClsPtr {
				names = append(names, n)
				break
			}
		}
	}
	sort.Strings(names)
	return names
}

func stopsEssential(name string) string {
	if i := strings.LastIndex(name, "___"); i > 0 {
		return name[:i]
	}
	return name
}

// setProg puts p in slot member (nil clears it). cilium/ebpf 0.22 loads
// every struct_ops ProgramSpec for the member its AttachTo names and, for
// every map of that type, writes each matching program in map-iteration
// order; so afterwards exactly one ProgramSpec carries the slot's key.
// A program displaced from the slot is removed from spec.Programs (cilium
// refuses to load a struct_ops program without AttachTo) and kept here,
// so that it can be slotted again.
func (s *stopsMap) setProg(member string, p *ebpf.ProgramSpec) error {
	return s.putProg(member, p, false)
}

// putProg is setProg; shared: the change is right for every map of the
// type (a member the kernel lacks), so other maps of it do not refuse it.
func (s *stopsMap) putProg(member string, p *ebpf.ProgramSpec, shared bool) error {
	if err := s.live(); err != nil {
		return err
	}
	m := s.member(member)
	if m == nil || !m.slot {
		return s.l.errorf(syscall.EINVAL, "member %q is no program slot", member)
	}
	key := s.key(member)
	name := ""
	if p != nil {
		for n, q := range s.spec.Programs {
			if q == p {
				name = n
			}
		}
		for n, q := range s.removed {
			if q == p {
				name = n
			}
		}
		if name == "" {
			return s.l.errorf(syscall.EINVAL, "slot %s: program %s is not one of the spec's", member, p.Name)
		}
		if p.Type != ebpf.StructOps {
			return s.l.errorf(syscall.EINVAL, "slot %s: program %s is %v, not StructOps", member, name, p.Type)
		}
		if p.AttachTo != "" && p.AttachTo != key && p.AttachTo != s.l.typ+":"+member && s.spec.Programs[name] == p {
			return s.l.errorf(syscall.EINVAL, "slot %s: program %s is in %s; cilium/ebpf gives a program one member", member, name, p.AttachTo)
		}
	}
	cur := s.slotted(member)
	if len(cur) == 1 && p != nil && s.spec.Programs[cur[0]] == p {
		return nil
	}
	if len(cur) == 0 && p == nil {
		return nil
	}
	if others := s.sameSlot(member); len(others) > 0 && !shared {
		return s.l.errorf(syscall.EINVAL, "slot %s: maps %s and %s are both struct %s, and cilium/ebpf 0.22 fills member %s of every such map with the same program (AttachTo %q); they cannot hold different ones",
			member, s.l.mapName, others[0], s.l.kernType, member, key)
	}
	for _, n := range cur {
		q := s.spec.Programs[n]
		q.AttachTo = ""
		delete(s.spec.Programs, n)
		s.removed[n] = q
	}
	if p != nil {
		p.AttachTo = key
		s.spec.Programs[name] = p
		delete(s.removed, name)
	}
	return nil
}

// checkLoad says what cilium/ebpf 0.22 would refuse, or silently get
// wrong, when it loads this map from the spec as it is now.
func (s *stopsMap) checkLoad() error {
	if err := s.live(); err != nil {
		return err
	}
	if s.l.kernType != s.l.typ {
		return s.l.errorf(ebpf.ErrNotSupported, "cilium/ebpf 0.22 looks the kernel type up as bpf_struct_ops_%s, ___flavor included", s.l.typ)
	}
	for i := range s.l.members {
		m := &s.l.members[i]
		if m.depth != 0 {
			continue
		}
		off := m.bitOff / 8
		if m.bits != 0 {
			return s.l.errorf(ebpf.ErrNotSupported, "member %s is a bitfield: cilium/ebpf 0.22 refuses it at load (\"bitfield %s not supported\")", m.name, m.name)
		}
		if (m.cls == stopsClsStruct || m.cls == stopsClsUnion) && m.size != stopsUnsized &&
			!stopsZero(s.buf[off:off+m.size]) {
			return s.l.errorf(ebpf.ErrNotSupported, "member %s: cilium/ebpf 0.22 refuses a non-zero nested struct or union at load", m.name)
		}
		if !m.slot {
			continue
		}
		if names := s.slotted(m.name); len(names) > 1 {
			return s.l.errorf(syscall.EINVAL, "slot %s: programs %s all have AttachTo %q; cilium/ebpf 0.22 would write them in map-iteration order", m.name, strings.Join(names, ", "), s.key(m.name))
		}
	}
	return nil
}

func stopsZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// stopsRequested lists the maps and programs a LoadAndAssign target asks
// for, as cilium/ebpf 0.22's ebpfFields walks it (tagged fields, and
// untagged struct or pointer-to-struct fields, recursively).
func stopsRequested(to any) (maps, progs map[string]bool, err error) {
	maps, progs = map[string]bool{}, map[string]bool{}
	v := reflect.ValueOf(to)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil, nil, fmt.Errorf("stops-shadow: %T is not a pointer to a struct", to)
	}
	var walk func(v reflect.Value, seen map[reflect.Type]bool) error
	walk = func(v reflect.Value, seen map[reflect.Type]bool) error {
		t := v.Type()
		if seen[t] {
			return fmt.Errorf("stops-shadow: recursion on type %s", t)
		}
		seen[t] = true
		defer delete(seen, t)
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if name := f.Tag.Get("ebpf"); name != "" {
				switch f.Type {
				case reflect.TypeFor[*ebpf.Map]():
					maps[name] = true
				case reflect.TypeFor[*ebpf.Program]():
					progs[name] = true
				}
				continue
			}
			fv := v.Field(i)
			switch {
			case f.Type.Kind() == reflect.Struct:
			case f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct:
				if fv.IsNil() {
					continue // cilium/ebpf refuses it itself
				}
				fv = fv.Elem()
			default:
				continue
			}
			if err := walk(fv, seen); err != nil {
				return err
			}
		}
		return nil
	}
	return maps, progs, walk(v.Elem(), map[reflect.Type]bool{})
}

// stopsCheckPrograms says which struct_ops programs cilium/ebpf 0.22
// would load wrongly: to is nil for NewCollection (every program and map
// of the spec), else the LoadAndAssign target. A program in no slot fails
// to load; a map whose slotted program the target does not ask for is
// skipped whole by populateStructOps (it returns before writing the map).
func stopsCheckPrograms(spec *ebpf.CollectionSpec, layouts []*stopsLayout, to any) error {
	var wantMaps, wantProgs map[string]bool
	if spec == nil {
		return fmt.Errorf("stops-shadow: no CollectionSpec: %w", syscall.EINVAL)
	}
	if to != nil {
		var err error
		if wantMaps, wantProgs, err = stopsRequested(to); err != nil {
			return err
		}
	}
	for _, n := range stopsSortedPrograms(spec) {
		p := spec.Programs[n]
		if p == nil || p.Type != ebpf.StructOps || p.AttachTo != "" || (to != nil && !wantProgs[n]) {
			continue
		}
		return fmt.Errorf("stops-shadow: program %s is in no slot: cilium/ebpf 0.22 cannot load a struct_ops program without AttachTo (slot it, or delete it from spec.Programs): %w", n, syscall.EINVAL)
	}
	for _, l := range layouts {
		if to != nil && !wantMaps[l.mapName] {
			continue
		}
		s, err := stopsView(spec, l)
		if err != nil {
			return err
		}
		if s == nil {
			continue
		}
		if err := s.checkLoad(); err != nil {
			return err
		}
		for i := range s.l.members {
			m := &s.l.members[i]
			if m.depth != 0 || !m.slot {
				continue
			}
			for _, n := range s.slotted(m.name) {
				if to != nil && !wantProgs[n] {
					return s.l.errorf(syscall.EINVAL, "slot %s holds program %s, which the LoadAndAssign target does not ask for: cilium/ebpf 0.22 would then leave the whole value unwritten", m.name, n)
				}
			}
		}
	}
	return nil
}

// stopsKernelType finds struct name (and bpf_struct_ops_<name>) in kernel,
// or for nil in the running kernel's vmlinux, then its modules' BTF.
func stopsKernelType(kernel *btf.Spec, name string) (*btf.Struct, error) {
	find := func(spec *btf.Spec) (*btf.Struct, bool) {
		var st, vt *btf.Struct
		if spec.TypeByName(name, &st) != nil || spec.TypeByName("bpf_struct_ops_"+name, &vt) != nil {
			return nil, false
		}
		return st, true
	}
	if kernel != nil {
		if st, ok := find(kernel); ok {
			return st, nil
		}
		return nil, syscall.ENOENT
	}
	cache := btf.NewCache()
	vmlinux, err := cache.Kernel()
	if err != nil {
		return nil, err
	}
	if st, ok := find(vmlinux); ok {
		return st, nil
	}
	mods, err := cache.Modules()
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, mod := range mods {
		spec, err := cache.Module(mod)
		if err != nil {
			continue
		}
		if st, ok := find(spec); ok {
			return st, nil
		}
	}
	return nil, syscall.ENOENT
}

// fitKernel: the C header's X__fit_kernel() rule table. For each member
// of the map's type that the kernel type lacks: a slot is cleared (its
// program removed from the spec: cilium/ebpf cannot load a program for a
// member the kernel lacks); any other member that is all zero is left
// (cilium skips it); one that is not zero is syscall.EOPNOTSUPP. A member
// the kernel has, but as a bitfield (either side), of another kind class
// or size, or a slot with a program whose kernel member is no function
// pointer: syscall.EINVAL. report, if not nil, is called for each member
// the kernel lacks or that does not match, in BTF order (err nil when the
// member is dropped). Only when the verdict is nil is anything changed.
func (s *stopsMap) fitKernel(kernel *btf.Spec, report func(member string, prog *ebpf.ProgramSpec, err error)) error {
	if err := s.live(); err != nil {
		return err
	}
	kt, err := stopsKernelType(kernel, s.l.kernType)
	if err != nil {
		return s.l.errorf(err, "kernel type %s (and bpf_struct_ops_%s)", s.l.kernType, s.l.kernType)
	}
	type verdict struct {
		m    *stopsMember
		prog *ebpf.ProgramSpec
		err  error
	}
	var found []verdict
	var first error
	for i := range s.l.members {
		m := &s.l.members[i]
		if m.depth != 0 {
			continue
		}
		off := min(m.bitOff/8, s.l.size)
		size := min(m.size, s.l.size-off)
		var prog *ebpf.ProgramSpec
		if m.slot {
			prog = s.prog(m.name)
		}
		var e error
		j := -1
		for k := range kt.Members {
			if kt.Members[k].Name == m.name {
				j = k
				break
			}
		}
		switch {
		case m.size == stopsUnsized:
			e = syscall.EINVAL
		case j >= 0:
			km := kt.Members[j]
			kcls := stopsClassOf(km.Type)
			switch {
			case m.bits != 0 || km.BitfieldSize != 0 || kcls != m.cls:
				e = syscall.EINVAL
			case kcls == stopsClsPtr:
				pt, _ := btf.UnderlyingType(km.Type).(*btf.Pointer)
				if _, fn := btf.UnderlyingType(pt.Target).(*btf.FuncProto); prog != nil && !fn {
					e = syscall.EINVAL
				}
			case stopsSizeOf(km.Type) != size:
				e = syscall.EINVAL
			}
			if e == nil {
				continue // cilium copies it
			}
		case !m.slot && !stopsZero(s.buf[off:off+size]):
			e = syscall.EOPNOTSUPP
		}
		found = append(found, verdict{m, prog, e})
		if first == nil && e != nil {
			first = s.l.errorf(e, "member %s does not fit the kernel's struct %s", m.name, s.l.kernType)
		}
	}
	for _, v := range found {
		if report != nil {
			report(v.m.name, v.prog, v.err)
		}
	}
	if first != nil {
		return first
	}
	for _, v := range found {
		if !v.m.slot {
			continue
		}
		off := v.m.bitOff / 8
		clear(s.buf[off : off+v.m.size])
		if err := s.putProg(v.m.name, nil, true); err != nil {
			return err
		}
	}
	return nil
}

// stopsGetBits: bits [bit, bit+width) of little-endian bytes p.
func stopsGetBits(p []byte, bit, width uint) uint64 {
	var v uint64
	for i := uint(0); i < width; i++ {
		v |= uint64(p[(bit+i)/8]>>((bit+i)%8)&1) << i
	}
	return v
}

// stopsGetSBits: the same bits, sign-extended from the field's top bit.
func stopsGetSBits(p []byte, bit, width uint) int64 {
	v := stopsGetBits(p, bit, width)
	if width < 64 && v>>(width-1)&1 != 0 {
		v |= ^uint64(0) << width
	}
	return int64(v)
}

// stopsSetBits stores the low width bits of v; the bits around them stay.
func stopsSetBits(p []byte, bit, width uint, v uint64) {
	for i := uint(0); i < width; i++ {
		b := bit + i
		p[b/8] = p[b/8]&^(1<<(b%8)) | byte(v>>i&1)<<(b%8)
	}
}
