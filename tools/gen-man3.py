#!/usr/bin/env python3
"""Writes xn's reference manual (section 3) from include/xn.h.

    python3 gen-man3.py --list XN_H               the page file names
    python3 gen-man3.py XN_H VERSION OUTDIR [EXAMPLE.c ...]

One page per exported function: its prototype, its comment in the header
(shared with the functions the same comment covers, which it names), the
flags it takes (FLAGS_OF, checked against the library by tests/test-man.py),
its RETURN VALUE and the statuses it returns (ERRORS: those its comment
names and those xn(3)'s conventions give its parameters), with XN_WHATWG
named where XN_URL_RULES is, as the README calls it; pages for the types and
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
        elif p and len(p.group(1)) < 24:
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
    out += [".fi", ".PP", "Link with", ".IR \\-lxn ", "(pkg\\-config: xn; CMake: xn::xn or xn::xn_static)."]
    return out


def see_also(names):
    names = sorted(set(names))
    return [".SH SEE ALSO", ",\n".join(".BR %s (3)" % esc(n) for n in names)]


# Abbreviations whose dot ends no sentence.
ABBREVIATIONS = ("e.g", "i.e", "etc", "cf", "vs")


def summary_of(lines):
    """The first sentence of a comment, whole, as a NAME line: it ends at a
    '.', ';' or ':' before a space or the end that is outside brackets and
    quotes and ends no abbreviation ("e.g."), so no summary stops inside
    "(may be NULL)".  apropos shows the line as it is, escapes included:
    '\u00a7' is written "section", and the line must be ASCII."""
    text = " ".join(l.strip() for l in lines if l.strip())
    text = re.sub(r"\s*@since [0-9.]+", "", text)
    depth, quoted, end = 0, False, len(text)
    for i, c in enumerate(text):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(0, depth - 1)
        elif c == '"':
            quoted = not quoted
        elif (c in ".;:" and depth == 0 and not quoted and
              (i + 1 == len(text) or text[i + 1].isspace()) and
              not any(text[:i].endswith(a) for a in ABBREVIATIONS)):
            end = i
            break
    summary = text[:end].rstrip(".;: ")
    summary = summary.replace("\u00a7", "section ").replace("section  ", "section ")
    if not summary.isascii():
        raise HeaderError("a NAME line that is not ASCII: %r" % summary)
    return summary


# ---- flags, return value and errors of a function page --------------------------

UTS46_FLAGS = ["XN_TRANSITIONAL", "XN_NO_STD3_RULES", "XN_NO_CHECK_HYPHENS",
               "XN_NO_CHECK_BIDI", "XN_NO_CHECK_JOINERS", "XN_NO_VERIFY_DNS_LENGTH",
               "XN_IGNORE_INVALID_PUNYCODE", "XN_ALLOW_ROOT_DOT", "XN_URL_RULES",
               "XN_DNS_LABELS"]

# The flag bits each function with a flags parameter takes (the first
# pattern that matches its name); the library refuses every other bit.  The
# header states them per family in prose only, so they are listed here, and
# tests/test-man.py checks each list against the library itself.
FLAGS_OF = [
    (r"xn_to_display", UTS46_FLAGS + ["XN_DISPLAY_SINGLE_SCRIPT", "XN_DISPLAY_MODERATE",
                                      "XN_DISPLAY_MINIMAL", "XN_DISPLAY_ALLOW_DEVIATIONS",
                                      "XN_DISPLAY_BUILTIN_KNOWN"]),
    (r"xn_idna2008_register(_name)?$", []),
    (r"xn_idna2008_", ["XN_NO_STD3_RULES", "XN_NO_VERIFY_DNS_LENGTH", "XN_ALLOW_ROOT_DOT",
                       "XN_DNS_LABELS", "XN_IDNA2008_MAP", "XN_IDNA2008_HYPHEN_ENDS"]),
    (r"xn_idna2003_", ["XN_NO_STD3_RULES", "XN_ALLOW_ROOT_DOT", "XN_ALLOW_UNASSIGNED"]),
    (r"xn_(label_)?to_(ascii|unicode)|xn_email_|xn_equal$", UTS46_FLAGS),
]


def flags_of(name):
    for pattern, flags in FLAGS_OF:
        if re.match(pattern, name):
            return flags
    raise HeaderError("%s takes flags, and tools/gen-man3.py's FLAGS_OF does not say "
                      "which" % name)


def params(decl):
    """[(type, name)] of a declaration's parameters."""
    inner = decl[decl.index("(") + 1:decl.rindex(")")]
    out = []
    for p in inner.split(","):
        p = " ".join(p.split())
        m = re.match(r"^(.*?)(\w+)$", p)
        if m and p != "void":
            out.append((m.group(1).strip(), m.group(2)))
    return out


def returns_status(decl):
    return re.match(r"^XN_API\s+int\s", decl) is not None


