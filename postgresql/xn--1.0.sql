/* xn--1.0.sql: the functions of the extension xn, version 1.0. */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION xn" to load this file. \quit

CREATE FUNCTION idn_to_ascii(name text, profile text DEFAULT 'uts46')
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_to_ascii'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idn_to_ascii(text, text) IS
    'ToASCII of the name under the profile (uts46, uts46-transitional, uts46-dns, whatwg, idna2008, idna2008-map, idna2003); raises 22023 on an invalid name';

CREATE FUNCTION try_idn_to_ascii(name text, profile text DEFAULT 'uts46')
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_try_to_ascii'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION try_idn_to_ascii(text, text) IS
    'as idn_to_ascii, NULL for an invalid name';

CREATE FUNCTION idn_to_unicode(name text, profile text DEFAULT 'uts46')
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_to_unicode'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idn_to_unicode(text, text) IS
    'ToUnicode of the name under the profile; raises 22023 when a rule is broken';

CREATE FUNCTION try_idn_to_unicode(name text, profile text DEFAULT 'uts46')
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_try_to_unicode'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION try_idn_to_unicode(text, text) IS
    'as idn_to_unicode, NULL when a rule is broken';

CREATE FUNCTION idn_key(name text, profile text DEFAULT 'uts46')
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_key'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idn_key(text, text) IS
    'comparison key: the lower-case ASCII form under the profile, without a trailing root dot';

CREATE FUNCTION try_idn_key(name text, profile text DEFAULT 'uts46')
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_try_key'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION try_idn_key(text, text) IS
    'as idn_key, NULL for an invalid name';

CREATE FUNCTION idn_display(name text)
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_display'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idn_display(text) IS
    'the form to show a person: U-labels where safe (UTS #39 checks, built-in popular domains), A-labels elsewhere';

CREATE FUNCTION try_idn_display(name text)
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_try_display'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION try_idn_display(text) IS
    'as idn_display, NULL for an invalid name';

CREATE FUNCTION idn_email_to_ascii(address text)
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_email_to_ascii'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idn_email_to_ascii(text) IS
    'the mail address with its domain in ASCII form, the local part unchanged';

CREATE FUNCTION try_idn_email_to_ascii(address text)
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_try_email_to_ascii'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION try_idn_email_to_ascii(text) IS
    'as idn_email_to_ascii, NULL for an invalid address';

CREATE FUNCTION punycode_encode(str text)
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_punycode_encode'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION punycode_encode(text) IS
    'RFC 3492 Punycode of the string, without xn--';

CREATE FUNCTION try_punycode_encode(str text)
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_try_punycode_encode'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION try_punycode_encode(text) IS
    'as punycode_encode, NULL when it cannot be encoded';

CREATE FUNCTION punycode_decode(str text)
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_punycode_decode'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION punycode_decode(text) IS
    'the string of RFC 3492 Punycode (without xn--)';

CREATE FUNCTION try_punycode_decode(str text)
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_try_punycode_decode'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION try_punycode_decode(text) IS
    'as punycode_decode, NULL for invalid Punycode';

CREATE FUNCTION idn_errors(name text, profile text DEFAULT 'uts46')
RETURNS text[]
AS 'MODULE_PATHNAME', 'xn_pg_errors'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idn_errors(text, text) IS
    'the rule codes (P4, V6, ...) that ToASCII under the profile finds; empty when the name converts';

-- Fixed while a backend runs, but changes when libxn is upgraded: an index
-- on idn_key() needs REINDEX then.
CREATE FUNCTION idn_library_version()
RETURNS text
AS 'MODULE_PATHNAME', 'xn_pg_library_version'
LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION idn_library_version() IS
    'the libxn version and Unicode version this backend uses';
