#!/usr/bin/env python3
"""Writes the table of `xn --explain` and of xn(1) from include/xn.h.

    python3 gen-explain.py XN_H header OUT.h     the C table of xn --explain
    python3 gen-explain.py XN_H man XN.1 OUT.1 [KEY=VALUE]...
                                                 xn(1) with the table inserted
                                                 and each @KEY@ replaced

What each code means comes from the header's one list of each kind: the
comment of every X(name, bit) of XN_ERROR_LIST (the rule codes), the text of
every X(name, value, text) of XN_STATUS_LIST (the status names), the
comment of every XN_UNSAFE_* reason (--display).  Which section of which
standard holds the rule is kept here, by code: a code the header gains
without a section here, or a section here for a code it no longer has,
stops the build, so the table cannot drift from the header.  The words only
the command writes (OK, SMTPUTF8, BAD_LOCALE_INPUT ...) are listed here.
Python 3 standard library only.
"""

import re
import sys

# The standard and section of each rule code (the codes of Unicode's
# IdnaTestV2.txt: Pn, Vn, An for the steps of UTS #46 §4, §4.1, §4.2).
RULE_SECTIONS = {
    "P4": "UTS #46 §4 Processing, step 4",
    "V1": "UTS #46 §4.1 Validity Criteria, 1",
    "V2": "UTS #46 §4.1 Validity Criteria, 2 (CheckHyphens)",
    "V3": "UTS #46 §4.1 Validity Criteria, 3 (CheckHyphens)",
    "V4": "UTS #46 §4.1 Validity Criteria, 4",
    "V5": "UTS #46 §4.1 Validity Criteria, 5",
    "V6": "UTS #46 §4.1 Validity Criteria, 6",
    "V7": "UTS #46 §4.1 Validity Criteria, 7",
    "U1": "UTS #46 §4.1 Validity Criteria (UseSTD3ASCIIRules)",
    "A3": "UTS #46 §4.2 ToASCII, step 3",
    "A4_1": "UTS #46 §4.2 ToASCII, step 4 (VerifyDnsLength)",
    "A4_2": "UTS #46 §4.2 ToASCII, step 4 (VerifyDnsLength)",
    "B1": "RFC 5893 §2, rule 1",
    "B2": "RFC 5893 §2, rule 2",
    "B3": "RFC 5893 §2, rule 3",
    "B4": "RFC 5893 §2, rule 4",
    "B5": "RFC 5893 §2, rule 5",
    "B6": "RFC 5893 §2, rule 6",
    "C1": "RFC 5892 Appendix A.1",
    "C2": "RFC 5892 Appendix A.2",
    "X4_2": "UTS #46 §4.3 ToUnicode (IdnaTestV2's X4_2)",
    "URL_FORBIDDEN": "WHATWG URL Standard, domain to ASCII (forbidden domain code point)",
    "URL_EMPTY": "WHATWG URL Standard, domain to ASCII",
    "DISALLOWED": "RFC 5891 §5.4; RFC 5892 §2",
    "UNASSIGNED": "RFC 5891 §5.4; RFC 5892 §2",
    "CONTEXTO": "RFC 5892 Appendix A.3-A.9; RFC 5891 §4.2.3.3, §5.4",
    "ALABEL": "RFC 5890 §2.3.2.1; RFC 5891 §5.3",
    "MISMATCH": "RFC 5891 §4.1, §4.2",
    "NAMEPREP_PROHIBITED": "RFC 3491 §5; RFC 3490 §4.1 step 2",
    "NAMEPREP_UNASSIGNED": "RFC 3491 §5; RFC 3454 §7",
    "NAMEPREP_BIDI": "RFC 3491 §6; RFC 3454 §6",
    "ACE_PREFIX": "RFC 3490 §4.1 step 5",
    "ROUNDTRIP": "RFC 3490 §4.2 step 7",
    "NUL": "xn's own rule, in every profile (xn(3), U+0000)",
}

