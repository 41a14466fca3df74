/*
 * xn.c: the PostgreSQL extension "xn", IDNA functions on libxn.
 *
 * Every function takes text in the database encoding, converts it to UTF-8
 * (libxn's only encoding), calls libxn with a palloc'd output buffer, and
 * converts the result back.  Failures are raised with SQLSTATE 22023 and
 * libxn's rule codes in DETAIL, or, in the try_ variants, turned into NULL.
 * No global mutable state: each call is independent, so every function is
 * PARALLEL SAFE.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include <xn.h>

PG_MODULE_MAGIC;

/* How many characters of a name an error message shows. */
#define NAME_SHOWN_MAX 80

/* The standard each profile runs, and its libxn flags. */
typedef enum standard
{
	STD_UTS46,
	STD_IDNA2008,
	STD_IDNA2003
} standard;

typedef struct profile
{
	const char *name;
	standard	std;
	unsigned	flags;
} profile;

static const profile profiles[] = {
	{"uts46", STD_UTS46, 0},
	{"uts46-transitional", STD_UTS46, XN_TRANSITIONAL},
	{"transitional", STD_UTS46, XN_TRANSITIONAL},
	{"uts46-dns", STD_UTS46, XN_DNS_LABELS},
	{"whatwg", STD_UTS46, XN_WHATWG},
	{"idna2008", STD_IDNA2008, 0},
	{"idna2008-map", STD_IDNA2008, XN_IDNA2008_MAP},
	{"idna2003", STD_IDNA2003, 0},
};

#define PROFILE_NAMES "uts46, uts46-transitional (or transitional), uts46-dns, " \
	"whatwg, idna2008, idna2008-map, idna2003"

/* What a function does with its name. */
typedef enum operation
{
	OP_TO_ASCII,
	OP_TO_UNICODE,
	OP_KEY,
	OP_DISPLAY,
	OP_EMAIL
} operation;

/* The common shape of libxn's conversions. */
typedef int (*conversion) (const char *in, size_t in_len, char *out,
						   size_t out_cap, size_t *out_len, unsigned flags,
						   xn_report *report);

static int
display_builtin(const char *in, size_t in_len, char *out, size_t out_cap,
				size_t *out_len, unsigned flags, xn_report *report)
{
	return xn_to_display(in, in_len, out, out_cap, out_len,
						 flags | XN_DISPLAY_BUILTIN_KNOWN, report, NULL);
}

static int
email_to_ascii(const char *in, size_t in_len, char *out, size_t out_cap,
			   size_t *out_len, unsigned flags, xn_report *report)
{
	return xn_email_to_ascii(in, in_len, out, out_cap, out_len, flags, report,
							 NULL);
}

static const profile *
find_profile(text *arg)
{
	const char *s = VARDATA_ANY(arg);
	size_t		len = VARSIZE_ANY_EXHDR(arg);
	size_t		i;

	for (i = 0; i < lengthof(profiles); i++)
	{
		if (strlen(profiles[i].name) == len &&
			pg_strncasecmp(profiles[i].name, s, len) == 0)
			return &profiles[i];
	}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("unknown IDNA profile \"%s\"",
					text_to_cstring(arg)),
			 errhint("The profiles are %s.", PROFILE_NAMES)));
	return NULL;
}

static conversion
pick_conversion(operation op, const profile *p)
{
	switch (op)
	{
		case OP_TO_ASCII:
		case OP_KEY:
			return p->std == STD_IDNA2008 ? xn_idna2008_lookup
				: p->std == STD_IDNA2003 ? xn_idna2003_to_ascii
				: xn_to_ascii;
		case OP_TO_UNICODE:
			return p->std == STD_IDNA2008 ? xn_idna2008_to_unicode
				: p->std == STD_IDNA2003 ? xn_idna2003_to_unicode
				: xn_to_unicode;
		case OP_DISPLAY:
			return display_builtin;
		case OP_EMAIL:
			return email_to_ascii;
	}
	return xn_to_ascii;
}

/* ---- UTF-8 ------------------------------------------------------------ */

/* Decodes one well-formed UTF-8 sequence at s[0..len); returns its length,
 * or 0 when it is ill-formed (overlong, surrogate, above U+10FFFF, cut). */
