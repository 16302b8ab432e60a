#!/usr/bin/env python3
# SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
"""The CLI's --help, the man page and doc/ name the same options.

  cli_options.py CLI MAN_PAGE CLI_DOC [MARKDOWN_FILE_OR_DIR...]

Options are read from five places:
  --help               the whole output of `CLI --help` (which must exit 0),
                       and per command from its usage lines;
  man SYNOPSIS         MAN_PAGE's SYNOPSIS, per command (lines split at .br);
  man OPTIONS          the tag line after each .TP in MAN_PAGE's OPTIONS;
  <CLI_DOC> Synopsis   the "stops-shadow ..." lines under "## Synopsis";
  <CLI_DOC> Options    the first column of the table under "## Options",
                       per command from its second column ("alone": none).
Every option named in one must be named in all, and every (command,
option) pair of a per-command source in every per-command source. A
source in which nothing is found fails too, so a renamed heading cannot
make the test pass by reading nothing.

Then every stops-shadow command line shown as an example (a "$ stops-shadow"
line of the man page; a code span or code line of CLI_DOC and each
MARKDOWN file, or each *.md of a directory, starting "stops-shadow " or
"$ stops-shadow ") may use only options that
--help names for its command.

Each difference is one line naming the option and where it is missing;
exit 1 if there is any.
"""
import os
import re
import subprocess
import sys

OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")
COMMANDS = ("gen", "check", "dump")
ALONE = "(alone)"


def usage_pairs(line):
    """(command, option) pairs of one "stops-shadow ..." line. A line
    without a command but with an object (a word ending in .o) is gen, the
    default; one without either (--help | --version) takes no command."""
    rest = line.split("stops-shadow", 1)[1]
    words = [w.strip("[]") for w in rest.split()]
    words = [w for w in words if w]
    if words and words[0] in COMMANDS:
        cmd = words[0]
    elif any(w.endswith(".o") for w in words):
        cmd = "gen"
    else:
        cmd = ALONE
    return {(cmd, o) for o in OPTION.findall(rest)}