def errors_of(name, decl, comment, statuses):
    """The statuses a function returns, in the list's order: those its
    comment names, and those the conventions of xn(3) give a function of its
    parameters (every call: XN_E_INVALID_ARG; an output buffer:
    XN_E_BUFFER_TOO_SMALL; UTF-8 input: XN_E_BAD_UTF8, XN_E_TOO_LONG and
    XN_E_NOMEM for the heap blocks of long labels; an allocated result:
    XN_E_NOMEM; a report: XN_E_INVALID_DOMAIN and, as it normalizes through
    ICU, the Stream-Safe and ICU statuses)."""
    ps = params(decl)
    names = {n for _, n in ps}
    types = " ".join(t for t, _ in ps)
    found = set(re.findall(r"XN_E_\w+", " ".join(comment))) | {"XN_E_INVALID_ARG"}
    if "out_cap" in names:
        found.add("XN_E_BUFFER_TOO_SMALL")
    if "char **" in types:
        found.add("XN_E_NOMEM")
    utf8_in = not name.startswith("xn_punycode_") and any(
        t == "const char *" and n + "_len" in names | {"len"} for t, n in ps)
    if utf8_in:
        found |= {"XN_E_BAD_UTF8", "XN_E_TOO_LONG", "XN_E_NOMEM"}
    if "xn_report *" in types or name == "xn_equal":
        found |= {"XN_E_INVALID_DOMAIN", "XN_E_ICU_UNAVAILABLE", "XN_E_INTERNAL"}
        if not name.startswith("xn_idna2003_"):
            found |= {"XN_E_NOT_STREAM_SAFE", "XN_E_ICU_TOO_OLD", "XN_E_NFC_TOO_OLD"}
    if name == "xn_punycode_decode":
        found |= {s for s in statuses if s.startswith("XN_E_PUNYCODE_")}
    return [s for s in statuses if s in found]


def sentences(lines):
    text = re.sub(r"\s*@since [0-9.]+", "", " ".join(l.strip() for l in lines if l.strip()))
    out = []
    for piece in re.split(r"(?<=[.])\s+(?=[A-Z(\"])", text):
        if out and re.search(r"\b(e\.g|i\.e)\.$", out[-1]):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return out


def return_value(name, decl, comment):
    said = [s for s in sentences(comment) if re.search(r"\b[Rr]eturn", s)]
    if re.match(r"^XN_API\s+void\s", decl):
        return ["None."]
    if returns_status(decl):
        return ["XN_OK (0) on success; otherwise a negative status of xn_status(3), one of "
                "those under ERRORS."] + said
    if not said:
        first = sentences(comment)[0]
        said = ["Returns " + first[0].lower() + first[1:]] + [
            s for s in sentences(comment) if "never NULL" in s]
    return said


def url_rules_note(lines):
    """The first mention of XN_URL_RULES names XN_WHATWG, the flags the
    README and callers pass for the URL Standard."""
    out, done = [], False
    for line in lines:
        if not done and "XN_URL_RULES" in line:
            line = re.sub(r"XN_URL_RULES,?", "XN_URL_RULES, part of XN_WHATWG,", line, count=1)
            done = True
        out.append(line)
    return out


def function_page(name, info, version, all_names, defs=(), statuses=()):
    section, comment, decls = info
    group = [decl_name(d) for d in decls]
    decl = next(d for d in decls if decl_name(d) == name)
    comment = url_rules_note(comment)
    out = header(name, summary_of(comment), version)
    out += synopsis([decl])
    out += [".SH DESCRIPTION"]
    if len(group) > 1:
        out += [".PP", "Described with " + ", ".join(
            "\\fB%s\\fP(3)" % esc(g) for g in group if g != name) + "."]
    out += paragraphs(comment)
    if section:
        out += [".PP", "Part of the header's section \\(lq%s\\(rq." % esc(section)]
    out += [".PP", "The conventions every function shares (UTF\\-8 with lengths, caller "
            "buffers and size queries, reports, thread safety, the stack budget, "
            "allocation failures) are in", ".BR xn (3)."]
    if any(n == "flags" for _, n in params(decl)):
        notes = {d[0]: (d[1], d[2]) for d in defs}
        flags = flags_of(name)
        out += [".SH FLAGS", ".PP"]
        if not flags:
            out += ["None is defined yet: flags must be 0; any bit is XN_E_INVALID_ARG."]
        else:
            out += ["0 is the recommended default; an OR of these, any other bit being "
                    "XN_E_INVALID_ARG:"]
            if "XN_URL_RULES" in flags:
                flags = flags + ["XN_WHATWG"]
            for f in flags:
                value, note = notes.get(f, ("", ""))
                out += [".TP", ".B " + esc(f), line_safe(note or value) if (note or value)
                        else "\\&"]
    out += [".SH RETURN VALUE", ".PP"] + [line_safe(s) for s in return_value(name, decl, comment)]
    if returns_status(decl):
        out += [".SH ERRORS"]
        for st in errors_of(name, decl, comment, list(statuses)):
            out += [".TP", ".B " + esc(st), line_safe(statuses[st])]
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

    st = x_list(text, "XN_STATUS_LIST")
    notes = {e[0][0]: e[1] for e in st}
    statuses = {}
    for n, t in re.findall(r'X\((XN_\w+), -?\d+, "((?:[^"\\]|\\.)*)"\)', text):
        note = notes.get(n, "")
        statuses[n] = t.replace('\\"', '"') + (
            ". " + note[0].upper() + note[1:] + "." if note else ".")
    for n in names:
        result[n + ".3"] = function_page(n, funcs[n], version, names, defs, statuses)

    # xn_status(3)
    result["xn_status.3"] = list_page(
        "xn_status", "the status codes of xn's functions", version,
        ["Every function that returns an int returns XN_OK (0) on success and a "
         "negative xn_status on failure.  Values are fixed and never renumbered; "
         "a retired value stays reserved; the list may grow, so treat any other "
         "negative value as a failure.  xn_strerror() gives the text below, "
         "xn_strerror_name() the name.  XN_STATUS_LIST(X) calls X(name, value, text) "
         "for each, for a switch or a table of one's own."],
        "typedef enum xn_status { XN_OK = 0, XN_E_INVALID_ARG = -1, ... } xn_status;",
        st, lambda e: ("%s (%s)" % (e[0][0], e[0][1]), statuses[e[0][0]]),
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
            "target xn::xn or xn::xn_static).", ".SH DESCRIPTION"]
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