static size_t
utf8_decode(const char *s, size_t len, uint32 *cp)
{
	const unsigned char *u = (const unsigned char *) s;
	size_t		n;
	size_t		i;
	uint32		c;
	uint32		min;

	if (len == 0)
		return 0;
	if (u[0] < 0x80)
	{
		*cp = u[0];
		return 1;
	}
	if (u[0] >= 0xC2 && u[0] <= 0xDF)
		n = 2, c = u[0] & 0x1F, min = 0x80;
	else if (u[0] >= 0xE0 && u[0] <= 0xEF)
		n = 3, c = u[0] & 0x0F, min = 0x800;
	else if (u[0] >= 0xF0 && u[0] <= 0xF4)
		n = 4, c = u[0] & 0x07, min = 0x10000;
	else
		return 0;
	if (len < n)
		return 0;
	for (i = 1; i < n; i++)
	{
		if ((u[i] & 0xC0) != 0x80)
			return 0;
		c = (c << 6) | (u[i] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return n;
}

/* Appends code point cp (a Unicode scalar value) as UTF-8. */
static void
utf8_append(StringInfo buf, uint32 cp)
{
	char		b[4];
	int			n;

	if (cp < 0x80)
		b[0] = (char) cp, n = 1;
	else if (cp < 0x800)
	{
		b[0] = (char) (0xC0 | (cp >> 6));
		b[1] = (char) (0x80 | (cp & 0x3F));
		n = 2;
	}
	else if (cp < 0x10000)
	{
		b[0] = (char) (0xE0 | (cp >> 12));
		b[1] = (char) (0x80 | ((cp >> 6) & 0x3F));
		b[2] = (char) (0x80 | (cp & 0x3F));
		n = 3;
	}
	else
	{
		b[0] = (char) (0xF0 | (cp >> 18));
		b[1] = (char) (0x80 | ((cp >> 12) & 0x3F));
		b[2] = (char) (0x80 | ((cp >> 6) & 0x3F));
		b[3] = (char) (0x80 | (cp & 0x3F));
		n = 4;
	}
	appendBinaryStringInfo(buf, b, n);
}

/* Characters an error message never shows as they are: controls, bidi
 * controls, line and paragraph separators, and the invisible ones
 * (joiners, variation selectors, tags, fillers). */
static bool
needs_escape(uint32 cp)
{
	return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0xAD ||
		cp == 0x34F || cp == 0x61C || cp == 0x115F || cp == 0x1160 ||
		(cp >= 0x17B4 && cp <= 0x17B5) || (cp >= 0x180B && cp <= 0x180F) ||
		(cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
		(cp >= 0x2060 && cp <= 0x206F) || cp == 0x3164 ||
		(cp >= 0xFE00 && cp <= 0xFE0F) || cp == 0xFEFF || cp == 0xFFA0 ||
		(cp >= 0xFFF0 && cp <= 0xFFFB) || (cp >= 0x1BCA0 && cp <= 0x1BCA3) ||
		(cp >= 0x1D173 && cp <= 0x1D17A) || (cp >= 0xE0000 && cp <= 0xE0FFF);
}

/* The name for a message: its first NAME_SHOWN_MAX characters, with '"'
 * and '\' backslashed, the characters above as \uXXXX or \UXXXXXXXX, bytes
 * of ill-formed UTF-8 as \xNN, and, unless the database is UTF-8 (where the
 * message may hold them), every other non-ASCII character as \uXXXX too. */
static char *
shown_name(const char *s, size_t len)
{
	StringInfoData buf;
	bool		raw = GetDatabaseEncoding() == PG_UTF8;
	size_t		i = 0;
	size_t		shown = 0;

	initStringInfo(&buf);
	while (i < len)
	{
		uint32		cp;
		size_t		n;

		if (shown == NAME_SHOWN_MAX)
		{
			appendStringInfoString(&buf, "...");
			break;
		}
		n = utf8_decode(s + i, len - i, &cp);
		if (n == 0)
		{
			appendStringInfo(&buf, "\\x%02X", (unsigned) (unsigned char) s[i]);
			n = 1;
		}
		else if (cp == '"' || cp == '\\')
		{
			appendStringInfoChar(&buf, '\\');
			appendStringInfoChar(&buf, (char) cp);
		}
		else if (needs_escape(cp) || (cp >= 0x80 && !raw))
			appendStringInfo(&buf, cp > 0xFFFF ? "\\U%08X" : "\\u%04X",
							 (unsigned) cp);
		else
			appendBinaryStringInfo(&buf, s + i, (int) n);
		i += n;
		shown++;
	}
	return buf.data;
}

/* ---- Text in and out ---------------------------------------------------- */

/* The argument as UTF-8 (*len bytes, not NUL-terminated). */
static const char *
arg_utf8(text *t, size_t *len)
{
	const char *s = VARDATA_ANY(t);
	int			n = VARSIZE_ANY_EXHDR(t);
	const char *u;

	if (GetDatabaseEncoding() == PG_UTF8)
	{
		*len = (size_t) n;
		return s;
	}
	/* Converts, or in a SQL_ASCII database checks that it is UTF-8;
	 * raises an error for what cannot be converted. */
	u = pg_server_to_any(s, n, PG_UTF8);
	*len = u == s ? (size_t) n : strlen(u);
	return u;
}

/* A text datum from UTF-8 s[0..len), in the database encoding; a character
 * the database encoding lacks is an error, never replaced. */
static text *
result_text(const char *s, size_t len)
{
	char	   *conv;

	if (len > MaxAllocSize - VARHDRSZ - 1)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("result too long for a text value")));
	if (GetDatabaseEncoding() == PG_UTF8)
		return cstring_to_text_with_len(s, (int) len);
	conv = pg_any_to_server(s, (int) len, PG_UTF8);
	if (conv == s)
		return cstring_to_text_with_len(s, (int) len);
	return cstring_to_text(conv);
}

/* ---- Errors ------------------------------------------------------------ */

/* Statuses that say the input is bad (try_ gives NULL); the others
 * (memory, ICU, a bad argument) are always raised. */
static bool
input_failure(int rc)
{
	switch (rc)
	{
		case XN_E_INVALID_DOMAIN:
		case XN_E_BAD_UTF8:
		case XN_E_TOO_LONG:
		case XN_E_NOT_STREAM_SAFE:
		case XN_E_PUNYCODE_BAD_BASIC:
		case XN_E_PUNYCODE_BAD_DIGIT:
		case XN_E_PUNYCODE_TRUNCATED:
		case XN_E_PUNYCODE_OVERFLOW:
		case XN_E_PUNYCODE_BAD_CODE_POINT:
		case XN_E_BAD_ADDRESS:
			return true;
		default:
			return false;
	}
}

/* A short hint for the first rule of errors that one explains. */
static const char *
rule_hint(uint64 errors, const xn_report *rep, bool email)
{
	if (errors & XN_ERR_NUL)
		return "A domain name cannot hold U+0000.";
	if (errors & XN_ERR_P4)
		return "An xn-- label must be the Punycode of a valid non-ASCII label; store the name in its Unicode form or fix the A-label.";
	if ((errors & XN_ERR_U1) && rep->code_point == '@' && !email)
		return "A mail address needs idn_email_to_ascii().";
	if (errors & XN_ERR_U1)
		return "Host names hold letters, digits and '-' only; the profile uts46-dns lets \"_\" labels (SRV, DKIM) and a leading \"*\" through.";
	if (errors & XN_ERR_A4_1)
		return "A name holds 1 to 253 octets in its ASCII form.";
	if (errors & XN_ERR_A4_2)
		return "A label holds 1 to 63 octets in its ASCII form; an empty label comes from two dots in a row, or from a trailing dot (the root), which idn_key() alone accepts.";
	if (errors & (XN_ERR_V2 | XN_ERR_V3))
		return "A label may neither begin nor end with '-', nor hold \"--\" in its third and fourth positions.";
	if (errors & XN_ERR_V6)
		return "A label cannot begin with a combining mark.";
	if (errors & (XN_ERR_V7 | XN_ERR_DISALLOWED | XN_ERR_UNASSIGNED |
				  XN_ERR_NAMEPREP_PROHIBITED | XN_ERR_NAMEPREP_UNASSIGNED))
		return "The name holds a character that the profile does not allow in domain names.";
	if (errors & (XN_ERR_B1 | XN_ERR_B2 | XN_ERR_B3 | XN_ERR_B4 | XN_ERR_B5 |
				  XN_ERR_B6 | XN_ERR_NAMEPREP_BIDI))
		return "Right-to-left labels follow the Bidi rule of RFC 5893: no left-to-right letters in them, and the right characters at each end.";
	if (errors & (XN_ERR_C1 | XN_ERR_C2))
		return "ZERO WIDTH JOINER and NON-JOINER are allowed only where RFC 5892 appendix A allows them.";
	return NULL;
}

/* Raises the error of a failed conversion of s[0..len). */
static void
raise_failure(int rc, const xn_report *rep, const char *s, size_t len,
			  const char *what, const profile *p, bool email)
{
	char		codes[512];
	char		cpbuf[32];
	const char *hint;

	if (rc == XN_E_NOMEM)
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("out of memory in libxn")));
	if (!input_failure(rc))
		ereport(ERROR,
				(errcode(rc == XN_E_INVALID_ARG ? ERRCODE_INTERNAL_ERROR
						 : ERRCODE_EXTERNAL_ROUTINE_EXCEPTION),
				 errmsg("libxn failed on \"%s\": %s", shown_name(s, len),
						xn_strerror(rc)),
				 errdetail("xn status: %s.", xn_strerror_name(rc))));
	if (rc != XN_E_INVALID_DOMAIN || rep == NULL)
	{
		hint = NULL;
		if (rc == XN_E_TOO_LONG && strncmp(what, "Punycode", 8) == 0)
			hint = psprintf("punycode_encode() takes at most %d code points, punycode_decode() at most %d characters.",
							XN_LABEL_LIMIT, XN_ACE_LIMIT);
		else if (rc == XN_E_TOO_LONG)
			hint = psprintf("A label with a non-ASCII character may hold %d code points, an xn-- label %d characters.",
							XN_LABEL_LIMIT, XN_ACE_LIMIT + 4);
		else if (rc == XN_E_NOT_STREAM_SAFE)
			hint = "No name needs more than 30 combining marks in a row.";
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("\"%s\" is not a valid %s: %s", shown_name(s, len),
						what, xn_strerror(rc)),
				 errdetail("xn status: %s.", xn_strerror_name(rc)),
				 hint ? errhint("%s", hint) : 0));
	}
	xn_errors_format(rep->errors, codes, sizeof codes);
	cpbuf[0] = '\0';
	if (rep->code_point != XN_NO_CODE_POINT)
		snprintf(cpbuf, sizeof cpbuf, ", U+%04X", (unsigned) rep->code_point);
	hint = rule_hint(rep->errors, rep, email);
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 p ? errmsg("\"%s\" is not a valid %s under the profile %s",
						shown_name(s, len), what, p->name)
			 : errmsg("\"%s\" is not a valid %s", shown_name(s, len), what),
			 errdetail("xn code(s): %s; label %zu, byte offset %zu%s.", codes,
					   rep->label + 1, rep->offset, cpbuf),
			 hint ? errhint("%s", hint) : 0));
}