def from_help(cli):
    run = subprocess.run([cli, "--help"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, universal_newlines=True)
    if run.returncode != 0:
        sys.exit(f"{cli} --help: exit {run.returncode}: {run.stderr.strip()}")
    text = run.stdout
    pairs = set()
    for line in text.splitlines():
        if "stops-shadow" in line:
            pairs |= usage_pairs(line)
    return set(OPTION.findall(text)), pairs


def groff_text(line):
    """One roff line as plain text: macro name, quotes, escapes gone."""
    line = re.sub(r"^\.[A-Za-z]+\s*", "", line)
    line = line.replace("\\-", "-").replace("\\&", "").replace('"', " ")
    line = re.sub(r"\\f[BIRP]|\\f\[\w*\]|\\\(\w\w|\\%", "", line)
    return line


def man_sections(path):
    sections, name = {}, None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith('.\\"'):
            continue
        m = re.match(r"^\.SH\s+(.*)", line)
        if m:
            name = m.group(1).strip('"')
            sections[name] = []
        elif name:
            sections[name].append(line)
    return sections


def from_man(path):
    sec = man_sections(path)
    # SYNOPSIS: one usage line per .br, words joined across macro lines
    pairs, names, cur = set(), set(), []
    for line in sec.get("SYNOPSIS", []) + [".br"]:
        if line.strip() == ".br":
            text = " ".join(cur)
            if "stops-shadow" in text:
                pairs |= usage_pairs(text)
                names |= set(OPTION.findall(text))
            cur = []
        else:
            cur.append(groff_text(line))
    # OPTIONS: the tag line after each .TP
    tags, lines = set(), sec.get("OPTIONS", [])
    for i, line in enumerate(lines[:-1]):
        if line.strip() == ".TP":
            tags |= set(OPTION.findall(groff_text(lines[i + 1])))
    # examples: "$ stops-shadow ..." anywhere
    examples = [groff_text(l).strip()[2:] for ls in sec.values() for l in ls
                if groff_text(l).strip().startswith("$ stops-shadow ")]
    return names, pairs, tags, examples


def md_section(lines, heading):
    out, inside = [], False
    for line in lines:
        if line.startswith("#"):
            inside = line.strip() == heading
            continue
        if inside:
            out.append(line)
    return out


def from_doc(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    syn_names, syn_pairs = set(), set()
    for line in md_section(lines, "## Synopsis"):
        if line.startswith("    stops-shadow"):
            syn_pairs |= usage_pairs(line)
            syn_names |= set(OPTION.findall(line))
    tab_names, tab_pairs = set(), set()
    for line in md_section(lines, "## Options"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[0].startswith("`"):
            continue
        opts = set(OPTION.findall(" ".join(re.findall(r"`([^`]*)`",
                                                      cells[0]))))
        cmds = [c.strip() for c in cells[1].split(",")]
        tab_names |= opts
        for c in cmds:
            tab_pairs |= {(ALONE if c == "alone" else c, o) for o in opts}
    return syn_names, syn_pairs, tab_names, tab_pairs


def md_examples(path):
    """Command lines shown in a markdown file: code spans and code lines."""
    out, fenced = [], False
    for line in open(path, encoding="utf-8").read().splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        code = [line.strip()] if fenced or line.startswith("    ") else []
        code += re.findall(r"`([^`]*)`", line) if not code else []
        for c in code:
            c = c.split("#", 1)[0].strip()
            if c.startswith("$ "):
                c = c[2:]
            if c.startswith("stops-shadow "):
                out.append((path, c))
    return out


def markdown_files(paths):
    """Each path, a directory standing for its *.md files, once each."""
    out = []
    for p in paths:
        more = sorted(os.path.join(p, f) for f in os.listdir(p)
                      if f.endswith(".md")) if os.path.isdir(p) else [p]
        out += [m for m in more if os.path.realpath(m) not in
                map(os.path.realpath, out)]
    return out


def compare(what, sources, fmt):
    """Lines for each item some sources name and others do not."""
    errors = []
    every = set().union(*sources.values())
    for item in sorted(every):
        has = [s for s, v in sources.items() if item in v]
        lacks = [s for s, v in sources.items() if item not in v]
        if lacks:
            errors.append(f"{what} {fmt(item)}: named in {', '.join(has)}; "
                          f"missing from {', '.join(lacks)}")
    return errors


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    cli, man, doc = argv[1:4]
    manp, docp = os.path.basename(man), os.path.basename(doc)
    help_names, help_pairs = from_help(cli)
    man_names, man_pairs, man_tags, man_examples = from_man(man)
    syn_names, syn_pairs, tab_names, tab_pairs = from_doc(doc)

    names = {
        "--help": help_names,
        f"{manp} SYNOPSIS": man_names,
        f"{manp} OPTIONS": man_tags,
        f"{docp} Synopsis": syn_names,
        f"{docp} Options": tab_names,
    }
    pairs = {
        "--help": help_pairs,
        f"{manp} SYNOPSIS": man_pairs,
        f"{docp} Synopsis": syn_pairs,
        f"{docp} Options": tab_pairs,
    }
    errors = [f"no options found in {s}" for s, v in
              list(names.items()) + list(pairs.items()) if not v]
    errors += compare("option", names, lambda o: o)
    errors += compare("option", pairs, lambda p: f"{p[1]} of {p[0]}")

    examples = [(man, e) for e in man_examples]
    for path in markdown_files([doc] + argv[4:]):
        examples += md_examples(path)
    for path, line in examples:
        for cmd, opt in usage_pairs(line):
            if (cmd, opt) not in help_pairs:
                errors.append(f"example in {os.path.basename(path)} uses "
                              f"{opt} with {cmd}, which --help does not "
                              f"name: {line}")
    for e in errors:
        print(e)
    if errors:
        return 1
    print(f"ok: {len(help_names)} options, {len(help_pairs)} command/option "
          f"pairs agree in --help, {manp} and {docp}; {len(examples)} "
          f"example command lines use only those")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
