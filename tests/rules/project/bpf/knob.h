/* Included by the BPF side only: touching it must not recompile the loader. */
#define HELLO_KNOB 42