/* ---- Running a conversion -------------------------------------------- */

/* Runs fn on in[0..in_len) into a palloc'd buffer, grown once to the size
 * libxn asks for.  Returns libxn's status; *out and *out_len hold the
 * output (NUL-terminated) when it is XN_OK. */
static int
run(conversion fn, const char *in, size_t in_len, unsigned flags,
	char **out, size_t *out_len, xn_report *rep)
{
	size_t		cap = in_len < 200 ? 256 : Min(in_len + in_len / 2 + 64,
											 MaxAllocSize - 1);
	int			attempt;

	for (attempt = 0; attempt < 3; attempt++)
	{
		char	   *buf = palloc(cap);
		size_t		need = 0;
		xn_report	fresh = XN_REPORT_INIT;
		int			rc;

		*rep = fresh;
		rc = fn(in, in_len, buf, cap, &need, flags, rep);
		if (rc != XN_E_BUFFER_TOO_SMALL)
		{
			*out = buf;
			*out_len = need;
			return rc;
		}
		pfree(buf);
		if (need >= MaxAllocSize - VARHDRSZ - 1)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("result too long for a text value")));
		cap = need + 1;
	}
	elog(ERROR, "libxn asked for a larger buffer three times");
	return XN_E_INTERNAL;
}

/* The body of every name function: op under the profile of argument 1 (or
 * none), raising or, with try_mode, giving NULL on bad input. */
