-- A database that is not UTF-8: names are converted to UTF-8 for libxn and
-- results back; a result the database encoding cannot hold is an error,
-- never a replacement character.
CREATE DATABASE xn_regress_latin1 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C'
    TEMPLATE template0;
\c xn_regress_latin1
SET client_encoding = 'UTF8';
CREATE EXTENSION xn;
SELECT getdatabaseencoding();
SELECT idn_to_ascii('bücher.example'), idn_to_unicode('xn--bcher-kva.example'),
       idn_key('BÜCHER.example'), punycode_encode('bücher'),
       punycode_decode('bcher-kva'), idn_display('xn--bcher-kva.de'),
       idn_email_to_ascii('jörg@bücher.example');
-- Cyrillic, Chinese: no LATIN1 form.
SELECT idn_to_ascii('xn--80ak6aa92e.com') AS ascii_is_fine;
\set VERBOSITY terse
SELECT idn_to_unicode('xn--80ak6aa92e.com');
SELECT try_idn_to_unicode('xn--fsqu00a.xn--4rr70v');
SELECT punycode_decode('ihqwcrb4cv8a8dqg056pqjye');
\set VERBOSITY default
-- Messages in a LATIN1 database show non-ASCII characters escaped.
SELECT idn_to_ascii('bücher_.example');
\c contrib_regression
DROP DATABASE xn_regress_latin1;
