-- What an error says: SQLSTATE, message, DETAIL, HINT.
CREATE FUNCTION pg_temp.err(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    st text; msg text; det text; hnt text;
BEGIN
    EXECUTE q;
    RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT,
        det = PG_EXCEPTION_DETAIL, hnt = PG_EXCEPTION_HINT;
    RETURN st || E'\n  ' || msg || E'\n  DETAIL: ' || coalesce(det, '') ||
           E'\n  HINT: ' || coalesce(hnt, '');
END $$;

SELECT pg_temp.err($$SELECT idn_to_ascii('xn--a-.example')$$);
SELECT pg_temp.err($$SELECT idn_to_ascii('xn--a.example')$$);
SELECT pg_temp.err($$SELECT idn_to_ascii('bücher.' || repeat('a', 64) || '.example')$$);
SELECT pg_temp.err($$SELECT idn_to_ascii(repeat('abcdefgh.', 40) || 'example')$$);
SELECT pg_temp.err($$SELECT idn_to_ascii('jörg@bücher.example')$$);
SELECT pg_temp.err($$SELECT idn_to_ascii('a_b.example')$$);
SELECT pg_temp.err($$SELECT idn_to_ascii('example.com.')$$);
SELECT pg_temp.err($$SELECT idn_to_unicode('xn--a-.example')$$);
SELECT pg_temp.err($$SELECT idn_to_ascii('x', 'no-such-profile')$$);
SELECT pg_temp.err($$SELECT try_idn_to_ascii('x', 'no-such-profile')$$);
SELECT pg_temp.err($$SELECT idn_email_to_ascii('jörg.example')$$);
SELECT pg_temp.err($$SELECT idn_email_to_ascii('a@-b.example')$$);
SELECT pg_temp.err($$SELECT punycode_decode('bcher-kv!')$$);
SELECT pg_temp.err($$SELECT punycode_encode(repeat('ü', 1025))$$);
SELECT pg_temp.err($$SELECT idn_display('a..b')$$);
SELECT pg_temp.err($$SELECT idn_key('xn--a-.example')$$);
-- Controls, bidi controls and invisible characters are never shown raw.
SELECT pg_temp.err($$SELECT idn_to_ascii(U&'evil\202Emoc.example')$$);
SELECT pg_temp.err($$SELECT idn_to_ascii(U&'a\0007b\200Dc\FEFF"\\.example')$$);
SELECT pg_temp.err($$SELECT idn_to_ascii(U&'\+0E0001tag.example')$$);
-- Long names are cut in the message.
SELECT pg_temp.err($$SELECT idn_to_ascii(repeat('ü', 100) || '_')$$);
-- 30 combining marks in a row at most.
SELECT pg_temp.err($$SELECT idn_to_ascii('a' || repeat(U&'\0301', 31) || '.example')$$);
SELECT pg_temp.err($$SELECT idn_errors('a' || repeat(U&'\0301', 31) || '.example')$$);
