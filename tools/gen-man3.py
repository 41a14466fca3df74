#!/usr/bin/env python3
"""Writes xn's reference manual (section 3) from include/xn.h.

    python3 gen-man3.py --list XN_H               the page file names
    python3 gen-man3.py XN_H VERSION OUTDIR [EXAMPLE.c ...]

One page per exported function (its comment and prototype in the header,
with the other functions the same comment covers), pages for the types and
lists callers use (xn_status(3): XN_STATUS_LIST; xn_report(3): the report
and XN_ERROR_LIST; xn_display_report(3): the display report and the
XN_UNSAFE_* reasons; xn_label_category(3)), and xn(3), the overview: the
header's conventions, every flag and limit with its comment, the list of
pages, and the example programs (the README's, which the examples suite
compiles and runs) as EXAMPLES.  The header is the one source: a function
added there gets its page at the next build, and tests/test-man.py checks
that every exported symbol has one.  Python 3 standard library only.
"""

import os
import re
import sys

DATE = "2026-11-25"


class HeaderError(Exception):
    pass


# ---- reading the header -------------------------------------------------------

def items(text):
    """The header as a list of (kind, text): 'comment', 'decl' (an XN_API
    declaration up to its ';'), 'define' (with continuations), 'typedef'
    (up to the closing '} name;'), 'other'."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i)
            if j < 0:
                raise HeaderError("unterminated comment")
            out.append(("comment", text[i:j + 2]))
            i = j + 2
        elif text.startswith("XN_API", i):
            j = text.find(";", i)
            out.append(("decl", text[i:j + 1]))
            i = j + 1
        elif text.startswith("#define", i):
            j = i
            while True:
                k = text.find("\n", j)
                if k < 0:
                    k = n
                if text[k - 1:k] != "\\":
                    break
                j = k + 1
            out.append(("define", text[i:k]))
            i = k
        elif text.startswith("typedef", i):
            j = text.find(";", i)
            if "{" in text[i:j]:
                depth, k = 0, i
                while k < n:
                    if text[k] == "{":
                        depth += 1
                    elif text[k] == "}":
                        depth -= 1
                        if depth == 0:
                            break
                    k += 1
                j = text.find(";", k)
            out.append(("typedef", text[i:j + 1]))
            i = j + 1
        elif text[i].isspace():
            i += 1
        else:
            j = text.find("\n", i)
            if j < 0:
                j = n
            out.append(("other", text[i:j]))
            i = j
    return out


def comment_text(c):
    """A /* ... */ block as plain lines, without the comment marks."""
    body = c[2:-2]
    lines = []
    for line in body.split("\n"):
        line = line.rstrip()
        s = line.lstrip()
        if s.startswith("*"):
            s = s[1:]
            if s.startswith(" "):
                s = s[1:]
        lines.append(s)
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def banner(c):
    """The title of a section banner comment, or None."""
    lines = comment_text(c)
    if lines and re.match(r"^-{10,}$", lines[0].strip()) and len(lines) >= 2:
        return lines[1].strip()
    m = re.match(r"^/\* -{2,} (.+?) -{2,} \*/$", c.strip())
    return m.group(1) if m else None


def decl_name(d):
    m = re.search(r"\b(xn_[a-z0-9_]+)\s*\(", d)
    if not m:
        raise HeaderError("no function name in %r" % d[:60])
    return m.group(1)


def functions(its):
    """{name: (section, comment lines, [declarations of its group])}."""
    result = {}
    section = ""
    comment = None
    group = []
    for kind, text in its:
        if kind == "comment":
            b = banner(text)
            if b:
                section = b
                comment = None
            else:
                comment = comment_text(text)
            group = []
        elif kind == "decl":
            if comment is None:
                raise HeaderError("%s has no comment" % decl_name(text))
            group.append(text)
            for d in group:
                result[decl_name(d)] = (section, comment, list(group))
        else:
            comment = None
            group = []
    return result


def defines(its):
    """[(name, value, comment)] of the #defines, the comment being the one on
    the line or the block just before."""
    out = []
    before = None
    for kind, text in its:
        if kind == "comment":
            before = None if banner(text) else comment_text(text)
        elif kind == "define":
            m = re.match(r"#define\s+(\w+)(\([^)]*\))?\s*(.*)$", text, re.S)
            value = m.group(3)
            trailing = None
            tm = re.search(r"/\*(.*?)\*/\s*$", value, re.S)
            if tm:
                trailing = " ".join(x.strip(" *") for x in tm.group(1).split("\n")).strip()
                value = value[:tm.start()].rstrip()
            out.append((m.group(1), " ".join(value.replace("\\\n", " ").split()),
                        trailing or (" ".join(before) if before else "")))
            before = None
        else:
            before = None
    return out


def x_list(text, macro):
    """The X(...) entries of a list macro, with the comment lines above
    each: [(args, comment)]."""
    start = text.find("#define %s(X)" % macro)
    if start < 0:
        raise HeaderError("%s not found" % macro)
    body = []
    for line in text[start:].split("\n")[1:]:
        body.append(line)
        if not line.rstrip().endswith("\\"):
            break
    entries = []
    pending = []
    for line in body:
        line = line.rstrip().rstrip("\\").strip()
        cm = re.match(r"^/\*(.*)\*/$", line)
        if cm:
            pending.append(cm.group(1).strip())
            continue
        xm = re.match(r"^X\((.*?)\)\s*(/\*(.*)\*/)?$", line)
        if xm:
            args = [a.strip() for a in re.findall(r'"[^"]*"|[^,]+', xm.group(1))]
            note = " ".join(pending + ([xm.group(3).strip()] if xm.group(3) else []))
            entries.append((args, note))
            pending = []
    return entries


def typedef_named(its, name):
    """(comment lines, text) of the typedef that defines name."""
    before = None
    for kind, text in its:
        if kind == "comment":
            before = None if banner(text) else comment_text(text)
        elif kind == "typedef":
            if re.search(r"\b%s\s*;\s*$" % name, text):
                return before or [], text
            before = None
        else:
            before = None
    raise HeaderError("typedef %s not found" % name)


# ---- writing roff ---------------------------------------------------------------

def esc(s):
    """Text for roff: backslashes and hyphens escaped, every non-ASCII
    character as its \\[uXXXX] glyph (troff reads bytes)."""
    s = s.replace("\\", "\\e").replace("-", "\\-")
    return "".join(c if ord(c) < 0x80 else "\\[u%04X]" % ord(c) for c in s)


def line_safe(s):
    """A text line that cannot be read as a request."""
    s = esc(s)
    if s.startswith(".") or s.startswith("'"):
        s = "\\&" + s
    return s


def paragraphs(lines):
    """Comment lines as roff: blank lines part paragraphs, '- ' items become
    tagged paragraphs, lines indented under an item continue it, 'word: '
    at the start of a line tags a parameter."""
    out = [".PP"]
    in_item = False
    for raw in lines:
        if not raw.strip():
            out.append(".PP")
            in_item = False
            continue
        if re.match(r"^@since", raw.strip()):
            continue
        raw = re.sub(r"\s*@since [0-9.]+\s*$", "", raw)
        if not raw.strip():
            continue
        m = re.match(r"^- (.*)$", raw)
        p = re.match(r"^([a-z_][a-z0-9_, ]*): (.*)$", raw)
        if m:
            out.append(".IP \\(bu 2")
            out.append(line_safe(m.group(1)))
            in_item = True
        elif p and not in_item and len(p.group(1)) < 24:
            out.append(".TP")
            out.append(".I " + esc(p.group(1)))
            out.append(line_safe(p.group(2)))
            in_item = True
        else:
            out.append(line_safe(raw.strip()))
    return out


def since(lines):
    for line in lines:
        m = re.search(r"@since ([0-9.]+)", line)
        if m:
            return m.group(1)
    return None


def header(name, summary, version):
    return [
        '.\\" Generated by tools/gen-man3.py from include/xn.h; do not edit.',
        '.TH %s 3 "%s" "xn %s" "xn Library Functions"' % (name.upper().replace("_", "\\_"),
                                                          DATE, version),
        ".SH NAME",
        "%s \\- %s" % (esc(name), esc(summary)),
    ]


def synopsis(decls):
    out = [".SH SYNOPSIS", ".nf", ".B #include <xn.h>", ".PP"]
    for d in decls:
        d = re.sub(r"^XN_API\s+", "", d)
        for k, line in enumerate(d.split("\n")):
            # Continuation lines were aligned after "XN_API ".
            if k and line.startswith(" " * 7):
                line = line[7:]
            out.append(esc(line.rstrip()))
        out.append("")
    if out[-1] == "":
        out.pop()
    out += [".fi", ".PP", "Link with", ".IR \\-lxn ", "(pkg\\-config: xn; CMake: xn::xn)."]
    return out


def see_also(names):
    names = sorted(set(names))
    return [".SH SEE ALSO", ",\n".join(".BR %s (3)" % esc(n) for n in names)]


def summary_of(lines):
    """The first sentence of a comment, as a NAME line."""
    text = " ".join(l.strip() for l in lines if l.strip())
    text = re.sub(r"\s*@since [0-9.]+", "", text)
    m = re.match(r"^(.*?[.;:])(\s|$)", text)
    s = (m.group(1) if m else text).rstrip(".;:")
    return s[:120]


def function_page(name, info, version, all_names):
    section, comment, decls = info
    group = [decl_name(d) for d in decls]
    out = header(name, summary_of(comment), version)
    out += synopsis(decls)
    out += [".SH DESCRIPTION"]
    if len(group) > 1:
        out += [".PP", "This page describes " + ", ".join(
            "\\fB%s\\fP()" % esc(g) for g in group) + "."]
    out += paragraphs(comment)
    if section:
        out += [".PP", "Part of the header's section \\(lq%s\\(rq." % esc(section)]
    out += [".PP", "The conventions every function shares (UTF\\-8 with lengths, caller "
            "buffers and size queries, reports, thread safety, the stack budget, "
            "allocation failures) are in", ".BR xn (3)."]
    s = since(comment)
    if s:
        out += [".SH HISTORY", "Since xn %s." % esc(s)]
    out += see_also(["xn"] + [g for g in group if g != name])
    return "\n".join(out) + "\n"


def list_page(name, summary, version, intro, typedef, entries, entry_fmt, see):
    out = header(name, summary, version)
    if typedef:
        out += [".SH SYNOPSIS", ".nf", ".B #include <xn.h>", ".PP"]
        out += [esc(l.rstrip()) for l in typedef.split("\n")]
        out += [".fi"]
    out += [".SH DESCRIPTION"] + paragraphs(intro)
    if entries:
        out += [".SH VALUES"]
        for e in entries:
            tag, text = entry_fmt(e)
            out += [".TP", ".B " + esc(tag), line_safe(text) if text else "\\&"]
    out += see_also(see)
    return "\n".join(out) + "\n"


def pages(header_path, version, examples):
    text = open(header_path, encoding="utf-8").read()
    its = items(text)
    funcs = functions(its)
    defs = defines(its)
    result = {}
    names = sorted(funcs)
    type_pages = ["xn_status", "xn_report", "xn_display_report", "xn_label_category"]

    for n in names:
        result[n + ".3"] = function_page(n, funcs[n], version, names)

    # xn_status(3)
    st = x_list(text, "XN_STATUS_LIST")
    result["xn_status.3"] = list_page(
        "xn_status", "the status codes of xn's functions", version,
        ["Every function that returns an int returns XN_OK (0) on success and a "
         "negative xn_status on failure.  Values are fixed and never renumbered; "
         "a retired value stays reserved; the list may grow, so treat any other "
         "negative value as a failure.  xn_strerror() gives the text below, "
         "xn_strerror_name() the name.  XN_STATUS_LIST(X) calls X(name, value, text) "
         "for each, for a switch or a table of one's own."],
        "typedef enum xn_status { XN_OK = 0, XN_E_INVALID_ARG = -1, ... } xn_status;",
        st, lambda e: ("%s (%s)" % (e[0][0], e[0][1]),
                       e[0][2].strip('"') + (". " + e[1] if e[1] else "")),
        ["xn", "xn_strerror", "xn_strerror_name"])

    # xn_report(3)
    rc, rt = typedef_named(its, "xn_report")
    errs = x_list(text, "XN_ERROR_LIST")
    result["xn_report.3"] = list_page(
        "xn_report", "every rule a name breaks, and where the first is", version,
        rc + ["", "The error bits: XN_ERR_<name> is (UINT64_C(1) << bit); "
              "xn_error_name() gives the name, xn_errors_format() the list.  "
              "XN_REPORT_INIT initializes a report; XN_NO_CODE_POINT marks a "
              "violation no code point is to blame for."],
        rt, errs, lambda e: ("XN_ERR_%s (bit %s)" % (e[0][0], e[0][1]), e[1]),
        ["xn", "xn_to_ascii", "xn_error_name", "xn_errors_format"])

    # xn_display_report(3)
    dc, dt = typedef_named(its, "xn_display_report")
    unsafe = [(d[0], d[2]) for d in defs if d[0].startswith("XN_UNSAFE_")]
    result["xn_display_report.3"] = list_page(
        "xn_display_report", "why xn_to_display() kept labels as A-labels", version,
        dc + ["", "The reasons, one bit each (xn_unsafe_name() and "
              "xn_unsafe_format() name them):"],
        dt, unsafe, lambda e: (e[0], e[1]),
        ["xn", "xn_to_display", "xn_unsafe_name", "xn_unsafe_format"])

    # xn_label_category(3)
    lc, lt = typedef_named(its, "xn_label_category")
    result["xn_label_category.3"] = list_page(
        "xn_label_category", "the RFC 5890 category of a label", version, lc, lt, [],
        None, ["xn", "xn_label_class", "xn_label_class_name"])

    # xn(3): the overview.
    top = comment_text(its[0][1])
    out = header("xn", "internationalized domain names: UTS #46, IDNA2008, IDNA2003 and "
                       "Punycode", version)
    out += [".SH SYNOPSIS", ".nf", ".B #include <xn.h>", ".fi", ".PP",
            "Link with", ".IR \\-lxn ", "(pkg\\-config: xn; CMake: find_package(xn), "
            "target xn::xn).", ".SH DESCRIPTION"]
    out += paragraphs(top)
    out += [".SS Profiles",
            ".PP",
            "UTS #46 (the default: nontransitional, every check on), the WHATWG URL "
            "Standard (XN_WHATWG), IDNA2008 lookup and registration "
            "(\\fBxn_idna2008_lookup\\fP(3), \\fBxn_idna2008_register\\fP(3)), IDNA2003 "
            "(\\fBxn_idna2003_to_ascii\\fP(3)); Punycode on code points "
            "(\\fBxn_punycode_encode\\fP(3)); the display policy "
            "(\\fBxn_to_display\\fP(3)), mail addresses, label classes and comparison.",
            ".SS Flags and limits",
            ".PP",
            "Each flag bit changes one setting; 0 is the recommended default.  Unknown "
            "bits are XN_E_INVALID_ARG."]
    for name, value, note in defs:
        if re.match(r"^XN_(VERSION|API|H$|STATUS_|ERROR_LIST|ERR_|REPORT_INIT|"
                    r"DISPLAY_REPORT_INIT|UNSAFE_|NO_CODE_POINT|STACK_MAX_)", name) or \
                name in ("XN_H",):
            if name != "XN_STACK_MAX":
                continue
        if not value:
            continue
        out += [".TP", ".B " + esc(name), line_safe("%s%s" % (
            value, (": " + note) if note else ""))]
    out += [".SS Pages", ".PP", "Functions:"]
    out += [",\n".join(".BR %s (3)" % esc(n) for n in names) + "."]
    out += [".PP", "Types and lists:",
            ",\n".join(".BR %s (3)" % esc(n) for n in type_pages) + "."]
    if examples:
        out += [".SH EXAMPLES", ".PP",
                "The programs below are the README's examples; the test suite builds "
                "and runs each and compares its output."]
        for path in examples:
            out += [".SS " + esc(os.path.basename(path)), ".PP", ".EX"]
            for line in open(path, encoding="utf-8").read().rstrip("\n").split("\n"):
                out.append(line_safe(line) if line else "")
            out += [".EE"]
    out += see_also(names + type_pages) + [".BR xn (1)"]
    result["xn.3"] = "\n".join(out) + "\n"
    return result


def main(argv):
    try:
        if len(argv) == 2 and argv[0] == "--list":
            print("\n".join(sorted(pages(argv[1], "0", []))))
            return 0
        if len(argv) < 3:
            sys.stderr.write(__doc__)
            return 2
        header_path, version, outdir = argv[:3]
        for name, text in pages(header_path, version, argv[3:]).items():
            with open(os.path.join(outdir, name), "w", encoding="utf-8") as f:
                f.write(text)
    except HeaderError as e:
        sys.stderr.write("gen-man3.py: include/xn.h: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
