-- The functions on ordinary names, under each profile.
CREATE EXTENSION xn;
SELECT idn_library_version() LIKE 'xn %, Unicode %' AS has_version;

-- The issue's examples.
SELECT idn_to_ascii('bücher.example');
SELECT try_idn_to_ascii('xn--a-.example') IS NULL AS try_is_null;

-- Profiles.
SELECT p, try_idn_to_ascii('Straße.Example', p) AS ascii,
       try_idn_to_unicode('xn--strae-oqa.example', p) AS unicode
FROM unnest(ARRAY['uts46', 'uts46-transitional', 'transitional', 'uts46-dns',
                  'whatwg', 'idna2008', 'idna2008-map', 'idna2003']) AS p;
SELECT idn_to_ascii('straße.example', 'UTS46') AS profile_names_ignore_case;
SELECT idn_to_ascii('_sip._tcp.bücher.example', 'uts46-dns');
SELECT try_idn_to_ascii('_sip._tcp.bücher.example') IS NULL AS strict_refuses_underscore;
SELECT idn_to_ascii('例子.广告'), idn_to_ascii('ＢÜＣＨＥＲ。example');
SELECT idn_to_unicode('xn--fsqu00a.xn--4rr70v'), idn_to_unicode('XN--BCHER-KVA.example');
-- whatwg keeps an all-ASCII name that only fails the strict checks.
SELECT try_idn_to_ascii('xn--a-.example', 'whatwg') AS whatwg_keeps_ascii,
       try_idn_to_unicode('xn--a-.example', 'whatwg') IS NULL AS whatwg_unicode_null,
       idn_errors('', 'whatwg') AS whatwg_empty,
       try_idn_to_ascii('example.com.') IS NULL AS root_dot_refused,
       idn_key('example.com.') AS key_drops_root_dot;
-- idna2008 maps nothing; idna2008-map maps first (RFC 5895).
SELECT try_idn_to_ascii('Bücher.example', 'idna2008') IS NULL AS idna2008_refuses_upper,
       idn_to_ascii('Bücher.example', 'idna2008-map');

-- Display: Unicode where safe, A-labels where not.
SELECT idn_display('xn--bcher-kva.de'), idn_display('bücher.de'),
       idn_display('xn--80ak6aa92e.com') AS cyrillic_apple,
       idn_display('xn--ggle-0nda.com') AS google_lookalike;

-- Mail addresses: the domain converted, the local part kept.
SELECT idn_email_to_ascii('jörg@bücher.example'),
       idn_email_to_ascii('用户@例子.广告'),
       try_idn_email_to_ascii('no-at-sign') IS NULL AS no_at;

-- Punycode, without the xn-- prefix (as ClickHouse's punycodeEncode).
SELECT punycode_encode('bücher'), punycode_decode('bcher-kva'),
       punycode_encode('München-Ost'), punycode_decode('Mnchen-Ost-9db'),
       punycode_encode(''), punycode_decode(''),
       punycode_encode('abc') AS ascii_only, punycode_decode('abc-') AS ascii_back;
SELECT punycode_decode(punycode_encode('他们为什么不说中文')) = '他们为什么不说中文' AS roundtrip;
SELECT try_punycode_decode('bcher-kv!') IS NULL AS bad_digit,
       try_punycode_decode('ü-abc') IS NULL AS non_ascii,
       try_punycode_decode('99999999999') IS NULL AS overflow;

-- Rule codes.
SELECT n, idn_errors(n) AS uts46, idn_errors(n, 'idna2008') AS idna2008
FROM (VALUES ('bücher.example'), ('xn--a-.example'), ('xn--a.example'),
             (U&'\0301a.example'), ('-a.example'), ('a..example'), (''),
             ('a_b.example'), ('Bücher.example')) AS t(n);

-- STRICT: NULL in, NULL out; every function IMMUTABLE and PARALLEL SAFE.
SELECT idn_to_ascii(NULL) IS NULL AS a, idn_to_ascii('x', NULL) IS NULL AS b,
       idn_errors(NULL) IS NULL AS c, punycode_decode(NULL) IS NULL AS d;
SELECT p.proname, p.provolatile, p.proparallel, p.proisstrict
FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'xn'
ORDER BY p.proname;