static Datum
name_function(FunctionCallInfo fcinfo, operation op, bool try_mode)
{
	text	   *arg = PG_GETARG_TEXT_PP(0);
	const profile *p = NULL;
	unsigned	flags = 0;
	const char *in;
	size_t		in_len;
	char	   *out = NULL;
	size_t		out_len = 0;
	xn_report	rep;
	int			rc;

	if (op == OP_TO_ASCII || op == OP_TO_UNICODE || op == OP_KEY)
	{
		p = PG_NARGS() > 1 ? find_profile(PG_GETARG_TEXT_PP(1)) : &profiles[0];
		flags = p->flags;
	}
	if (op == OP_KEY)
		flags |= XN_ALLOW_ROOT_DOT;
	in = arg_utf8(arg, &in_len);
	rc = run(pick_conversion(op, p ? p : &profiles[0]), in, in_len, flags,
			 &out, &out_len, &rep);
	if (rc != XN_OK)
	{
		if (try_mode && input_failure(rc))
			PG_RETURN_NULL();
		raise_failure(rc, &rep, in, in_len,
					  op == OP_EMAIL ? "mail address" : "domain name",
					  op == OP_EMAIL || op == OP_DISPLAY ? NULL : p,
					  op == OP_EMAIL);
	}
	if (op == OP_KEY)
	{
		size_t		i;

		if (out_len > 0 && out[out_len - 1] == '.')
			out_len--;
		for (i = 0; i < out_len; i++)
			out[i] = pg_ascii_tolower((unsigned char) out[i]);
	}
	PG_RETURN_TEXT_P(result_text(out, out_len));
}

