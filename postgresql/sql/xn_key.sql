-- idn_key(): one key for every spelling of a name, so that a unique index
-- refuses a second spelling.
SELECT idn_key('BÜCHER.example') = idn_key('xn--bcher-kva.example') AS same,
       idn_key('bücher。example.') AS ideographic_dot_and_root,
       idn_key('XN--BCHER-KVA.EXAMPLE') AS upper_a_label,
       idn_key('Example.COM', 'idna2008') AS idna2008_lowered,
       idn_key('straße.de') AS nontransitional,
       idn_key('straße.de', 'transitional') AS transitional;

CREATE TABLE domains (domain text NOT NULL);
CREATE UNIQUE INDEX domains_key ON domains (idn_key(domain));
INSERT INTO domains VALUES ('xn--bcher-kva.example');
INSERT INTO domains VALUES ('BÜCHER.example');
INSERT INTO domains VALUES ('bücher.example.');
INSERT INTO domains VALUES ('bücher.example.org');
INSERT INTO domains VALUES ('xn--a-.example');
SELECT domain, idn_key(domain) FROM domains ORDER BY 1;
-- The index serves lookups by any spelling.
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM domains WHERE idn_key(domain) = idn_key('BÜCHER.EXAMPLE');
SELECT * FROM domains WHERE idn_key(domain) = idn_key('BÜCHER.EXAMPLE');
RESET enable_seqscan;
DROP TABLE domains;

-- A parallel plan: the functions are PARALLEL SAFE.
CREATE TABLE hosts AS
SELECT 'host' || i || '.bücher.example' AS h FROM generate_series(1, 2000) AS i;
ANALYZE hosts;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT count(idn_to_ascii(h)) FROM hosts;
SELECT count(idn_to_ascii(h)), count(DISTINCT idn_key(h)) FROM hosts;
RESET ALL;
DROP TABLE hosts;
