#!/usr/bin/env python3
"""Prints the soname of the libunistring that the file given stands for
(what `cc -print-file-name=libunistring.so` names: a link to
libunistring.so.MAJOR[.MINOR...]), for lib/normalize.c, which opens it by
that name when a process needs it.  Fails, saying why, when the name
cannot be told."""
import os
import re
import sys

real = os.path.realpath(sys.argv[1])
m = re.fullmatch(r"(libunistring\.so\.\d+)(\.\d+)*", os.path.basename(real))
if not m or not os.path.exists(os.path.join(os.path.dirname(real), m.group(1))):
    sys.exit("unistring_soname.py: cannot tell the soname of libunistring from %s" % real)
print(m.group(1))
