-- Hostile names through every function: none may crash the backend, leak
-- past its memory context or take long; each either converts or fails
-- with an error (22023 for a bad name), and each try_ variant gives NULL
-- exactly where its plain function raises 22023.
CREATE TEMP TABLE hostile (id int PRIMARY KEY, what text, name text);
INSERT INTO hostile VALUES
 (1, '1 MB ASCII label', repeat('a', 1000000)),
 (2, '500,000 labels', repeat('a.', 500000) || 'example'),
 (3, '1 MB of u-umlaut', repeat('ü', 500000)),
 (4, '1024 non-ASCII code points', repeat('ü', 1024)),
 (5, '1025 non-ASCII code points', repeat('ü', 1025)),
 (6, 'long xn-- label', 'xn--' || repeat('a', 10000)),
 (7, 'xn-- and 8192 digits', 'xn--' || repeat('9', 8192)),
 (8, '100,000 fake A-labels', repeat('xn--a-.', 100000) || 'example'),
 (9, '100,000 combining marks', 'a' || repeat(U&'\0301', 100000)),
 (10, '30 combining marks', 'a' || repeat(U&'\0301', 30) || '.example'),
 (11, 'mapping that expands 18 times', repeat(U&'\FDFA', 10000)),
 (12, 'bidi overrides', repeat(U&'\202E', 1000) || '.example'),
 (13, 'dots only', repeat('.', 100000)),
 (14, 'ideographic full stops', repeat(U&'\3002', 100000)),
 (15, 'many at signs', repeat('a@', 100000)),
 (16, 'noncharacters and tags', U&'\FFFF\+10FFFF\+0E0001.example'),
 (17, 'zero width joiners', repeat(U&'\200D', 1000)),
 (18, 'RTL and LTR mixed', repeat(U&'\05D0a', 10000)),
 (19, '1 MB of emoji', repeat(U&'\+01F600', 250000)),
 (20, 'huge address literal', 'a@[IPv6:' || repeat('1:', 100000) || ']'),
 (21, 'xn-- repeated', repeat('xn--', 250000)),
 (22, 'Punycode digits', repeat('z', 100000)),
 (23, 'hyphens', repeat('-', 100000)),
 (24, 'one character', 'a'),
 (25, 'empty', ''),
 (26, 'C0 controls', U&'a\0001\001F\007F.example'),
 (27, 'surrogate-range escapes as text', '\ud800.example'),
 (28, 'deep xn-- nesting', 'xn--xn--xn--' || repeat('a', 100) || '-.example'),
 (29, 'fake A-label of 63 octets', 'xn--' || repeat('a', 59) || '.example'),
 (30, '253-octet name', repeat('abcdefgh.', 28) || 'a');

CREATE TEMP TABLE calls (n int PRIMARY KEY, plain text, try text);
INSERT INTO calls
SELECT row_number() OVER (), format('%s($1%s)', f, a), format('try_%s($1%s)', f, a)
FROM (VALUES ('idn_to_ascii'), ('idn_to_unicode'), ('idn_key')) AS fs(f)
CROSS JOIN (VALUES (''), (', ''uts46-transitional'''), (', ''uts46-dns'''),
                   (', ''whatwg'''), (', ''idna2008'''), (', ''idna2008-map'''),
                   (', ''idna2003''')) AS ps(a);
INSERT INTO calls VALUES
 (100, 'idn_display($1)', 'try_idn_display($1)'),
 (101, 'idn_email_to_ascii($1)', 'try_idn_email_to_ascii($1)'),
 (102, 'idn_email_to_ascii(''user@'' || $1)', 'try_idn_email_to_ascii(''user@'' || $1)'),
 (103, 'punycode_encode($1)', 'try_punycode_encode($1)'),
 (104, 'punycode_decode($1)', 'try_punycode_decode($1)'),
 (105, 'idn_errors($1)::text', NULL),
 (106, 'idn_errors($1, ''whatwg'')::text', NULL),
 (107, 'idn_errors($1, ''idna2008'')::text', NULL),
 (108, 'idn_errors($1, ''idna2003'')::text', NULL);

-- 'ok' with the result's length, or the SQLSTATE of the error.
CREATE FUNCTION pg_temp.outcome(expr text, name text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
    EXECUTE 'SELECT (' || expr || ')::text' USING name INTO r;
    RETURN CASE WHEN r IS NULL THEN 'null' ELSE 'ok' END;
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END $$;

CREATE TEMP TABLE results AS
SELECT h.id, c.n, pg_temp.outcome(c.plain, h.name) AS plain,
       CASE WHEN c.try IS NOT NULL THEN pg_temp.outcome(c.try, h.name) END AS try
FROM hostile h CROSS JOIN calls c;

-- Per name: how many calls converted, how many raised 22023, and any
-- other outcome (none expected).
SELECT h.id, h.what,
       count(*) FILTER (WHERE r.plain = 'ok') AS ok,
       count(*) FILTER (WHERE r.plain = '22023') AS "22023",
       coalesce(string_agg(DISTINCT r.plain, ',')
                FILTER (WHERE r.plain NOT IN ('ok', '22023')), '') AS other
FROM hostile h JOIN results r USING (id)
GROUP BY h.id, h.what ORDER BY h.id;

-- try_ gives NULL exactly where the plain function raises 22023 (no rows).
SELECT id, n, plain, try FROM results
WHERE try IS NOT NULL
  AND (plain = '22023') <> (try = 'null')
ORDER BY id, n;

-- idn_errors() is empty exactly where idn_to_ascii() converts (no rows).
SELECT h.id FROM hostile h
WHERE (try_idn_to_ascii(h.name) IS NOT NULL) <> (idn_errors(h.name) = '{}')
ORDER BY 1;

-- Some results by value.
SELECT length(idn_to_ascii(name, 'whatwg')) AS whatwg_keeps_1mb FROM hostile WHERE id = 1;
SELECT idn_errors(name) FROM hostile WHERE id IN (1, 2, 3, 5, 9, 29, 30) ORDER BY id;
SELECT length(punycode_encode(name)) AS max_label FROM hostile WHERE id = 4;
SELECT 'still alive' AS backend;