STATUS_SECTIONS = {
    "XN_OK": "-",
    "XN_E_INVALID_ARG": "xn(3)",
    "XN_E_BUFFER_TOO_SMALL": "xn(3)",
    "XN_E_NOMEM": "-",
    "XN_E_TOO_LONG": "xn(3), XN_LABEL_LIMIT; xn(1): names up to 65536 bytes",
    "XN_E_BAD_UTF8": "RFC 3629 §3",
    "XN_E_INTERNAL": "-",
    "XN_E_ICU_TOO_OLD": "xn(3), xn_icu_version",
    "XN_E_ICU_UNAVAILABLE": "xn(3), xn_icu_version",
    "XN_E_NFC_TOO_OLD": "xn(3), xn_icu_version, xn_nfc",
    "XN_E_NOT_STREAM_SAFE": "UAX #15 §13 (Stream-Safe Text Format)",
    "XN_E_PUNYCODE_BAD_BASIC": "RFC 3492 §6.2",
    "XN_E_PUNYCODE_BAD_DIGIT": "RFC 3492 §6.2",
    "XN_E_PUNYCODE_TRUNCATED": "RFC 3492 §6.2",
    "XN_E_PUNYCODE_OVERFLOW": "RFC 3492 §6.4",
    "XN_E_PUNYCODE_BAD_CODE_POINT": "RFC 3492 §6.2",
    "XN_E_INVALID_DOMAIN": "UTS #46 §4 (the rule codes say which rules)",
    "XN_E_BAD_ADDRESS": "RFC 5321 §4.1.2; RFC 6531 §3.3",
}

UNSAFE_SECTIONS = {
    "MIXED_SCRIPT": "UTS #39 §5.2",
    "RESTRICTED": "UTS #39 §3.1",
    "CONFUSABLE": "UTS #39 §4; the browsers' IDN display policies",
    "MIXED_NUMBERS": "UTS #39 §5.3",
    "INVISIBLE": "UTS #39 §5.4",
    "DEVIATION": "UTS #46 §6",
    "IDNA2008": "RFC 5891 §5.4; RFC 5892",
    "DOTLESS_MARK": "Chromium's and Mozilla's IDN display policies",
    "KANA_MARK": "Chromium's IDN display policy",
    "CJK_LOOKALIKE": "Chromium's IDN display policy",
    "SEPARATOR": "Chromium's IDN display policy",
    "DIGIT_LOOKALIKE": "UTS #39 §4; Chromium's IDN display policy",
    "KNOWN_DOMAIN": "Chromium's top-domain rule",
    "FOREIGN_MARK": "Chromium's IDN display policy",
    "RARE_LATIN": "Chromium's IDN display policy",
    "UNDECIDED": "xn's display policy: fail-safe (xn(3), xn_to_display)",
}

# The words of the xn command's status column that are no library name.
COMMAND_WORDS = [
    ("OK", "the name converted", "xn(1), --status"),
    ("SMTPUTF8", "--email: the local part is not ASCII, so the address needs SMTPUTF8",
     "RFC 6531 §3.4"),
    ("BAD_LOCALE_INPUT", "--locale: the name is not valid text in the locale's charset",
     "xn(1), --locale"),
    ("UNREPRESENTABLE",
     "--locale: the result has characters the locale's charset cannot show",
     "xn(1), --locale"),
    ("LINE_BREAK", "the result contains a line break, which no output line can hold",
     "xn(1), --status"),
]


class HeaderError(Exception):
    pass


def one_line(text):
    return " ".join(text.split())