#define NAME_FUNCTION(sqlname, op, try_mode) \
	PG_FUNCTION_INFO_V1(sqlname); \
	Datum sqlname(PG_FUNCTION_ARGS) \
	{ \
		return name_function(fcinfo, op, try_mode); \
	}

NAME_FUNCTION(xn_pg_to_ascii, OP_TO_ASCII, false)
NAME_FUNCTION(xn_pg_try_to_ascii, OP_TO_ASCII, true)
NAME_FUNCTION(xn_pg_to_unicode, OP_TO_UNICODE, false)
NAME_FUNCTION(xn_pg_try_to_unicode, OP_TO_UNICODE, true)
NAME_FUNCTION(xn_pg_key, OP_KEY, false)
NAME_FUNCTION(xn_pg_try_key, OP_KEY, true)
NAME_FUNCTION(xn_pg_display, OP_DISPLAY, false)
NAME_FUNCTION(xn_pg_try_display, OP_DISPLAY, true)
NAME_FUNCTION(xn_pg_email_to_ascii, OP_EMAIL, false)
NAME_FUNCTION(xn_pg_try_email_to_ascii, OP_EMAIL, true)

/* ---- idn_errors ---------------------------------------------------------- */

/* The rule codes ToASCII under the profile finds ({} when it converts the
 * name); a failure that is no rule gives its status name (XN_E_TOO_LONG). */
PG_FUNCTION_INFO_V1(xn_pg_errors);
Datum
xn_pg_errors(PG_FUNCTION_ARGS)
{
	text	   *arg = PG_GETARG_TEXT_PP(0);
	const profile *p = PG_NARGS() > 1 ? find_profile(PG_GETARG_TEXT_PP(1))
		: &profiles[0];
	const char *in;
	size_t		in_len;
	char	   *out;
	size_t		out_len;
	xn_report	rep;
	Datum		items[64];
	int			n = 0;
	int			bit;
	int			rc;

	in = arg_utf8(arg, &in_len);
	rc = run(pick_conversion(OP_TO_ASCII, p), in, in_len, p->flags, &out,
			 &out_len, &rep);
	if (rc == XN_OK)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(TEXTOID));
	if (!input_failure(rc))
		raise_failure(rc, &rep, in, in_len, "domain name", p, false);
	if (rc == XN_E_INVALID_DOMAIN)
	{
		for (bit = 0; bit < 64; bit++)
		{
			if (rep.errors & (UINT64_C(1) << bit))
				items[n++] = CStringGetTextDatum(xn_error_name(UINT64_C(1) << bit));
		}
	}
	if (n == 0)
		items[n++] = CStringGetTextDatum(xn_strerror_name(rc));
	PG_RETURN_ARRAYTYPE_P(construct_array(items, n, TEXTOID, -1, false,
										  TYPALIGN_INT));
}

/* ---- Punycode ---------------------------------------------------------- */