def read_header(path):
    """[(kind, code, meaning, section)] in the header's order: the rule
    codes, the status names, the display reasons; then the command's
    words."""
    text = open(path, encoding="utf-8").read()
    out = []

    m = re.search(r"#define XN_ERROR_LIST\(X\)(.*?)\n(?=\S)", text, re.S)
    if not m:
        raise HeaderError("no XN_ERROR_LIST")
    rules = re.findall(r"X\((\w+), \d+\)\s*/\*(.*?)\*/", m.group(1), re.S)
    for code, meaning in rules:
        out.append(("rule", code, one_line(meaning), RULE_SECTIONS.get(code)))
    check_sections("XN_ERROR_LIST", [c for c, _ in rules], RULE_SECTIONS)

    m = re.search(r"#define XN_STATUS_LIST\(X\)(.*?)\n(?=\S)", text, re.S)
    if not m:
        raise HeaderError("no XN_STATUS_LIST")
    statuses = re.findall(r'X\((XN_\w+), -?\d+, "((?:[^"\\]|\\.)*)"\)', m.group(1))
    for name, meaning in statuses:
        out.append(("status", name, meaning.replace('\\"', '"'), STATUS_SECTIONS.get(name)))
    check_sections("XN_STATUS_LIST", [n for n, _ in statuses], STATUS_SECTIONS)

    unsafe = re.findall(r"#define XN_UNSAFE_(\w+) 0x[0-9a-fA-F]+u\s*/\*(.*?)\*/", text, re.S)
    for name, meaning in unsafe:
        out.append(("display", name, one_line(meaning), UNSAFE_SECTIONS.get(name)))
    check_sections("XN_UNSAFE_*", [n for n, _ in unsafe], UNSAFE_SECTIONS)

    for code, meaning, section in COMMAND_WORDS:
        out.append(("command", code, meaning, section))
    return out


def check_sections(what, names, sections):
    if not names:
        raise HeaderError(f"{what}: nothing read")
    missing = [n for n in names if n not in sections]
    extra = [n for n in sections if n not in names]
    if missing or extra:
        raise HeaderError(f"{what}: no section in tools/gen-explain.py for {missing}; "
                          f"sections for codes the header does not have: {extra}")


# ---- the C table ------------------------------------------------------------

def c_string(s):
    out = []
    for b in s.encode("utf-8"):
        c = chr(b)
        if c in '"\\':
            out.append("\\" + c)
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append("\\%03o" % b)
    return '"' + "".join(out) + '"'


def write_header(entries, path):
    lines = ["/* Generated by tools/gen-explain.py from include/xn.h: do not edit. */",
             "static const struct explain_entry explain_table[] = {"]
    for kind, code, meaning, section in entries:
        lines.append(f"    {{{c_string(code)}, {c_string(meaning)}, {c_string(section)}}},"
                     f" /* {kind} */")
    lines.append("};")
    open(path, "w", encoding="utf-8").write("\n".join(lines) + "\n")


# ---- xn(1) ----------------------------------------------------------------------

ROFF = {"\\": "\\e", "-": "\\-", "§": "\\(sc", "'": "\\(aq", '"': "\\(dq"}

HEADINGS = {"rule": "Rule codes (the library's XN_ERROR_LIST)",
            "status": "Status names (XN_STATUS_LIST; the status column drops XN_E_)",
            "display": "Reasons of \\-\\-display (XN_UNSAFE_*)",
            "command": "Words of the command's own"}


def roff(s):
    out = "".join(ROFF.get(c, c if ord(c) < 0x80 else "\\[u%04X]" % ord(c)) for c in s)
    return "\\&" + out if out.startswith(".") else out


def man_table(entries):
    out = []
    kind = None
    for k, code, meaning, section in entries:
        if k != kind:
            out += [".PP", ".B " + HEADINGS[k]]
            kind = k
        out += [".TP", ".B " + roff(code), roff(meaning) + "."]
        if section != "-":
            out.append("[" + roff(section) + "]")
    return out


MARK = '.\\" @EXPLAIN-TABLE@'


def write_man(entries, src, path, values):
    text = open(src, encoding="utf-8").read()
    if text.count(MARK + "\n") != 1:
        raise HeaderError(f"{src}: no line {MARK}")
    for kv in values:
        key, _, value = kv.partition("=")
        text = text.replace("@" + key + "@", value)
    left = re.findall(r"@[A-Z_]+@", text.replace(MARK, ""))
    if left:
        raise HeaderError(f"{src}: no value for {', '.join(sorted(set(left)))}")
    table = "\n".join(man_table(entries)) + "\n"
    open(path, "w", encoding="utf-8").write(text.replace(MARK + "\n", table))


def main(argv):
    try:
        entries = read_header(argv[1])
        if argv[2] == "header" and len(argv) == 4:
            write_header(entries, argv[3])
        elif argv[2] == "man" and len(argv) >= 5:
            write_man(entries, argv[3], argv[4], argv[5:])
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except HeaderError as e:
        print(f"gen-explain.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