static Datum
punycode_encode_function(FunctionCallInfo fcinfo, bool try_mode)
{
	text	   *arg = PG_GETARG_TEXT_PP(0);
	const char *in;
	size_t		in_len;
	size_t		count = 0;
	size_t		i;
	uint32_t   *cps;
	char	   *out = NULL;
	size_t		cap;
	size_t		need = 0;
	int			rc = XN_OK;

	in = arg_utf8(arg, &in_len);
	/* Count first, so that no input makes a larger array than the
	 * encoder takes. */
	for (i = 0; i < in_len; i++)
		count += ((unsigned char) in[i] & 0xC0) != 0x80;
	if (count > XN_LABEL_LIMIT)
		rc = XN_E_TOO_LONG;
	else
	{
		cps = palloc((count + 1) * sizeof(uint32_t));
		count = 0;
		for (i = 0; i < in_len && rc == XN_OK;)
		{
			uint32		cp;
			size_t		n = utf8_decode(in + i, in_len - i, &cp);

			if (n == 0)
				rc = XN_E_BAD_UTF8;
			else
			{
				cps[count++] = cp;
				i += n;
			}
		}
		/* Each code point takes at most 8 Punycode characters (XN_ACE_LIMIT). */
		cap = 8 * count + 16;
		while (rc == XN_OK)
		{
			out = palloc(cap);
			rc = xn_punycode_encode(cps, count, NULL, out, cap, &need);
			if (rc != XN_E_BUFFER_TOO_SMALL || need + 1 <= cap)
				break;
			pfree(out);
			cap = need + 1;
			rc = XN_OK;
		}
	}
	if (rc != XN_OK)
	{
		if (try_mode && input_failure(rc))
			PG_RETURN_NULL();
		raise_failure(rc, NULL, in, in_len, "Punycode input", NULL, false);
	}
	PG_RETURN_TEXT_P(result_text(out, need));
}

static Datum
punycode_decode_function(FunctionCallInfo fcinfo, bool try_mode)
{
	text	   *arg = PG_GETARG_TEXT_PP(0);
	const char *in;
	size_t		in_len;
	uint32_t   *cps = palloc(XN_LABEL_LIMIT * sizeof(uint32_t));
	size_t		count = 0;
	size_t		i;
	StringInfoData buf;
	int			rc;

	in = arg_utf8(arg, &in_len);
	rc = xn_punycode_decode(in, in_len, cps, XN_LABEL_LIMIT, &count, NULL);
	if (rc == XN_E_BUFFER_TOO_SMALL)
		rc = XN_E_TOO_LONG;		/* the decoder stops at XN_LABEL_LIMIT */
	/* Text cannot hold U+0000; Punycode cannot make it from text input,
	 * but this is no place to rely on that. */
	for (i = 0; rc == XN_OK && i < count; i++)
	{
		if (cps[i] == 0 || cps[i] > 0x10FFFF ||
			(cps[i] >= 0xD800 && cps[i] <= 0xDFFF))
			rc = XN_E_PUNYCODE_BAD_CODE_POINT;
	}
	if (rc != XN_OK)
	{
		if (try_mode && input_failure(rc))
			PG_RETURN_NULL();
		raise_failure(rc, NULL, in, in_len, "Punycode string", NULL, false);
	}
	initStringInfo(&buf);
	for (i = 0; i < count; i++)
		utf8_append(&buf, cps[i]);
	PG_RETURN_TEXT_P(result_text(buf.data, (size_t) buf.len));
}

PG_FUNCTION_INFO_V1(xn_pg_punycode_encode);
Datum
xn_pg_punycode_encode(PG_FUNCTION_ARGS)
{
	return punycode_encode_function(fcinfo, false);
}

PG_FUNCTION_INFO_V1(xn_pg_try_punycode_encode);
Datum
xn_pg_try_punycode_encode(PG_FUNCTION_ARGS)
{
	return punycode_encode_function(fcinfo, true);
}

PG_FUNCTION_INFO_V1(xn_pg_punycode_decode);
Datum
xn_pg_punycode_decode(PG_FUNCTION_ARGS)
{
	return punycode_decode_function(fcinfo, false);
}

PG_FUNCTION_INFO_V1(xn_pg_try_punycode_decode);
Datum
xn_pg_try_punycode_decode(PG_FUNCTION_ARGS)
{
	return punycode_decode_function(fcinfo, true);
}

/* ---- Versions -------------------------------------------------------- */

/* "xn 1.1.0, Unicode 17.0.0": the library this backend loaded.  An index
 * on idn_key() is only as stable as this; REINDEX after it changes. */
PG_FUNCTION_INFO_V1(xn_pg_library_version);
Datum
xn_pg_library_version(PG_FUNCTION_ARGS)
{
	char		buf[128];

	(void) fcinfo;
	snprintf(buf, sizeof buf, "xn %s, Unicode %s", xn_version(),
			 xn_unicode_version());
	PG_RETURN_TEXT_P(cstring_to_text(buf));
}
